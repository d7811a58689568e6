import { twoFactorBeginInput, twoFactorConfirmInput, twoFactorDisableInput } from '@shared/schemas/account';
import { checkOwnPassword } from '../services/password-change';
import { beginTwoFactor, confirmTwoFactor, disableTwoFactor, twoFactorStatus } from '../services/two-factor';
import { adminProcedure, protectedProcedure, router } from '../trpc/init';

/**
 * auth.twoFactor.*: System Admins enrol a TOTP authenticator (decision 006). Status and turning it off
 * stay open to any signed-in account, so someone whose admin role was removed can still switch it off.
 */
export const twoFactorRouter = router({
  /** Whether two-factor sign-in is on for the signed-in account, and how many recovery codes are left. */
  status: protectedProcedure.query(({ ctx }) => twoFactorStatus(ctx.db, ctx.user.id)),

  /**
   * A new key as an otpauth:// URI, its QR code and the text to type it in. Enrolling asks for the password
   * (issue 15): a stolen cookie alone must not put the thief's authenticator on the account.
   */
  begin: adminProcedure
    .meta({ limited: true })
    .input(twoFactorBeginInput)
    .mutation(async ({ ctx, input }) => {
      await checkOwnPassword(ctx, ctx.user.id, input.password);
      return beginTwoFactor(ctx.db, ctx.user);
    }),

  /** The password and the first right code turn it on; the answer carries the 10 recovery codes, shown once. */
  confirm: adminProcedure
    .meta({ limited: true })
    .input(twoFactorConfirmInput)
    .mutation(async ({ ctx, input }) => {
      await checkOwnPassword(ctx, ctx.user.id, input.password);
      return confirmTwoFactor(ctx, ctx.user.id, input.code);
    }),

  disable: protectedProcedure
    .meta({ limited: true })
    .input(twoFactorDisableInput)
    .mutation(async ({ ctx, input }) => {
      await checkOwnPassword(ctx, ctx.user.id, input.password);
      return disableTwoFactor(ctx, ctx.user.id, input.code);
    }),
});
