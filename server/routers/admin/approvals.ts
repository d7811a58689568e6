import { byIdInput } from '@shared/schemas/common';
import {
  cancelApproval,
  confirmApproval,
  pendingApprovals,
  prepareApproval,
} from '../../services/approvals/queue';
import { fixElectionRecord } from '../../services/election-record/record';
import { sendInvitation } from '../../services/invitations/send';
import { closeVerifiable } from '../../services/verifiable/tally';
import { adminProcedure, router } from '../../trpc/init';

/**
 * The two-person rule's queue (a roll import, a grant of a staff role, an election's opening or its results, a
 * poll's publication): every System Admin sees it; a second one confirms (never the one who asked); the one who
 * asked, or another, cancels.
 */
export const approvalsRouter = router({
  pending: adminProcedure.meta({ stepUp: true }).query(({ ctx }) => pendingApprovals(ctx.db, ctx.user.id)),
  confirm: adminProcedure
    .meta({ stepUp: true })
    .input(byIdInput)
    .mutation(async ({ ctx, input }) => {
      // Slow work first (a verifiable opening's credentials, in the workers), then the confirm's transaction.
      const prepared = await prepareApproval(ctx.db, input.id, ctx.user.id);
      const { confirmed, electionId, invitationId } = confirmApproval(
        ctx.db,
        input.id,
        ctx.user.id,
        prepared,
      );
      // An edit that also closed the election fixes its record before the admin is answered, as its update does.
      if (electionId) {
        await fixElectionRecord(ctx.db, electionId);
        await closeVerifiable(ctx.db, electionId);
      }
      // A confirmed invitation's message goes out now that it exists; if sending is refused (a limit), the
      // invitation stays pending and the list's "send again" sends it.
      if (invitationId) {
        await sendInvitation(ctx, invitationId, { userId: ctx.user.id, ip: ctx.ip }).catch((error: unknown) =>
          ctx.log.warn({ err: error, invitationId }, 'invitation not sent after its confirm'),
        );
      }
      return confirmed;
    }),
  cancel: adminProcedure
    .meta({ stepUp: true })
    .input(byIdInput)
    .mutation(({ ctx, input }) => cancelApproval(ctx.db, input.id, ctx.user.id)),
});
