import { eq } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../db/client';
import { auditLogs } from '../db/schema';

export interface AuditEntry {
  action: string;
  tableName: string;
  recordId: string | null;
  newValues?: Record<string, unknown> | null;
  /**
   * The record as it was before the change (`recordBefore`, read in the same transaction). The entry keeps of it
   * the fields `newValues` names, so old and new sit side by side; a delete keeps all of it.
   */
  before?: Record<string, unknown> | null;
  actorId: string | null;
}

// Columns that hold secrets or their hashes: never copied from a record into the log.
const SECRET_FIELD = /(hash|secret|token)$/i;

function oldValuesOf(entry: AuditEntry): Record<string, unknown> | null {
  const { before, newValues } = entry;
  if (!before) return null;
  const kept = Object.entries(before).filter(
    ([field]) => !SECRET_FIELD.test(field) && (entry.action === 'delete' || !newValues || field in newValues),
  );
  return kept.length > 0 ? Object.fromEntries(kept) : null;
}

/**
 * Every admin write records who did what, and what it was before (docs/architecture.md#security-design). Never
 * pass secrets in newValues.
 */
export function recordAudit(db: Pick<Db, 'insert'>, entry: AuditEntry): void {
  const oldValues = oldValuesOf(entry);
  db.insert(auditLogs)
    .values({
      action: entry.action,
      tableName: entry.tableName,
      recordId: entry.recordId,
      oldValues: oldValues ? JSON.stringify(oldValues) : null,
      newValues: entry.newValues ? JSON.stringify(entry.newValues) : null,
      actorId: entry.actorId,
    })
    .run();
}

/** A table whose records have a text `id`: every table an admin edits. */
type RecordTable = SQLiteTable & { id: SQLiteColumn };

/** A record as it stands, read just before a change in the change's own transaction, for recordAudit's `before`. */
export function recordBefore(
  tx: Pick<Db, 'select'>,
  table: RecordTable,
  id: string,
): Record<string, unknown> | undefined {
  return tx.select().from(table).where(eq(table.id, id)).get() as Record<string, unknown> | undefined;
}
