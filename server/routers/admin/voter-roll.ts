import { rollSummary } from '../../services/admin/voter-roll-summary';
import { adminProcedure, router } from '../../trpc/init';

/** The roll as the admin import page shows it: counts only, never a voter. */
export const voterRollRouter = router({
  summary: adminProcedure.meta({ stepUp: true }).query(({ ctx }) => rollSummary(ctx.db)),
});
