import {
  setActiveInput,
  setUserCentersInput,
  userCentersInput,
  userUpdateInput,
} from '@shared/schemas/admin';
import { setUserCenters, userCenters } from '../../services/admin/staff-centers';
import { listUsers } from '../../services/admin/users';
import { requestSetActive, requestUserUpdate } from '../../services/approvals/staff-role';
import { adminProcedure, router } from '../../trpc/init';

export const usersRouter = router({
  list: adminProcedure.meta({ stepUp: true }).query(({ ctx }) => listUsers(ctx.db)),
  /** Answers `{ pendingApproval: { id } }` when it grants a staff role: a second System Admin confirms it. */
  update: adminProcedure
    .meta({ stepUp: true })
    .input(userUpdateInput)
    .mutation(({ ctx, input }) => requestUserUpdate(ctx.db, input, ctx.user.id)),
  /** Answers `{ pendingApproval: { id } }` when it reactivates a staff account: a second System Admin confirms it. */
  setActive: adminProcedure
    .meta({ stepUp: true })
    .input(setActiveInput)
    .mutation(({ ctx, input }) => requestSetActive(ctx.db, input.id, input.isActive, ctx.user.id)),
  /** A Registrar's registration centers, by account id. */
  centers: adminProcedure
    .meta({ stepUp: true })
    .input(userCentersInput)
    .query(({ ctx, input }) => userCenters(ctx.db, input.userId)),
  setCenters: adminProcedure
    .meta({ stepUp: true })
    .input(setUserCentersInput)
    .mutation(({ ctx, input }) => setUserCenters(ctx.db, input, ctx.user.id)),
});
