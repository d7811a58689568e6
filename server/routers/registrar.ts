import { enrollInput, lookupCodeInput } from '@shared/schemas/voter-roll';
import { consume, takePoints } from '../auth/rate-limits';
import { centersOf } from '../services/voter-roll/centers';
import { enrollVoter, lookupEnrollmentCode, myEntries } from '../services/voter-roll/enroll';
import { registrarProcedure, router } from '../trpc/init';

/**
 * The registrar's console: a code shown by a citizen becomes a pending entry. Everything that
 * reveals a name or writes needs step-up; code look-ups and enrollments spend the registrar's points first.
 */
export const registrarRouter = router({
  /** The active centers the caller works at, each with its region and that region's districts. */
  centers: registrarProcedure.query(({ ctx }) => centersOf(ctx.db, ctx.user)),
  /** `{ fullName, email }` (masked) of the account behind a valid code. */
  lookupCode: registrarProcedure
    .meta({ stepUp: true, limited: true })
    .input(lookupCodeInput)
    .mutation(async ({ ctx, input }) => {
      await consume(
        ctx.limits.enabled,
        [[ctx.limits.codeLookupRegistrar, ctx.user.id]],
        'registrar.tooManyLookups',
      );
      return lookupEnrollmentCode(ctx.db, ctx.user, input.code);
    }),
  /** `{ id }` of the new pending entry. */
  enroll: registrarProcedure
    .meta({ stepUp: true, limited: true })
    .input(enrollInput)
    .mutation(async ({ ctx, input }) => {
      // The same points as look-ups, so codes cannot be guessed here instead; an entry recorded gives its
      // point back (the look-up before it already paid), so a busy desk pays once per citizen.
      const points = await takePoints(
        ctx.limits.enabled,
        [[ctx.limits.codeLookupRegistrar, ctx.user.id]],
        'registrar.tooManyLookups',
      );
      const entry = enrollVoter(ctx.db, ctx.user, input);
      await points.giveBack();
      return entry;
    }),
  /** The caller's last 100 entries and their status (names and card numbers: step-up). */
  mine: registrarProcedure.meta({ stepUp: true }).query(({ ctx }) => myEntries(ctx.db, ctx.user.id)),
});
