import { createInvitationInput, invitationIdInput } from '@shared/schemas/invitations';
import { listInvitations, revokeInvitation } from '../../services/invitations/list';
import { requestInvitation } from '../../services/invitations/request';
import { sendInvitation } from '../../services/invitations/send';
import { adminProcedure, router } from '../../trpc/init';

/**
 * Staff accounts by invitation: a System Admin invites a Registrar or an Enrollment Supervisor by e-mail or
 * phone; a second System Admin confirms in the approvals queue before anything is sent.
 */
export const invitationsRouter = router({
  /** Invitations with their state, and those still waiting for a second System Admin. */
  list: adminProcedure.meta({ stepUp: true }).query(({ ctx }) => listInvitations(ctx.db)),
  /** Always answers `{ pendingApproval: { id } }`: nothing is sent until a second System Admin confirms. */
  create: adminProcedure
    .meta({ stepUp: true })
    .input(createInvitationInput)
    .mutation(({ ctx, input }) => requestInvitation(ctx, input, ctx.user.id)),
  /** A new link or code for a pending invitation (the old one stops working); counted per address or number. */
  resend: adminProcedure
    .meta({ stepUp: true, limited: true })
    .input(invitationIdInput)
    .mutation(({ ctx, input }) => sendInvitation(ctx, input.id, { userId: ctx.user.id, ip: ctx.ip })),
  revoke: adminProcedure
    .meta({ stepUp: true })
    .input(invitationIdInput)
    .mutation(({ ctx, input }) => revokeInvitation(ctx.db, input.id, ctx.user.id)),
});
