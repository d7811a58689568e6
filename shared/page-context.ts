/**
 * The contract between the server and the site's build (client/src/page-handler.ts, built into
 * dist/site/server/index.cjs; server/http/ssr.ts calls it): a Web Request and this plain data in, a Response out.
 * Neither side imports the other's code.
 */

export type PageLanguage = 'so' | 'en';

export type DefaultTheme = 'light' | 'dark' | 'system';

export interface PageContext {
  /** The reader's language (their `lang` cookie, else their browser's), the one the page renders in. */
  language: PageLanguage;
  /** The admin's default colour scheme for readers who chose none: in the page, so the first paint uses it. */
  defaultTheme: DefaultTheme;
  /** The site's public origin, for the link-preview tags' absolute addresses. */
  origin: string;
  /**
   * Procedures whose answer is the same for every reader but a System Admin (publicCache without cacheByVote):
   * after the session check, a signed-in citizen's browser keeps the server's answers to these instead of asking
   * again (client/src/lib/data.tsx). From the procedures' own policy, never a hand-kept list.
   */
  sameForEveryCitizen: string[];
  /**
   * The server's tRPC options proxy over the given QueryClient (createTRPCOptionsProxy with the router and an
   * anonymous context): pages' first-view queries run in process, never over HTTP.
   */
  trpcFor(queryClient: unknown): unknown;
}

/** What the site's server build exports. */
export type HandlePage = (request: Request, context: PageContext) => Promise<Response>;
