import type { AppRouter } from '@server/routers/_app';
import type { FetchQueryOptions } from '@tanstack/react-query';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { type Params, useLoaderData } from 'react-router';

/**
 * How a page gets its data, in one place.
 *
 * A page module may export `pageData`: the queries of its first view, as `trpc.<procedure>.queryOptions(...)`,
 * computed from the URL alone. The page's route loaders (lib/page-route.ts) start them together with the page's code:
 * - on the server, the render waits for them, and their answers travel in the HTML (React Router's hydration data), so the
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

/** A first-view query's answer as the page's `notFound` reads it (lib/page-route.ts). */
export interface PageAnswer<T> {
  data: T | undefined;
  /** The tRPC code the query failed with ('NOT_FOUND', 'BAD_REQUEST'...), null when it did not fail. */
  failedWith: string | null;
}

export interface PageFoundArgs extends PageDataArgs {
  /** The answer to one of the page's first-view queries (or their follow-ups), once they have all answered. */
  // biome-ignore lint/suspicious/noExplicitAny: any query of the page.
  answer<T>(query: FetchQueryOptions<T, any, any, any>): PageAnswer<T>;
}

/**
 * A page module may export `notFound`: whether its address names nothing (an unknown id, a draft), judged from
 * the URL and its first view's answers. The server then answers 404 with the page as it renders (its own "not
 * found" sentence): search engines and link checkers see a missing page as missing. Read on the server only,
 * where the render waits for the data; the browser's navigation shows the page's not-found view as before.
 */
export type PageNotFound = (args: PageFoundArgs) => boolean;

/**
 * True when the server found this page's address names nothing: the page shows its not-found view from the
 * first render, so the browser's hydration matches the server's HTML (the query's failure is not in the HTML's
 * data: the browser would otherwise render it as loading). False in the browser's own navigations.
 */
export function usePageNotFound(): boolean {
  const answer = useLoaderData() as { notFound?: unknown } | null | undefined;
  return answer?.notFound === true;
}

/**
 * The tRPC code of a failed query: on the server the procedure's own TRPCError (`code`), in the browser the
 * client's TRPCClientError (`data.code`).
 */
export function failureCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, data } = error as { code?: unknown; data?: { code?: unknown } | null };
  if (typeof data?.code === 'string') return data.code;
  return typeof code === 'string' ? code : null;
}
