import { districtInput, districtUpdateInput } from '../../../shared/schemas/admin';
import { byIdInput } from '../../../shared/schemas/common';
import {
  createDistrict,
  deleteDistrict,
  listDistricts,
  updateDistrict,
} from '../../services/admin/districts';
import { dashboardProcedure, router } from '../../trpc/init';

export const districtsRouter = router({
  list: dashboardProcedure.query(({ ctx }) => listDistricts(ctx.db)),
  create: dashboardProcedure
    .input(districtInput)
    .mutation(({ ctx, input }) => createDistrict(ctx.db, input, ctx.user.id)),
  update: dashboardProcedure
    .input(districtUpdateInput)
    .mutation(({ ctx, input }) => updateDistrict(ctx.db, input, ctx.user.id)),
  delete: dashboardProcedure
    .input(byIdInput)
    .mutation(({ ctx, input }) => deleteDistrict(ctx.db, input.id, ctx.user.id)),
});
