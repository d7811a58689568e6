import { languageFromHeader } from '@shared/i18n/error-messages';
import { ROLL_IMPORT_MAX_BYTES } from '@shared/roll-import';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { DomainError } from '../errors/domain-error';
import { httpStatus, sendDomainError } from '../errors/mapping';
import { errorText } from '../errors/texts';
import { requestRollImport } from '../services/approvals/roll-import';
import { checkRollImport } from '../services/voter-roll/roll-import';
import { adminRouteGuard } from './admin-session';

export const VOTER_ROLL_IMPORT_PATH = '/api/admin/voter-roll.csv';
const MAX_MEGABYTES = ROLL_IMPORT_MAX_BYTES / (1024 * 1024);

/** Only the CSV body is read: anything else is refused before a byte of it is. */
async function refuseOtherTypes(request: FastifyRequest, reply: FastifyReply) {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'text/csv') return sendDomainError(reply, new DomainError('rollImport.notCsv'));
}

/**
 * POST /api/admin/voter-roll.csv[?dryRun=1]: a System Admin (past step-up) sends the commission's roll as the
 * request body, `Content-Type: text/csv`. A dry run answers the report (200). Otherwise a file whose rows all
 * pass waits for a second System Admin: 202 with the report and `{ pendingApproval: { id } }`, and nothing is
 * written to the roll until it is confirmed (services/approvals). A file with refused rows answers the report
 * with a sentence (400); a file that cannot be read is one sentence (400, 413, 415).
 * The session, step-up and CSRF checks run on the request line and headers, before the body is read, and again
 * once it has arrived, before anything is kept; a body over 20 MB is refused from its Content-Length, or as
 * soon as that much has arrived, never buffered whole.
 */
export async function voterRollImportRoutes(app: FastifyInstance, options: { db: Db; env: Env }) {
  const { db } = options;
  const guard = adminRouteGuard(options);
  // Encapsulated: the text/csv parser exists only for this route.
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'buffer', bodyLimit: ROLL_IMPORT_MAX_BYTES },
    (_r, body, done) => done(null, body),
  );

  app.post<{ Querystring: { dryRun?: string } }>(
    VOTER_ROLL_IMPORT_PATH,
    {
      bodyLimit: ROLL_IMPORT_MAX_BYTES,
      onRequest: [guard.requireAdmin, refuseOtherTypes],
      errorHandler: (error: FastifyError, _request, reply) => {
        if (error.statusCode === 413) {
          return sendDomainError(reply, new DomainError('rollImport.tooLarge', { max: MAX_MEGABYTES }));
        }
        // A body cut off halfway (the client went away, a proxy gave up) or otherwise unreadable.
        if (error.statusCode !== undefined && error.statusCode < 500) {
          return sendDomainError(reply, new DomainError('rollImport.interrupted'));
        }
        throw error;
      },
    },
    (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body)) return sendDomainError(reply, new DomainError('rollImport.empty'));
      const language = languageFromHeader(request.headers['accept-language']);
      // On the safe side: any dryRun but an explicit 0 or false only checks (a typo never writes the roll).
      const flag = request.query.dryRun;
      const dryRun = flag !== undefined && flag !== '0' && flag !== 'false';
      try {
        // The upload may have taken minutes: the admin must still be one, signed in and stepped up, now.
        const admin = guard.stillAdmin(request);
        const { report, rows } = checkRollImport(db, body, { dryRun, language });
        if (dryRun) return reply.code(200).send(report);
        if (report.refusedCount === 0) {
          const pending = requestRollImport(db, body, rows, admin.user.id);
          return reply.code(202).send({ ...report, ...pending });
        }
        // All or nothing: one refused row and the file is sent back with its report and a sentence.
        const refusal = new DomainError('rollImport.rowsRefused', { count: report.refusedCount });
        return reply.code(httpStatus(refusal)).send({ ...report, message: errorText(refusal, language) });
      } catch (error) {
        if (error instanceof DomainError) return sendDomainError(reply, error);
        throw error;
      }
    },
  );
}
