/**
 * The route table of the other pages (page-routes.tsx) is a chunk of its own: the landing page's first render
 * does not download it (F1). The browser's router discovers it (router.ts); App.tsx requests it right after
 * the first render, before the reader follows a link. One request however many ask.
 */
let pageRoutes: ReturnType<typeof importPageRoutes> | undefined;
const importPageRoutes = () => import('./page-routes');

export function loadPageRoutes() {
  pageRoutes ??= importPageRoutes();
  return pageRoutes;
}
