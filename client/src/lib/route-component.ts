import { type ComponentType, memo, type NamedExoticComponent } from 'react';

/** What React Router's framework mode gives a route module's component: the route's params, data and matches. */
interface RouteProps {
  params?: Readonly<Record<string, string | undefined>>;
  loaderData?: unknown;
  actionData?: unknown;
  matches?: unknown;
}

const sameParams = (a: RouteProps['params'] = {}, b: RouteProps['params'] = {}) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
};

/**
 * The same route props: React Router hands every route component a new `params` object each time its state
 * changes, also when nothing the page shows did (a link's route discovered after the page loads: lazy route
 * discovery patches the route table and renders the whole tree again). Data and matches keep their identity.
 */
function sameRouteProps(before: RouteProps, after: RouteProps): boolean {
  return (
    before.loaderData === after.loaderData &&
    before.actionData === after.actionData &&
    before.matches === after.matches &&
    sameParams(before.params, after.params)
  );
}

/**
 * A route module's component, rendered again only when its route's params or data change (or its own state and the
 * contexts it reads). Without it, each time React Router adds the routes of the links a page shows, the whole page
 * renders again: twice on the landing page (docs/architecture.md, "How a page travels").
 */
export function routeComponent<Props extends object>(
  component: ComponentType<Props>,
): NamedExoticComponent<Props> {
  return memo(component, sameRouteProps as (before: Props, after: Props) => boolean);
}
