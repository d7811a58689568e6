import { dashboardStats } from '../../services/admin/stats';
import { adminProcedure, router } from '../../trpc/init';
import { approvalsRouter } from './approvals';
import { auditLogRouter } from './audit-log';
import { candidatesRouter } from './candidates';
import { centersRouter } from './centers';
import { dashboardRouter } from './dashboard';
import { districtsRouter } from './districts';
import { adminElectionsRouter } from './elections';
import { invitationsRouter } from './invitations';
import { settingsRouter } from './settings';
import { usersRouter } from './users';
import { ussdRouter } from './ussd';
import { voterRollRouter } from './voter-roll';

/** Everything under admin.* is for System Admins; the dashboard's data also needs its step-up login. */
export const adminRouter = router({
  dashboard: dashboardRouter,
  /** The dashboard's counts: districts, centers, active centers, candidates, polls. */
  stats: adminProcedure.meta({ stepUp: true }).query(({ ctx }) => dashboardStats(ctx.db)),
  districts: districtsRouter,
  centers: centersRouter,
  candidates: candidatesRouter,
  elections: adminElectionsRouter,
  users: usersRouter,
  invitations: invitationsRouter,
  settings: settingsRouter,
  auditLog: auditLogRouter,
  voterRoll: voterRollRouter,
  approvals: approvalsRouter,
  ussd: ussdRouter,
});
