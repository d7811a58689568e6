import type { AppRouter } from '@server/routers/_app';
import { type DehydratedState, dehydrate, QueryClient } from '@tanstack/react-query';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { type ClientLoaderFunctionArgs, data, type LoaderFunctionArgs } from 'react-router';
import { loadNamespaces } from '../i18n';
import { pageContext } from '../page-context';
import { queryClient, trpc } from './data';
import { failureCode, type PageData, type PageFoundArgs, type PageNotFound } from './page-data';

/** What a route module says about its page: its texts and its first view's data (lib/page-data.ts). */
export interface PageRoute {
  /** The page's text namespaces (i18n/locales/<language>/<namespace>.json), loaded with its code. */
  texts: readonly string[];
  pageData?: PageData;
  notFound?: PageNotFound;
}

/** What a page's loader answers: its first view's queries for the browser's cache, and whether it exists. */
export interface PageAnswer {
  notFound: boolean;
  /** TanStack Query's dehydrated cache (root.tsx hydrates it); null after a navigation in the browser. */
  dehydrated: DehydratedState | null;
}

/**
 * The page's loader on the server: its texts in the request's language and its first view's queries, run in
 * process with an anonymous context (never one reader's data). The answers travel in the page (React Router's
 * hydration data), so the browser hydrates without asking for them again. A page whose `notFound` says its
 * address names nothing answers 404, with its own not-found view.
 */
export function serverPageLoader(page: PageRoute) {
  return async ({ params, request, context }: LoaderFunctionArgs) => {
    const { trpcFor, i18n } = context.get(pageContext);
    // A failed query is the browser's to ask again and show: the server never waits on retries.
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    const args = {
      params,
      searchParams: new URL(request.url).searchParams,
      trpc: trpcFor(client) as TRPCOptionsProxy<AppRouter>,
    };
    // prefetchQuery never throws: a failed query is the page's to show (and the browser asks again).
    await Promise.all([
      i18n.loadNamespaces([...page.texts]),
      ...(page.pageData?.(args) ?? []).map((query) => client.prefetchQuery(query)),
    ]);
    const answer: PageFoundArgs['answer'] = (query) => {
      const state = client.getQueryState(query.queryKey);
      return { data: state?.data as never, failedWith: failureCode(state?.error) };
    };
    const result: PageAnswer = { notFound: false, dehydrated: dehydrate(client) };
    if (page.notFound?.({ ...args, answer })) return data({ ...result, notFound: true }, { status: 404 });
    return result;
  };
}

/**
 * The page's loader in the browser, after a link: its texts, awaited, so the page renders in the reader's
 * language; its first view's queries started on the visit's cache, not awaited: the page shows its own loading
 * state until they answer.
 */
export function browserPageLoader(page: PageRoute) {
  return async ({ params, request }: ClientLoaderFunctionArgs): Promise<PageAnswer> => {
    const args = { params, searchParams: new URL(request.url).searchParams, trpc };
    for (const query of page.pageData?.(args) ?? []) void queryClient.prefetchQuery(query);
    await loadNamespaces(...page.texts);
    return { notFound: false, dehydrated: null };
  };
}
