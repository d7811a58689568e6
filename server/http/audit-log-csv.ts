import { auditLogFilterInput } from '@shared/schemas/admin';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { DomainError } from '../errors/domain-error';
import { sendDomainError } from '../errors/mapping';
import { validationMessage } from '../errors/texts';
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
 * The longest query string read: the six filters at their longest, each percent-encoded, fit in about 1,300
 * characters. A longer one is no page's, and is refused with a sentence before any filter is read.
 */
export const AUDIT_LOG_QUERY_MAX_CHARS = 2048;

const refusal = (key: string) => new DomainError('export.invalidFilter', { detail: validationMessage(key) });

/**
 * The query's filters as the page sends them: an empty one (a cleared field) is no filter, and names that are
 * no filter are left out. A query too long for any page, or a filter given twice, is refused with its sentence.
 */
function filtersOf(url: string, query: Record<string, unknown>): Record<string, unknown> | DomainError {
  const start = url.indexOf('?');
  if (start >= 0 && url.length - start - 1 > AUDIT_LOG_QUERY_MAX_CHARS) {
    return refusal('validation.auditQueryTooLong');
  }
  const filters: Record<string, unknown> = {};
  for (const name of FILTERS) {
    const value = query[name];
    if (Array.isArray(value)) return refusal('validation.auditFilterRepeated');
    if (value !== undefined && value !== '') filters[name] = value;
  }
  return filters;
}

/**
 * GET /api/admin/audit-log.csv: the audit log as a CSV download, filtered like the admin page, for System
 * Admins who have just confirmed their password (the guard of every plain admin route). Cells are made
 * spreadsheet-safe: a value an admin typed (a candidate's name, a note) can never run as a formula.
 */
export function registerAuditLogCsv(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'env'>): void {
  const guard = adminRouteGuard(deps);
  app.get('/api/admin/audit-log.csv', { onRequest: guard.requireAdmin }, (request, reply) => {
    const query = filtersOf(request.url, request.query as Record<string, unknown>);
    if (query instanceof DomainError) return sendDomainError(reply, query);
    const filters = auditLogFilterInput.safeParse(query);
    if (!filters.success)
      return sendDomainError(reply, refusal(filters.error.issues[0]?.message ?? 'validation.id'));
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
