import { SOMALIA_UTC_OFFSET_MS } from '@shared/months';
import type { auditLogFilterInput, auditLogInput } from '@shared/schemas/admin';
import { and, desc, eq, gte, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { auditLogs, users } from '../../db/schema';

type AuditLogFilters = z.output<typeof auditLogFilterInput>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Midnight of a 'YYYY-MM-DD' day in East Africa Time, the site's calendar. */
const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - SOMALIA_UTC_OFFSET_MS);

/** The conditions of the filters: the first day from its midnight, the last day to its end, both in EAT. */
function filterConditions(filters: AuditLogFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.tableName) conditions.push(eq(auditLogs.tableName, filters.tableName));
  if (filters.action) conditions.push(eq(auditLogs.action, filters.action));
  if (filters.actorId) conditions.push(eq(auditLogs.actorId, filters.actorId));
  if (filters.recordId) conditions.push(eq(auditLogs.recordId, filters.recordId));
  if (filters.from) conditions.push(gte(auditLogs.createdAt, dayStart(filters.from)));
  if (filters.to) conditions.push(lt(auditLogs.createdAt, new Date(dayStart(filters.to).getTime() + DAY_MS)));
  return conditions;
}

const entryColumns = {
  id: auditLogs.id,
  action: auditLogs.action,
  tableName: auditLogs.tableName,
  recordId: auditLogs.recordId,
  oldValues: auditLogs.oldValues,
  newValues: auditLogs.newValues,
  createdAt: auditLogs.createdAt,
  actorId: auditLogs.actorId,
  actorEmail: users.email,
};

function selectEntries(db: Db, conditions: SQL[]) {
  return db
    .select(entryColumns)
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.actorId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLogs.id));
}

/** Newest first, filtered by date, actor, action, table and record, paged by id (limit + 1 tells whether more exist). */
export function listAuditLog(db: Db, input: z.output<typeof auditLogInput>) {
  const conditions = filterConditions(input);
  if (input.cursor) conditions.push(lt(auditLogs.id, input.cursor));
  const rows = selectEntries(db, conditions)
    .limit(input.limit + 1)
    .all();
  const hasMore = rows.length > input.limit;
  const entries = rows.slice(0, input.limit);
  return { entries, nextCursor: hasMore ? (entries.at(-1)?.id ?? null) : null };
}

/** Every entry the filters match, newest first, for the CSV export. */
export function auditLogForExport(db: Db, filters: AuditLogFilters) {
  return selectEntries(db, filterConditions(filters)).all();
}

/** The tables, actions and actors that occur, for the filter menus. */
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
  const actors = db
    // An account has an e-mail, a phone number or both: the one people know it by.
    .selectDistinct({ id: users.id, contact: sql<string>`coalesce(${users.email}, ${users.phone})` })
    .from(auditLogs)
    .innerJoin(users, eq(users.id, auditLogs.actorId))
    .where(isNotNull(auditLogs.actorId))
    .orderBy(sql`2`)
    .all();
  return { tables: tables.map((row) => row.value), actions: actions.map((row) => row.value), actors };
}
