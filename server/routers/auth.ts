import { TRPCError } from '@trpc/server';
import { bootstrapAdminInput, signInInput, signUpInput, verifyEmailInput } from '../../shared/schemas/auth';
import { consume } from '../auth/rate-limits';
import { createSession, invalidateSession, validateSessionToken } from '../auth/sessions';
import * as accounts from '../services/accounts';
import { sendVerificationEmail, verifyEmail } from '../services/email-verification';
import type { Context } from '../trpc/context';
import { protectedProcedure, publicProcedure, router } from '../trpc/init';

/** Starts a session for a user whose credentials were just checked, and returns what auth.session returns. */
function startSession(ctx: Context, userId: string) {
  if (ctx.session) invalidateSession(ctx.db, ctx.session.id);
  const { token } = createSession(ctx.db, userId);
  ctx.cookies.setSession(token);
  const session = validateSessionToken(ctx.db, token);
  if (!session)
    throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'new session did not validate' });
  return { user: session.user };
}

export const authRouter = router({
  /** The signed-in user, or null. */
  session: publicProcedure.query(({ ctx }) => ({ user: ctx.user })),

  signUp: publicProcedure.input(signUpInput).mutation(async ({ ctx, input }) => {
    const userId = await accounts.signUp(ctx, input, ctx.ip);
    return startSession(ctx, userId);
  }),

  signIn: publicProcedure.input(signInInput).mutation(async ({ ctx, input }) => {
    const userId = await accounts.signIn(ctx, input, ctx.ip);
    return startSession(ctx, userId);
  }),

  signOut: publicProcedure.mutation(({ ctx }) => {
    if (ctx.session) invalidateSession(ctx.db, ctx.session.id);
    ctx.cookies.clearSession();
    return { success: true };
  }),

  bootstrapAdmin: publicProcedure.input(bootstrapAdminInput).mutation(async ({ ctx, input }) => {
    const result = await accounts.bootstrapAdmin(ctx, input, ctx.ip);
    return { success: result.success, code: result.code };
  }),

  verifyEmail: publicProcedure.input(verifyEmailInput).mutation(({ ctx, input }) => {
    const { email } = verifyEmail(ctx.db, input.token);
    return { success: true, email };
  }),

  resendVerification: protectedProcedure.mutation(async ({ ctx }) => {
    if (ctx.user.emailVerified) return { sent: false, alreadyVerified: true };
    await consume(
      ctx.limits.enabled,
      [[ctx.limits.verificationMailUser, ctx.user.id]],
      'Too many verification emails were requested.',
    );
    await sendVerificationEmail(
      { db: ctx.db, mailer: ctx.mailer, publicOrigin: ctx.env.PUBLIC_ORIGIN },
      ctx.user,
    );
    return { sent: true, alreadyVerified: false };
  }),
});
