/**
 * The contract between the server and the build of the client that renders pages on the server
 * (client/src/entry-server.tsx, built to dist/ssr/entry-server.cjs; server/http/ssr.ts calls it). Only plain data
 * crosses it, so neither side imports the other's code.
 */

/** The id of the `<script type="application/json">` data block that carries a page's first view to the browser. */
export const PAGE_STATE_ID = 'codka-state';

/**
 * The id of the `<template>` in a page's head that lists its code (modulepreload links, server/http/page-assets.ts):
 * inert until the browser has painted the page, then put to work by client/src/entry-client.tsx.
 */
export const PAGE_CODE_ID = 'codka-code';

/**
 * The id of the `<template>` in a page's head that lists the code it may ask for later (the lazy parts the server
 * rendered, the map, a section below the fold): never downloaded by the page from it, only read by
 * client/src/lib/service-worker.ts, so the offline worker stores it even when the reader left before it came.
 */
export const PAGE_LATER_CODE_ID = 'codka-later-code';

export type PageLanguage = 'so' | 'en';

/** What travels in the data block: the router's loader answers and the queries' answers, as superjson. */
export interface PageState {
  /** The path and query the server rendered: the browser hydrates only if it is still on it. */
  url: string;
  language: PageLanguage;
  /** superjson of react-router's hydration data and TanStack Query's dehydrated state. */
  router: unknown;
  queries: unknown;
  /**
   * Procedures whose answer is the same for every reader but a System Admin (publicCache without cacheByVote):
   * after the session check, a signed-in citizen's browser keeps the server's answers to these instead of asking
   * again (lib/data.tsx). From the procedures' own policy, never a hand-kept list.
   */
  sameForEveryCitizen: string[];
}

/** What the page's head carries for search engines and link previews (WhatsApp, Facebook, X). */
export interface PageHead {
  title: string;
  description: string;
}

export interface RenderRequest {
  /** Path and query of the page, as the reader asked for it. */
  url: string;
  language: PageLanguage;
  /**
   * The server's tRPC options proxy for this request (createTRPCOptionsProxy with the router and an anonymous
   * context) over the given QueryClient: pages' first-view queries run in process, never over HTTP.
   */
  trpcFor(queryClient: unknown): unknown;
  /** See PageState.sameForEveryCitizen. */
  sameForEveryCitizen: string[];
}

export type RenderResult =
  /** Not a page the server renders (the admin console, the account...): the browser renders it. */
  | { kind: 'browser' }
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** The markup inside #root. */
      html: string;
      head: PageHead;
      /** The data block's JSON, already safe inside a script element. */
      state: string;
      /**
       * The page modules rendered (under client/src/pages, without .tsx): their code and styles are linked; and
       * the style sheets they load besides (under client/src, ending in .css), linked too.
       */
      files: string[];
    };

export type RenderPage = (request: RenderRequest) => Promise<RenderResult>;
