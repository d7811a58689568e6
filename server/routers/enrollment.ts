import { claimInput } from '@shared/schemas/voter-roll';
import { consume } from '../auth/rate-limits';
import { claimVoterEntry } from '../services/voter-roll/claim';
import { liveEnrollmentCode, requestEnrollmentCode } from '../services/voter-roll/enrollment-codes';
import { enrollmentStatus } from '../services/voter-roll/status';
import { protectedProcedure, router } from '../trpc/init';
import { countsByRegion } from './enrollment-counts';

/**
 * A citizen's own place on the voter roll: status, a code to show at a center, a claim; and the
 * roll's public counts.
 */
export const enrollmentRouter = router({
  /** Enrolled voters per region and the total (the /regions and /registration-centers pages): public. */
  countsByRegion,
  /** `{ status, region?, district?, voterCardNumber? }`: the card number masked but for its last four. */
  status: protectedProcedure.query(({ ctx }) => enrollmentStatus(ctx.db, ctx.user.id)),
  /**
   * `{ code, expiresAt }` of the reader's own code while it is neither used nor expired, else null: /account shows
   * it again after a reload. No rate limit: it makes no code and reads only the reader's row.
   */
  liveCode: protectedProcedure.query(({ ctx }) => liveEnrollmentCode(ctx.db, ctx.user.id)),
  /** `{ code, expiresAt }`: a new 24-hour code replacing the account's unused one. */
  requestCode: protectedProcedure.meta({ limited: true }).mutation(async ({ ctx }) => {
    await consume(
      ctx.limits.enabled,
      [[ctx.limits.enrollmentCodeUser, ctx.user.id]],
      'enrollment.tooManyCodes',
    );
    return requestEnrollmentCode(ctx.db, ctx.user.id);
  }),
  /**
   * Links the account to its entry imported from the commission's roll. The account's and the address's points
   * are spent before any work; the card's own count is taken inside the claim (services/voter-roll/claim.ts).
   */
  claim: protectedProcedure
    .meta({ limited: true })
    .input(claimInput)
    .mutation(async ({ ctx, input }) => {
      await consume(
        ctx.limits.enabled,
        [
          [ctx.limits.claimUser, ctx.user.id],
          [ctx.limits.claimAddress, ctx.ip],
        ],
        'claim.tooManyAttempts',
      );
      return claimVoterEntry(ctx.db, ctx.user, input);
    }),
});
