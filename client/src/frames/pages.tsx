import { Outlet } from 'react-router';
import { ErrorPage } from '../pages/error.page';

/** The site's pages, inside its frame: a page that fails shows the site's error page there, with a link home. */
export default function Pages() {
  return <Outlet />;
}

export { ErrorPage as ErrorBoundary };
