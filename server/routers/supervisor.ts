import {
  pendingInput,
  reinstateInput,
  rejectInput,
  resolveFlagInput,
  searchVoterInput,
  suspendInput,
  voterEntryInput,
} from '@shared/schemas/voter-roll';
import { openFlags, resolveFlag } from '../services/voter-roll/flags';
import { approveEntry, reinstateVoter, rejectEntry, suspendVoter } from '../services/voter-roll/review';
import { entryByCard, pendingEntries } from '../services/voter-roll/roll-views';
import { rollStats } from '../services/voter-roll/stats';
import { router, supervisorProcedure } from '../trpc/init';

/** Reads that show names and card numbers need step-up too (a stolen cookie reads nothing of the roll). */
const withNames = supervisorProcedure.meta({ stepUp: true });

/**
 * The Enrollment Supervisor's console (issue 17): review of pending entries under four eyes, suspensions,
 * flags, and counts per center and registrar. Every decision is a conditional update: of two supervisors
 * deciding one entry at once, exactly one wins.
 */
export const supervisorRouter = router({
  /** `{ entries, nextAfter }`: pending entries, oldest first, 100 a page. */
  pending: withNames.input(pendingInput).query(({ ctx, input }) => pendingEntries(ctx.db, input.after)),
  approve: withNames
    .input(voterEntryInput)
    .mutation(({ ctx, input }) => approveEntry(ctx.db, ctx.user, input.id)),
  reject: withNames
    .input(rejectInput)
    .mutation(({ ctx, input }) => rejectEntry(ctx.db, ctx.user, input.id, input.reason)),
  suspend: withNames
    .input(suspendInput)
    .mutation(({ ctx, input }) => suspendVoter(ctx.db, ctx.user, input.voterId, input.reason)),
  reinstate: withNames
    .input(reinstateInput)
    .mutation(({ ctx, input }) => reinstateVoter(ctx.db, ctx.user, input.voterId)),
  /** The entry with this card number, or null. */
  search: withNames
    .input(searchVoterInput)
    .query(({ ctx, input }) => entryByCard(ctx.db, input.voterCardNumber)),
  /** Counts by status, per center and per registrar (no voter's name). */
  stats: supervisorProcedure.query(({ ctx }) => rollStats(ctx.db)),
  /** Open flags: claims of a card another account holds. */
  flags: withNames.query(({ ctx }) => openFlags(ctx.db)),
  resolveFlag: withNames
    .input(resolveFlagInput)
    .mutation(({ ctx, input }) => resolveFlag(ctx.db, ctx.user, input.id, input.note)),
});
