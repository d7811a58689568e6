import { dashboardUnlockInput } from '../../../shared/schemas/admin';
import { isDashboardUnlocked, lockDashboard, unlockDashboard } from '../../services/admin/dashboard';
import { isTwoFactorEnabled } from '../../services/two-factor';
import { adminProcedure, router } from '../../trpc/init';

export const dashboardRouter = router({
  /** Whether this session passed the dashboard login, until when, and whether it asks for a code. */
  status: adminProcedure.query(({ ctx }) => ({
    unlocked: isDashboardUnlocked(ctx.session.adminUnlockedUntil),
    unlockedUntil: isDashboardUnlocked(ctx.session.adminUnlockedUntil)
      ? ctx.session.adminUnlockedUntil
      : null,
    twoFactorRequired: isTwoFactorEnabled(ctx.db, ctx.user.id),
  })),
  unlock: adminProcedure
    .input(dashboardUnlockInput)
    .mutation(({ ctx, input }) =>
      unlockDashboard(
        ctx,
        { sessionId: ctx.session.id, userId: ctx.user.id, email: ctx.user.email, ip: ctx.ip },
        input,
      ),
    ),
  lock: adminProcedure.mutation(({ ctx }) => lockDashboard(ctx, ctx.session.id)),
});
