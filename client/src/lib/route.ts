import type { ComponentType } from 'react';
import { type LoaderFunctionArgs, type RouteObject, data as withStatus } from 'react-router';
import { withTexts } from '../i18n';
import { allStyles, OTHER_STYLES, PUBLIC_STYLES, publicStyles } from '../styles/mantine-styles';
import {
  type DataAccess,
  failureCode,
  NOT_FOUND_ANSWER,
  type PageData,
  type PageFoundArgs,
  type PageNotFound,
} from './page-data';

/** What a page module exports: its component (react-router's lazy-route convention) and its first view's data. */
export interface PageModule {
  Component: ComponentType;
  pageData?: PageData;
  notFound?: PageNotFound;
}

/** What a route tells the server about itself (entry-server.tsx reads it from the matched routes). */
export interface PageHandle {
  /** The page module's source, relative to client/src/pages: the server links its code and styles. */
  file: string;
  /** Rendered on the server (public pages), or only in the browser (pages about the signed-in reader). */
  serverRendered: boolean;
  /** Style sheets the page loads besides its module's (under client/src): the server links them too. */
  styles?: string[];
}

const pageTable = () => import('./page-modules').then((table) => table.pageModules);

/**
 * The page's module: the one the server's HTML preloads for it (server/http/page-assets.ts names its link), so a
 * first visit needs no page table; any other through the table (lib/page-modules.ts).
 */
async function loadPage(file: string): Promise<PageModule> {
  const preloaded =
    typeof document === 'undefined'
      ? undefined
      : document.querySelector<HTMLLinkElement>(`link[rel="modulepreload"][data-page="${file}"]`)?.href;
  if (preloaded) return import(/* @vite-ignore */ preloaded);
  const load = (await pageTable())[`../pages/${file}.tsx`];
  if (!load) throw new Error(`No page module at client/src/pages/${file}.tsx`);
  return load();
}

const INTENT = ['pointerdown', 'keydown'] as const;

/**
 * Once the reader reaches for something (a tap, a click, a key), the page table comes, so the page a link opens
 * does not wait for it. A first visit that only reads downloads none of it.
 */
export function fetchPageTableOnIntent(): void {
  const fetchTable = () => {
    for (const type of INTENT) window.removeEventListener(type, fetchTable, true);
    void pageTable();
  };
  for (const type of INTENT) window.addEventListener(type, fetchTable, { capture: true, passive: true });
}

export interface PageOptions {
  /** The page's text namespaces (i18n/locales/<language>/<namespace>.json), loaded with its code. */
  texts?: string[];
  /** False for pages about the signed-in reader (account, voting): their HTML is the shell. */
  serverRendered?: boolean;
  /**
   * False for the landing page: its styles are the entry's. Other pages get Mantine's styles for what the landing
   * page does not show (styles/mantine-styles.ts): public pages the public ones, linked in their HTML (without them
   * a page's inputs paint unstyled and its content jumps when they arrive: F2's layout shift on /senators); pages
   * rendered in the browser (forms) all of them. Vite's manifest lists no CSS-only import among a module's
   * imports, so the handle names the sheets for the server.
   */
  withOtherStyles?: boolean;
  /**
   * Whether the error texts (the errors namespace: a form's messages, a server's refusals) load with the page;
   * false for the landing page, whose first view shows none (i18n/index.ts).
   */
  errorTexts?: boolean;
}

/**
 * One page of the route table (routes.tsx): `file` is the module under client/src/pages without `.tsx`. Its code,
 * texts and styles load together; its loader starts its first view's data (lib/page-data.ts).
 */
export function page(data: DataAccess, path: string | undefined, file: string, options: PageOptions = {}) {
  const load = () => loadPage(file);
  const texts = [...(options.texts ?? []), ...(options.errorTexts === false ? [] : ['errors'])];
  const serverRendered = options.serverRendered ?? true;
  const mantine =
    options.withOtherStyles === false
      ? { load: () => Promise.resolve(), sheets: [] }
      : serverRendered
        ? { load: publicStyles, sheets: [PUBLIC_STYLES] }
        : { load: allStyles, sheets: [PUBLIC_STYLES, OTHER_STYLES] };
  const handle: PageHandle = { file, serverRendered, styles: mantine.sheets };
  const route: RouteObject = {
    ...(path === undefined ? { index: true } : { path }),
    handle,
    lazy: async () => {
      const [module] = await withTexts(Promise.all([load(), mantine.load()]), ...texts);
      return { Component: module.Component };
    },
    loader: async ({ params, request }: LoaderFunctionArgs) => {
      const module = await load();
      const args = { params, searchParams: new URL(request.url).searchParams, trpc: data.trpc };
      const queries = module.pageData?.(args);
      // prefetchQuery never throws: a failed query is the page's to show (and the browser asks again).
      const loading = Promise.all((queries ?? []).map((query) => data.queryClient.prefetchQuery(query)));
      if (!data.waitForData) return null;
      await loading;
      const answer: PageFoundArgs['answer'] = (query) => {
        const state = data.queryClient.getQueryState(query.queryKey);
        return { data: state?.data as never, failedWith: failureCode(state?.error) };
      };
      // The page's status (entry-server.tsx reads the static handler's statusCode); the answer itself travels
      // to the browser, whose hydration then shows the not-found view the HTML holds (usePageNotFound).
      if (module.notFound?.({ ...args, answer })) return withStatus(NOT_FOUND_ANSWER, { status: 404 });
      // null, not undefined: the server's answer for this loader travels to the browser, which then skips it.
      return null;
    },
  };
  return route;
}
