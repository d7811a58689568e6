import type { RouteObject } from 'react-router';
import { SiteLayout } from './components/layout/SiteLayout';
import { PageLoader } from './components/PageLoader';
import { ErrorPage } from './pages/error.page';
import { HomePage } from './pages/home/home.page';

/** The route the public pages are children of (router.ts adds them there when it discovers them). */
export const SITE_PAGES_ROUTE_ID = 'site-pages';

/**
 * The site's frame around the landing page and the given pages, and the given top-level routes (the admin
 * console) beside it.
 */
export function siteRoutes(pages: RouteObject[], others: RouteObject[]): RouteObject[] {
  return [
    {
      element: <SiteLayout />,
      errorElement: <ErrorPage />,
      hydrateFallbackElement: <PageLoader />,
      children: [
        {
          id: SITE_PAGES_ROUTE_ID,
          errorElement: <ErrorPage />,
          // While the first page's code downloads, the header and footer already show, with the loader
          // between them: the reader sees the site at once instead of a lone spinner.
          hydrateFallbackElement: <PageLoader />,
          children: [{ index: true, element: <HomePage /> }, ...pages],
        },
      ],
    },
    ...others,
  ];
}
