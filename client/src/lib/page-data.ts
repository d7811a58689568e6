import type { AppRouter } from '@server/routers/_app';
import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { Params } from 'react-router';

/**
 * How a page gets its data, in one place.
 *
 * A page module may export `pageData`: the queries of its first view, as `trpc.<procedure>.queryOptions(...)`,
 * computed from the URL alone. The page's route loader (lib/route.ts) starts them together with the page's code:
 * - on the server, the render waits for them, and their answers travel in the HTML (entry-server.tsx), so the
 *   browser hydrates the page without asking for them again;
 * - in the browser, following a link starts them while the page's code downloads, and the page shows its own
 *   loading state until they answer.
 * The component reads the same queries with `useQuery(trpc.<procedure>.queryOptions(...))`, built with the same
 * helper, so both sides agree on the query keys.
 */
export interface PageDataArgs {
  params: Params;
  searchParams: URLSearchParams;
  trpc: TRPCOptionsProxy<AppRouter>;
}

// biome-ignore lint/suspicious/noExplicitAny: the queries of one page return different types.
export type PageQuery = FetchQueryOptions<any, any, any, any>;

export type PageData = (args: PageDataArgs) => readonly PageQuery[];

/** The data clients the routes' loaders use: the browser's for the visit, or one request's on the server. */
export interface DataAccess {
  trpc: TRPCOptionsProxy<AppRouter>;
  queryClient: QueryClient;
  /** On the server a page's HTML waits for its first view; the browser only starts the queries. */
  waitForData: boolean;
}
