import { auditLogInput } from '@shared/schemas/admin';
import { auditLogFilters, listAuditLog } from '../../services/admin/audit-log';
import { adminProcedure, router } from '../../trpc/init';

export const auditLogRouter = router({
  list: adminProcedure
    .meta({ stepUp: true })
    .input(auditLogInput)
    .query(({ ctx, input }) => listAuditLog(ctx.db, input)),
  filters: adminProcedure.meta({ stepUp: true }).query(({ ctx }) => auditLogFilters(ctx.db)),
});
