import type { AppRouter } from '@server/routers/_app';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { withFollowUps } from '../../lib/follow-up';
import { pollQuery } from '../polls/poll-queries';

/**
 * The election pages' queries, built once for their first view (pageData, read by the server's render) and
 * for their components, so both use the same keys and the browser does not ask again for what the HTML carried.
 */
type Trpc = TRPCOptionsProxy<AppRouter>;

export const electionQuery = (trpc: Trpc, id: string) => trpc.elections.byId.queryOptions({ id });

export const electionResultsQuery = (trpc: Trpc, id: string) => trpc.elections.results.queryOptions({ id });

/**
 * /results/{id} names an election or a poll: what it is first (a poll id never costs a failed election
 * request), then that one's results (a poll's, with the poll, when they are public).
 */
export const ballotKindQuery = (trpc: Trpc, id: string) =>
  withFollowUps(trpc.elections.kindOf.queryOptions({ id }, { retry: false }), ({ kind }) => {
    if (kind === 'election') return [electionResultsQuery(trpc, id)];
    return kind === 'poll' ? [pollQuery(trpc, id)] : [];
  });

export const verifiedResultsQuery = (trpc: Trpc) => trpc.elections.verified.queryOptions();
