import { centerInput, centerUpdateInput, setActiveInput } from '../../../shared/schemas/admin';
import { byIdInput } from '../../../shared/schemas/common';
import {
  createCenter,
  deleteCenter,
  listCenters,
  setCenterActive,
  updateCenter,
} from '../../services/admin/centers';
import { dashboardProcedure, router } from '../../trpc/init';

export const centersRouter = router({
  list: dashboardProcedure.query(({ ctx }) => listCenters(ctx.db)),
  create: dashboardProcedure
    .input(centerInput)
    .mutation(({ ctx, input }) => createCenter(ctx.db, input, ctx.user.id)),
  update: dashboardProcedure
    .input(centerUpdateInput)
    .mutation(({ ctx, input }) => updateCenter(ctx.db, input, ctx.user.id)),
  setActive: dashboardProcedure
    .input(setActiveInput)
    .mutation(({ ctx, input }) => setCenterActive(ctx.db, input.id, input.isActive, ctx.user.id)),
  delete: dashboardProcedure
    .input(byIdInput)
    .mutation(({ ctx, input }) => deleteCenter(ctx.db, input.id, ctx.user.id)),
});
