import { settingsInput } from '@shared/schemas/admin';
import { getSettings, saveSettings } from '../../services/admin/settings';
import { adminProcedure, router } from '../../trpc/init';

export const settingsRouter = router({
  get: adminProcedure.query(({ ctx }) => getSettings(ctx.db)),
  save: adminProcedure
    .meta({ stepUp: true })
    .input(settingsInput)
    .mutation(({ ctx, input }) => saveSettings(ctx.db, input, ctx.user.id)),
});
