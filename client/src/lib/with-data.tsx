import type { ComponentType } from 'react';
import { loadDataLayer } from './auth';

/**
 * A lazily loaded component, inside the data layer's providers: the data layer arrives with it (in parallel),
 * so it never waits on the first render's code. Wrapping each lazy page (not the router) leaves the page tree
 * mounted when the data layer arrives.
 */
export function withDataLayer<P extends object>(
  component: Promise<ComponentType<P>>,
): Promise<ComponentType<P>> {
  return Promise.all([component, loadDataLayer()]).then(([Component, { DataProviders }]) => {
    function WithDataLayer(props: P) {
      return (
        <DataProviders>
          <Component {...props} />
        </DataProviders>
      );
    }
    WithDataLayer.displayName = `WithDataLayer(${Component.displayName ?? Component.name})`;
    return WithDataLayer;
  });
}
