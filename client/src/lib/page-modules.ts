import type { PageModule } from './route';

/**
 * Every page module, each in a chunk of its own, keyed by its path: one table names a page by its file once. With
 * each page's list of imports to fetch alongside it (Vite's), it is about 4 KB gzip: a module of its own, which
 * the browser fetches when the reader first goes to another page, or reaches for the page to do so (lib/route.ts),
 * not with every first visit (F1).
 */
export const pageModules = import.meta.glob<PageModule>('../pages/**/*.page.tsx');
