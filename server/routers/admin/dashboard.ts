import { dashboardUnlockInput } from '@shared/schemas/admin';
import { unlockDashboard } from '../../services/admin/dashboard';
import { endStepUp, stepUpStatus } from '../../services/step-up';
import { adminProcedure, router } from '../../trpc/init';

/**
 * The dashboard's login form and logout button: the session's step-up (auth.stepUp) under the dashboard's names
 * (docs/product.md#admin-dashboard).
 */
export const dashboardRouter = router({
  /** Whether this session is stepped up, until when, and whether the form asks for a code. */
  status: adminProcedure.query(({ ctx }) => {
    const status = stepUpStatus(ctx.db, ctx.session, ctx.user.id);
    return {
      unlocked: status.active,
      unlockedUntil: status.until,
      twoFactorRequired: status.twoFactorRequired,
    };
  }),
  unlock: adminProcedure
    .meta({ limited: true })
    .input(dashboardUnlockInput)
    .mutation(({ ctx, input }) =>
      unlockDashboard(ctx, { sessionId: ctx.session.id, userId: ctx.user.id, email: ctx.user.email }, input),
    ),
  /** Ends the step-up of this session (every high-value action asks for the password again). */
  lock: adminProcedure.mutation(({ ctx }) => {
    endStepUp(ctx.db, ctx.session.id);
    return { unlocked: false, unlockedUntil: null };
  }),
});
