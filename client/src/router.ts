import { createBrowserRouter } from 'react-router';
import { loadPageRoutes } from './page-routes-loader';
import { SITE_PAGES_ROUTE_ID, siteRoutes } from './site-routes';

// A visit that starts on another page needs the table at once (page-routes-loader.ts).
if (window.location.pathname !== '/') void loadPageRoutes();

let discovered = false;

/** The browser's router: created on import, so only the browser entry (App.tsx) imports this module. */
export const router = createBrowserRouter(siteRoutes([], []), {
  // Called for a path the known routes do not match (or match only with the not-found page's splat).
  async patchRoutesOnNavigation({ patch, signal }) {
    const { adminRoute, pageRoutes } = await loadPageRoutes();
    // An interrupted navigation's patch is ignored: the next one adds the routes.
    if (discovered || signal.aborted) return;
    discovered = true;
    patch(SITE_PAGES_ROUTE_ID, pageRoutes);
    patch(null, [adminRoute]);
  },
});
