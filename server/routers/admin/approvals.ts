import { byIdInput } from '@shared/schemas/common';
import { cancelApproval, confirmApproval, pendingApprovals } from '../../services/approvals/queue';
import { adminProcedure, router } from '../../trpc/init';

/**
 * The two-person rule's queue (a roll import, a grant of a staff role): every System Admin sees it; a second
 * one confirms (never the one who asked); the one who asked, or another, cancels.
 */
export const approvalsRouter = router({
  pending: adminProcedure.meta({ stepUp: true }).query(({ ctx }) => pendingApprovals(ctx.db, ctx.user.id)),
  confirm: adminProcedure
    .meta({ stepUp: true })
    .input(byIdInput)
    .mutation(({ ctx, input }) => confirmApproval(ctx.db, input.id, ctx.user.id)),
  cancel: adminProcedure
    .meta({ stepUp: true })
    .input(byIdInput)
    .mutation(({ ctx, input }) => cancelApproval(ctx.db, input.id, ctx.user.id)),
});
