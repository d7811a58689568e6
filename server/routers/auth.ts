import {
  changePasswordInput,
  requestPasswordResetInput,
  resetPasswordInput,
  resetPasswordWithCodeInput,
  signInTwoFactorInput,
  stepUpInput,
} from '@shared/schemas/account';
import {
  bootstrapAdminInput,
  confirmPhoneInput,
  requestPhoneCodeInput,
  signInInput,
  signUpInput,
  verifyEmailInput,
} from '@shared/schemas/auth';
import { acceptInvitationInput } from '@shared/schemas/invitations';
import { TRPCError } from '@trpc/server';
import { consume } from '../auth/rate-limits';
import { createSession, invalidateSession, validateSessionToken } from '../auth/sessions';
import * as accounts from '../services/accounts';
import { sendVerificationEmail, verifyEmail } from '../services/email-verification';
import { acceptInvitation } from '../services/invitations/accept';
import { changePassword } from '../services/password-change';
import { requestPasswordReset, resetPassword } from '../services/password-reset';
import {
  confirmPhone,
  requestPasswordResetByPhone,
  requestPhoneCode,
  resetPasswordWithCode,
} from '../services/phone-accounts';
import { signOutEverywhere } from '../services/sign-out-everywhere';
import { signUp } from '../services/sign-up';
import { requireTwoFactorSetUp } from '../services/staff-two-factor';
import { stepUp, stepUpStatus } from '../services/step-up';
import { isTwoFactorEnabled } from '../services/two-factor';
import { completeTwoFactorChallenge, startTwoFactorChallenge } from '../services/two-factor-sign-in';
import type { Context } from '../trpc/context';
import { protectedProcedure, publicProcedure, router } from '../trpc/init';
import { twoFactorRouter } from './auth-two-factor';

/** Procedures that spend a rate-limit point (a guess, a hash, an email): never run inside a batch. */
const limitedPublicProcedure = publicProcedure.meta({ limited: true });
const limitedProtectedProcedure = protectedProcedure.meta({ limited: true });

/** Starts a session for a user whose credentials were just checked, and returns what auth.session returns. */
function startSession(ctx: Context, userId: string) {
  if (ctx.session) invalidateSession(ctx.db, ctx.session.id);
  const { token } = createSession(ctx.db, userId);
  accounts.rememberLanguage(ctx.db, userId, ctx.language);
  ctx.cookies.setSession(token);
  const session = validateSessionToken(ctx.db, token);
  if (!session)
    throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'new session did not validate' });
  return { user: session.user };
}

