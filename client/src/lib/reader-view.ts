import { useAuth } from './auth';

/** What useQuery tells about the page's own query. */
interface PageQueryState {
  isFetching: boolean;
  isFetchedAfterMount: boolean;
}

/**
 * Who reads this page, as far as the page's data knows. A server-rendered page's data is a visitor's
 * (entry.server.tsx); once the session check finds a signed-in reader, lib/data.tsx asks again with their
 * session. Until that answer arrives the reader counts as still loading, so the page keeps its visitor view
 * rather than showing them a ballot they already used, "you did not vote", or a sign-in prompt.
 */
export function useReaderOf(query: PageQueryState) {
  const auth = useAuth();
  const visitorAnswer = auth.user !== null && query.isFetching && !query.isFetchedAfterMount;
  // Shown as the server rendered it: a visitor's page, the session still being checked.
  if (visitorAnswer) return { ...auth, loading: true, user: null, isAdmin: false };
  return auth;
}
