import { setActiveInput, userUpdateInput } from '@shared/schemas/admin';
import { listUsers, setUserActive, updateUser } from '../../services/admin/users';
import { adminProcedure, router } from '../../trpc/init';

export const usersRouter = router({
  list: adminProcedure.meta({ stepUp: true }).query(({ ctx }) => listUsers(ctx.db)),
  update: adminProcedure
    .meta({ stepUp: true })
    .input(userUpdateInput)
    .mutation(({ ctx, input }) => updateUser(ctx.db, input, ctx.user.id)),
  setActive: adminProcedure
    .meta({ stepUp: true })
    .input(setActiveInput)
    .mutation(({ ctx, input }) => setUserActive(ctx.db, input.id, input.isActive, ctx.user.id)),
});
