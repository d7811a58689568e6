import {
  approveInput,
  flagsInput,
  pendingInput,
  reinstateInput,
  rejectInput,
  resolveFlagInput,
  searchByNameInput,
  searchVoterInput,
  suspendInput,
} from '@shared/schemas/voter-roll';
import { noticeEnrollmentDecision } from '../services/voter-roll/decision-notice';
import { openFlags, resolveFlag } from '../services/voter-roll/flags';
import { approveEntry, reinstateVoter, rejectEntry, suspendVoter } from '../services/voter-roll/review';
import { entriesByName, entryByCard, pendingEntries, rollDistricts } from '../services/voter-roll/roll-views';
import { rollStats } from '../services/voter-roll/stats';
import { router, supervisorProcedure } from '../trpc/init';

/** Reads that show names and card numbers need step-up too (a stolen cookie reads nothing of the roll). */
const withNames = supervisorProcedure.meta({ stepUp: true });

/**
 * The Enrollment Supervisor's console: review of pending entries under four eyes, suspensions,
 * flags, and counts per center and registrar. Every decision is a conditional update: of two supervisors
 * deciding one entry at once, exactly one wins.
 */
export const supervisorRouter = router({
  /** `{ entries, nextAfter }`: pending entries, oldest first, 100 a page, each with its possibleDuplicates. */
  pending: withNames.input(pendingInput).query(({ ctx, input }) => pendingEntries(ctx.db, input.after)),
  /** Refused with supervisor.possibleDuplicates until `acknowledgeDuplicates: true` when others look alike. */
  approve: withNames.input(approveInput).mutation(async ({ ctx, input }) => {
    const decided = approveEntry(ctx.db, ctx.user, input.id, {
      acknowledgeDuplicates: input.acknowledgeDuplicates,
    });
    // After the decision committed: the citizen hears of it by SMS, if they have a confirmed number.
    await noticeEnrollmentDecision(ctx, decided.id, 'enrolled');
    return decided;
  }),
  reject: withNames.input(rejectInput).mutation(async ({ ctx, input }) => {
    const decided = rejectEntry(ctx.db, ctx.user, input.id, input.reason);
    await noticeEnrollmentDecision(ctx, decided.id, 'rejected');
    return decided;
  }),
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
  /**
   * `{ entries, nextAfter }`: entries whose name has every word given, in any order, case and accents ignored,
   * optionally in one district and with one status; 20 a page.
   */
  searchByName: withNames.input(searchByNameInput).query(({ ctx, input }) => entriesByName(ctx.db, input)),
  /** The districts, for the search's filter (no voter in it). */
  districts: supervisorProcedure.query(({ ctx }) => rollDistricts(ctx.db)),
  /** Counts by status, per center and per registrar (no voter's name). */
  stats: supervisorProcedure.query(({ ctx }) => rollStats(ctx.db)),
  /** `{ items, nextCursor }`: open flags grouped per card with a count, newest first, 50 cards a page. */
  flags: withNames.input(flagsInput).query(({ ctx, input }) => openFlags(ctx.db, input.cursor)),
  /** Resolves every open flag of the card (`id`: the group's id from flags, or one flag's id). */
  resolveFlag: withNames
    .input(resolveFlagInput)
    .mutation(({ ctx, input }) => resolveFlag(ctx.db, ctx.user, input.id, input.note)),
});
