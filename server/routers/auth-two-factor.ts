import { twoFactorBeginInput, twoFactorConfirmInput, twoFactorDisableInput } from '@shared/schemas/account';
import { checkOwnPassword } from '../services/password-change';
import { twoFactorSetupRequired } from '../services/staff-two-factor';
import { beginTwoFactor, confirmTwoFactor, disableTwoFactor, twoFactorStatus } from '../services/two-factor';
import { protectedProcedure, router, staffAccountProcedure } from '../trpc/init';

/**
 * auth.twoFactor.*: every staff role (Registrars, Enrollment Supervisors, System Admins) enrols a TOTP
 * authenticator (decision 006); with STAFF_TWO_FACTOR=required they must before any staff tool answers, so
 * enrolling stays open to them without it. Status and turning it off stay open to any signed-in account, so
 * someone whose staff role was removed can still switch it off.
 */
export const twoFactorRouter = router({
  /**
   * Whether two-factor sign-in is on for the signed-in account, how many recovery codes are left, and whether
   * the account must set it up before its staff tools answer (setupRequired).
   */
  status: protectedProcedure.query(({ ctx }) => ({
    ...twoFactorStatus(ctx.db, ctx.user.id),
    setupRequired: twoFactorSetupRequired(ctx, ctx.user),
  })),

  /**
   * A new key as an otpauth:// URI, its QR code and the text to type it in. Enrolling asks for the password
   * because a stolen cookie alone must not put the thief's authenticator on the account.
   */
  begin: staffAccountProcedure
    .meta({ limited: true })
    .input(twoFactorBeginInput)
    .mutation(async ({ ctx, input }) => {
      await checkOwnPassword(ctx, ctx.user.id, input.password);
      return beginTwoFactor(ctx.db, ctx.user);
    }),

  /**
   * The password and the first right code turn it on; the answer carries the 10 recovery codes, shown once.
   * Every other session of the account ends; this one stays signed in.
   */
  confirm: staffAccountProcedure
    .meta({ limited: true })
    .input(twoFactorConfirmInput)
    .mutation(async ({ ctx, input }) => {
      await checkOwnPassword(ctx, ctx.user.id, input.password);
      return confirmTwoFactor(ctx, { userId: ctx.user.id, keepSessionId: ctx.session.id }, input.code);
    }),

  disable: protectedProcedure
    .meta({ limited: true })
    .input(twoFactorDisableInput)
    .mutation(async ({ ctx, input }) => {
      await checkOwnPassword(ctx, ctx.user.id, input.password);
      return disableTwoFactor(ctx, ctx.user.id, input.code);
    }),
});
