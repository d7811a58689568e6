import type { auditLogInput } from '@shared/schemas/admin';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { auditLogs, users } from '../../db/schema';

/** Newest first, filtered by table and action, paged by id (limit + 1 tells whether more exist). */
export function listAuditLog(db: Db, input: z.output<typeof auditLogInput>) {
  const conditions: SQL[] = [];
  if (input.tableName) conditions.push(eq(auditLogs.tableName, input.tableName));
  if (input.action) conditions.push(eq(auditLogs.action, input.action));
  if (input.cursor) conditions.push(lt(auditLogs.id, input.cursor));
  const rows = db
    .select({
      id: auditLogs.id,
      action: auditLogs.action,
      tableName: auditLogs.tableName,
      recordId: auditLogs.recordId,
      newValues: auditLogs.newValues,
      createdAt: auditLogs.createdAt,
      actorEmail: users.email,
    })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.actorId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLogs.id))
    .limit(input.limit + 1)
    .all();
  const hasMore = rows.length > input.limit;
  const entries = rows.slice(0, input.limit);
  return { entries, nextCursor: hasMore ? (entries.at(-1)?.id ?? null) : null };
}

/** The tables and actions that occur, for the filter menus. */
export function auditLogFilters(db: Db) {
  const tables = db
    .selectDistinct({ value: auditLogs.tableName })
    .from(auditLogs)
    .orderBy(auditLogs.tableName)
    .all();
  const actions = db
    .selectDistinct({ value: auditLogs.action })
    .from(auditLogs)
    .orderBy(auditLogs.action)
    .all();
  return { tables: tables.map((row) => row.value), actions: actions.map((row) => row.value) };
}
