import type { Db } from '../db/client';
import { auditLogs } from '../db/schema';

export interface AuditEntry {
  action: string;
  tableName: string;
  recordId: string | null;
  newValues?: Record<string, unknown> | null;
  actorId: string | null;
}

/** Every admin write records who did what (docs/architecture.md#security-design). Never pass secrets in newValues. */
export function recordAudit(db: Pick<Db, 'insert'>, entry: AuditEntry): void {
  db.insert(auditLogs)
    .values({
      action: entry.action,
      tableName: entry.tableName,
      recordId: entry.recordId,
      newValues: entry.newValues ? JSON.stringify(entry.newValues) : null,
      actorId: entry.actorId,
    })
    .run();
}
