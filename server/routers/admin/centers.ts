import { setActiveInput } from '@shared/schemas/admin';
import { centerInput, centerUpdateInput } from '@shared/schemas/centers';
import { byIdInput } from '@shared/schemas/common';
import {
  createCenter,
  deleteCenter,
  listCenters,
  setCenterActive,
  updateCenter,
} from '../../services/admin/centers';
import { adminProcedure, router } from '../../trpc/init';

export const centersRouter = router({
  list: adminProcedure.meta({ stepUp: true }).query(({ ctx }) => listCenters(ctx.db)),
  create: adminProcedure
    .meta({ stepUp: true })
    .input(centerInput)
    .mutation(({ ctx, input }) => createCenter(ctx.db, input, ctx.user.id)),
  update: adminProcedure
    .meta({ stepUp: true })
    .input(centerUpdateInput)
    .mutation(({ ctx, input }) => updateCenter(ctx.db, input, ctx.user.id)),
  setActive: adminProcedure
    .meta({ stepUp: true })
    .input(setActiveInput)
    .mutation(({ ctx, input }) => setCenterActive(ctx.db, input.id, input.isActive, ctx.user.id)),
  delete: adminProcedure
    .meta({ stepUp: true })
    .input(byIdInput)
    .mutation(({ ctx, input }) => deleteCenter(ctx.db, input.id, ctx.user.id)),
});
