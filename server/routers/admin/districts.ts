import { districtInput, districtUpdateInput } from '@shared/schemas/admin';
import { byIdInput } from '@shared/schemas/common';
import {
  createDistrict,
  deleteDistrict,
  listDistricts,
  updateDistrict,
} from '../../services/admin/districts';
import { adminProcedure, router } from '../../trpc/init';

export const districtsRouter = router({
  list: adminProcedure.meta({ stepUp: true }).query(({ ctx }) => listDistricts(ctx.db)),
  create: adminProcedure
    .meta({ stepUp: true })
    .input(districtInput)
    .mutation(({ ctx, input }) => createDistrict(ctx.db, input, ctx.user.id)),
  update: adminProcedure
    .meta({ stepUp: true })
    .input(districtUpdateInput)
    .mutation(({ ctx, input }) => updateDistrict(ctx.db, input, ctx.user.id)),
  delete: adminProcedure
    .meta({ stepUp: true })
    .input(byIdInput)
    .mutation(({ ctx, input }) => deleteDistrict(ctx.db, input.id, ctx.user.id)),
});
