import { auditLogInput } from '../../../shared/schemas/admin';
import { auditLogFilters, listAuditLog } from '../../services/admin/audit-log';
import { adminProcedure, router } from '../../trpc/init';

export const auditLogRouter = router({
  list: adminProcedure.input(auditLogInput).query(({ ctx, input }) => listAuditLog(ctx.db, input)),
  filters: adminProcedure.query(({ ctx }) => auditLogFilters(ctx.db)),
});