export const authRouter = router({
  /** The signed-in user, or null. */
  session: publicProcedure.query(({ ctx }) => ({ user: ctx.user })),

  /**
   * With an e-mail address or a phone number. The same answer whether or not it has an account, and no session
   * (decision 016): the citizen confirms the address from the e-mail and signs in, or signs in and types the
   * code the number received (auth.confirmPhone).
   */
  signUp: limitedPublicProcedure.input(signUpInput).mutation(async ({ ctx, input }) => {
    await signUp(ctx, input, ctx.ip);
    return { success: true as const, verificationSent: true as const };
  }),

  /** `{ user }`, or for an account with two-factor sign-in a pending token and no session yet. */
  signIn: limitedPublicProcedure.input(signInInput).mutation(async ({ ctx, input }) => {
    const userId = await accounts.signIn(ctx, input, ctx.ip);
    if (isTwoFactorEnabled(ctx.db, userId)) {
      return { twoFactorRequired: true as const, pendingToken: startTwoFactorChallenge(ctx.db, userId) };
    }
    return startSession(ctx, userId);
  }),

  /** Finishes a sign-in that asked for an authenticator or recovery code. */
  signInTwoFactor: limitedPublicProcedure.input(signInTwoFactorInput).mutation(async ({ ctx, input }) => {
    const userId = await completeTwoFactorChallenge(ctx, input);
    return startSession(ctx, userId);
  }),

  signOut: publicProcedure.mutation(({ ctx }) => {
    if (ctx.session) invalidateSession(ctx.db, ctx.session.id);
    ctx.cookies.clearSession();
    return { success: true };
  }),

  /**
   * Ends every session of the account, this one included, and every sign-in waiting for its code: a copied
   * cookie stops working at once, wherever it is. The caller signs in again.
   */
  signOutEverywhere: protectedProcedure.mutation(({ ctx }) => {
    const { sessionsEnded } = signOutEverywhere(ctx.db, ctx.user.id);
    ctx.cookies.clearSession();
    return { success: true, sessionsEnded };
  }),

  bootstrapAdmin: limitedPublicProcedure.input(bootstrapAdminInput).mutation(async ({ ctx, input }) => {
    const result = await accounts.bootstrapAdmin(ctx, input, ctx.ip);
    return { success: result.success, code: result.code };
  }),

  verifyEmail: publicProcedure.input(verifyEmailInput).mutation(({ ctx, input }) => {
    const { email, alreadyVerified } = verifyEmail(ctx.db, input.token);
    return { success: true, email, alreadyVerified };
  }),

  resendVerification: limitedProtectedProcedure.mutation(async ({ ctx }) => {
    const { email } = ctx.user;
    // An account made on a phone number has no address to verify: its number has its own code.
    if (email === null) return { sent: false, alreadyVerified: false };
    if (ctx.user.emailVerified) return { sent: false, alreadyVerified: true };
    await consume(
      ctx.limits.enabled,
      [[ctx.limits.verificationMailUser, ctx.user.id]],
      'limit.verificationEmails',
    );
    await sendVerificationEmail(
      { db: ctx.db, mailer: ctx.mailer, publicOrigin: ctx.env.PUBLIC_ORIGIN },
      { id: ctx.user.id, email },
      ctx.language,
    );
    return { sent: true, alreadyVerified: false };
  }),

  /**
   * Sends a code by SMS to a number the account adds, changes to, or has not confirmed yet (its own number
   * again after sign-up). `{ sent: false, alreadyConfirmed: true }` for the account's confirmed number.
   */
  requestPhoneCode: limitedProtectedProcedure
    .input(requestPhoneCodeInput)
    .mutation(({ ctx, input }) => requestPhoneCode(ctx, ctx.user, input.phone, ctx.ip)),

  /** Confirms the number the last code went to with that code, and makes it the account's number. */
  confirmPhone: limitedProtectedProcedure.input(confirmPhoneInput).mutation(({ ctx, input }) => {
    const { phone } = confirmPhone(ctx.db, ctx.user.id, input.code);
    return { success: true, phone };
  }),

  /** Ends every other session of the account; this one stays signed in. */
  changePassword: limitedProtectedProcedure
    .input(changePasswordInput)
    .mutation(({ ctx, input }) =>
      changePassword(ctx, { userId: ctx.user.id, sessionId: ctx.session.id, email: ctx.user.email }, input),
    ),

  /**
   * A link by e-mail, or a code by SMS to a phone number (then auth.resetPasswordWithCode). Always the same
   * answer, whether or not the address or number has an account.
   */
  requestPasswordReset: limitedPublicProcedure
    .input(requestPasswordResetInput)
    .mutation(({ ctx, input }) =>
      input.email !== undefined
        ? requestPasswordReset(ctx, input.email, ctx.ip)
        : requestPasswordResetByPhone(ctx, input.phone ?? '', ctx.ip),
    ),

  /** Sets a new password from an emailed link; every session of the account ends. */
  resetPassword: limitedPublicProcedure
    .input(resetPasswordInput)
    .mutation(({ ctx, input }) => resetPassword(ctx, input, undefined, ctx.ip)),

  /** Sets a new password with the code sent by SMS to the account's number; every session of the account ends. */
  resetPasswordWithCode: limitedPublicProcedure
    .input(resetPasswordWithCodeInput)
    .mutation(({ ctx, input }) => resetPasswordWithCode(ctx, input, ctx.ip)),

  /**
   * Accepts a staff invitation with its link's token or its SMS code. With a new password: a new account, signed
   * in as a sign-in would (an address or number that has an account is told to sign in first). Without: the
   * signed-in account of the invited address or number gets the role. Answers the role and the signed-in user.
   */
  acceptInvitation: limitedPublicProcedure.input(acceptInvitationInput).mutation(async ({ ctx, input }) => {
    const accepted = await acceptInvitation(ctx, input, ctx.user, ctx.ip);
    if (accepted.newAccount) return { role: accepted.role, ...startSession(ctx, accepted.userId) };
    // The session stays; its next request reads the new role (the session cache was emptied).
    return { role: accepted.role, user: ctx.user ? { ...ctx.user, role: accepted.role } : null };
  }),

  /**
   * Re-authenticates this session for 15 minutes (docs/product.md#step-up): the password, and the code where
   * two-factor sign-in is on. High-value admin actions answer PRECONDITION_FAILED without it.
   */
  stepUp: protectedProcedure
    .meta({ limited: true })
    .input(stepUpInput)
    .mutation(({ ctx, input }) => {
      // A staff account that must set up two-factor sign-in first is not stepped up on its password alone.
      requireTwoFactorSetUp(ctx, ctx.user);
      return stepUp(ctx, { sessionId: ctx.session.id, userId: ctx.user.id }, input);
    }),

  /** `{ active, until, twoFactorRequired }` for this session. */
  stepUpStatus: protectedProcedure.query(({ ctx }) => stepUpStatus(ctx.db, ctx.session, ctx.user.id)),

  twoFactor: twoFactorRouter,
});
