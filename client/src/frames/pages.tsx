import { Outlet } from 'react-router';
import { routeComponent } from '../lib/route-component';
import { ErrorPage } from '../pages/error.page';

/** The site's pages, inside its frame: a page that fails shows the site's error page there, with a link home. */
function Pages() {
  return <Outlet />;
}

export { ErrorPage as ErrorBoundary };

export default routeComponent(Pages);
