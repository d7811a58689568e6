import { readMessage } from '@shared/i18n/error-messages';
import { auditLogFilterInput } from '@shared/schemas/admin';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { DomainError } from '../errors/domain-error';
import { sendDomainError } from '../errors/mapping';
import { auditLogForExport } from '../services/admin/audit-log';
import { adminRouteGuard } from './admin-session';
import { spreadsheetSafe } from './poll-votes-csv';

export const AUDIT_LOG_CSV_COLUMNS = [
  'Time (UTC)',
  'Actor',
  'Actor ID',
  'Action',
  'Table',
  'Record',
  'Old values',
  'New values',
];
const FILTERS = ['from', 'to', 'actorId', 'action', 'tableName', 'recordId'] as const;

/**
 * The query's filters as the page sends them: an empty one (a cleared field) is no filter, a repeated one is
 * refused like any other malformed value, and names that are no filter are left out.
 */
function filtersOf(query: Record<string, unknown>) {
  return Object.fromEntries(
    FILTERS.flatMap((name) => {
      const value = query[name];
      return value === undefined || value === '' ? [] : [[name, value]];
    }),
  );
}

/**
 * GET /api/admin/audit-log.csv: the audit log as a CSV download, filtered like the admin page, for System
 * Admins who have just confirmed their password (the guard of every plain admin route). Cells are made
 * spreadsheet-safe: a value an admin typed (a candidate's name, a note) can never run as a formula.
 */
export function registerAuditLogCsv(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'env'>): void {
  const guard = adminRouteGuard(deps);
  app.get('/api/admin/audit-log.csv', { onRequest: guard.requireAdmin }, (request, reply) => {
    const filters = auditLogFilterInput.safeParse(filtersOf(request.query as Record<string, unknown>));
    if (!filters.success) {
      const issue = filters.error.issues[0];
      return sendDomainError(
        reply,
        new DomainError('export.invalidFilter', { detail: readMessage(issue?.message ?? 'validation.id') }),
      );
    }
    const rows = auditLogForExport(deps.db, filters.data).map((entry) =>
      [
        entry.createdAt.toISOString(),
        entry.actorEmail ?? '',
        entry.actorId ?? '',
        entry.action,
        entry.tableName,
        entry.recordId ?? '',
        entry.oldValues ?? '',
        entry.newValues ?? '',
      ].map(spreadsheetSafe),
    );
    // The byte-order mark makes Excel read the file as UTF-8, so names keep their letters.
    const csv = stringify(rows, { header: true, columns: AUDIT_LOG_CSV_COLUMNS, bom: true });
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="codka-audit-log-${day}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(csv);
  });
}
