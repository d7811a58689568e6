import type { AppRouter } from '@server/routers/_app';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { withFollowUps } from '../../lib/follow-up';

/**
 * The poll pages' queries, built once for their first view (pageData, read by the server's render) and for
 * their components, so both use the same keys and the browser does not ask again for what the HTML carried.
 */
type Trpc = TRPCOptionsProxy<AppRouter>;

export const pollResultsQuery = (trpc: Trpc, pollId: string) => trpc.polls.results.queryOptions({ pollId });

/** The presidential poll running now (results hidden from visitors until it closes: a voter's come after). */
export const currentPollQuery = (trpc: Trpc) =>
  withFollowUps(trpc.polls.current.queryOptions(), (view) =>
    view?.resultsVisible ? [pollResultsQuery(trpc, view.poll.id)] : [],
  );

/** One poll and, when this reader may see them (for a visitor: once it has closed), its results. */
export const pollQuery = (trpc: Trpc, id: string) =>
  withFollowUps(trpc.polls.byId.queryOptions({ id }), (view) =>
    view.resultsVisible ? [pollResultsQuery(trpc, id)] : [],
  );

export const pollListQuery = (trpc: Trpc) => trpc.polls.list.queryOptions();

export const closedPollsQuery = (trpc: Trpc) => trpc.polls.history.queryOptions();
