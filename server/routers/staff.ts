import { centerCount } from '../services/voter-roll/centers';
import { isStaffRole } from '../services/voter-roll/staff-overview';
import { router, staffProcedure } from '../trpc/init';

/** What the staff console shows (no step-up: it reveals nothing of the roll). */
export const staffRouter = router({
  /** `{ roles: { registrar, supervisor }, centers }`: which sections the caller may open. */
  overview: staffProcedure.query(({ ctx }) => ({
    roles: {
      registrar: isStaffRole(ctx.user, 'Registrar'),
      supervisor: isStaffRole(ctx.user, 'Enrollment Supervisor'),
    },
    centers: isStaffRole(ctx.user, 'Registrar') ? centerCount(ctx.db, ctx.user) : 0,
  })),
});
