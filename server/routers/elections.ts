import { byIdInput } from '@shared/schemas/common';
import {
  ballotKind,
  electionDetails,
  electionResults,
  electionsHub,
  verifiedResults,
} from '../services/election-views';
import { activeElections } from '../services/elections';
import { publishedElection } from '../services/verifiable/election';
import { protectedProcedure, publicProcedure, router } from '../trpc/init';
import { viewerOf } from './viewer';

export const electionsRouter = router({
  /** Elections open for voting now (the landing page shows them to signed-in citizens). */
  active: publicProcedure
    .meta({ publicCache: true, offline: true })
    .query(({ ctx }) => activeElections(ctx.db)),
  /**
   * The /elections hub: signed-in citizens only (docs/product.md#elections-hub), with each election's actions and the
   * polls.
   */
  hub: protectedProcedure.query(({ ctx }) => electionsHub(ctx.db, viewerOf(ctx))),
  /** One published election with its candidates and, for a signed-in citizen, their own vote and receipt. */
  byId: publicProcedure
    .input(byIdInput)
    .query(({ ctx, input }) => electionDetails(ctx.db, input.id, viewerOf(ctx))),
  /** Results when the visibility rule allows; admins always, flagged when voters cannot see them yet. */
  results: publicProcedure
    .meta({ publicCache: true, offline: true })
    .input(byIdInput)
    .query(({ ctx, input }) => electionResults(ctx.db, input.id, viewerOf(ctx))),
  /** Whether an id in /vote/{id} or /results/{id} is an election or a poll (or neither, for this viewer). */
  kindOf: publicProcedure
    .meta({ offline: true })
    .input(byIdInput)
    .query(({ ctx, input }) => ballotKind(ctx.db, input.id, viewerOf(ctx))),
  /**
   * A verifiable election's Belenios election text (its key and question): what a voter's browser encrypts a
   * ballot with. The same for every reader, and fixed once the election opens.
   */
  beleniosElection: publicProcedure
    .meta({ publicCache: true })
    .input(byIdInput)
    .query(({ ctx, input }) => publishedElection(ctx.db, input.id)),
  /** /verified-results: Closed elections verified, Active ones pending. */
  verified: publicProcedure
    .meta({ publicCache: true, offline: true })
    .query(({ ctx }) => verifiedResults(ctx.db)),
});
