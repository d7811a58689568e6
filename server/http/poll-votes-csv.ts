import { idSchema } from '@shared/schemas/common';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { DomainError } from '../errors/domain-error';
import { sendDomainError } from '../errors/mapping';
import { pollVotesForExport } from '../services/polls/poll-votes-view';
import { adminRouteGuard } from './admin-session';

export const POLL_VOTES_CSV_COLUMNS = ['Vote ID', 'User ID', 'Candidate', 'Time', 'IP Hash', 'Channel'];

/**
 * A spreadsheet runs a cell that starts with =, +, -, @, tab or carriage return as a formula: such cells
 * get a leading apostrophe so a candidate's name can never become a command on an admin's computer.
 */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** GET /api/admin/polls/:id/votes.csv: a poll's votes as a CSV download, for System Admins only. */
export function registerPollVotesCsv(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'env'>): void {
  const guard = adminRouteGuard(deps, 'export.signIn');
  app.get<{ Params: { id: string } }>(
    '/api/admin/polls/:id/votes.csv',
    { onRequest: guard.requireAdmin },
    (request, reply) => {
      const id = idSchema.safeParse(request.params.id);
      if (!id.success) return sendDomainError(reply, new DomainError('export.invalidPollId'));

      let exported: ReturnType<typeof pollVotesForExport>;
      try {
        exported = pollVotesForExport(deps.db, id.data);
      } catch (error) {
        if (error instanceof DomainError && error.kind === 'notFound') return sendDomainError(reply, error);
        throw error;
      }
      const rows = exported.votes.map((vote) =>
        [
          vote.id,
          vote.userId ?? '',
          vote.candidate,
          vote.createdAt.toISOString(),
          vote.ipHash ?? '',
          vote.channel,
        ].map(spreadsheetSafe),
      );
      // The byte-order mark makes Excel read the file as UTF-8, so names keep their letters.
      const csv = stringify(rows, { header: true, columns: POLL_VOTES_CSV_COLUMNS, bom: true });
      const filename = `poll-votes-${exported.poll.monthYear}-${exported.poll.electionType}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  );
}
