import {
  PUBLIC_CREDENTIALS_CONTENT_TYPE,
  PUBLIC_CREDENTIALS_MAX_BYTES,
  PUBLIC_CREDENTIALS_MAX_MEGABYTES,
  PUBLIC_CREDENTIALS_ROUTE,
} from '@shared/public-credentials';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { DomainError } from '../errors/domain-error';
import { sendDomainError } from '../errors/mapping';
import { setPublicCredentials } from '../services/verifiable/credentials';
import { adminRouteGuard } from './admin-session';

/** Only the JSON file is read: anything else is refused before a byte of it is. */
async function refuseOtherTypes(request: FastifyRequest, reply: FastifyReply) {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== PUBLIC_CREDENTIALS_CONTENT_TYPE) {
    return sendDomainError(reply, new DomainError('verifiable.credentialsNotJson'));
  }
}

/**
 * POST /api/admin/elections/:id/public-credentials: a System Admin (past step-up) sends a verifiable draft's
 * public credentials file from an outside credential authority as the request body, `Content-Type:
 * application/json`; the answer is `{ count }` (200), the list given before replaced. A file that cannot be read
 * or is no list of public credentials is one sentence (400, 413, 415), as is an election that is no verifiable
 * draft (404, 412).
 * The session, step-up and CSRF checks run on the request line and headers, before the body is read, and again
 * once it has arrived, before anything is kept; a body over PUBLIC_CREDENTIALS_MAX_BYTES is refused from its
 * Content-Length, or as soon as that much has arrived, never buffered whole.
 */
export async function publicCredentialsRoutes(app: FastifyInstance, options: { db: Db; env: Env }) {
  const { db } = options;
  const guard = adminRouteGuard(options);
  // Encapsulated: this route's JSON is kept as bytes for a worker to read; every other route keeps Fastify's.
  app.removeContentTypeParser(PUBLIC_CREDENTIALS_CONTENT_TYPE);
  app.addContentTypeParser(
    PUBLIC_CREDENTIALS_CONTENT_TYPE,
    { parseAs: 'buffer', bodyLimit: PUBLIC_CREDENTIALS_MAX_BYTES },
    (_r, body, done) => done(null, body),
  );

  app.post<{ Params: { id: string } }>(
    PUBLIC_CREDENTIALS_ROUTE,
    {
      bodyLimit: PUBLIC_CREDENTIALS_MAX_BYTES,
      onRequest: [guard.requireAdmin, refuseOtherTypes],
      errorHandler: (error: FastifyError, _request, reply) => {
        if (error.statusCode === 413) {
          return sendDomainError(
            reply,
            new DomainError('verifiable.credentialsTooLarge', { max: PUBLIC_CREDENTIALS_MAX_MEGABYTES }),
          );
        }
        // A body cut off halfway (the client went away, a proxy gave up) or otherwise unreadable.
        if (error.statusCode !== undefined && error.statusCode < 500) {
          return sendDomainError(reply, new DomainError('verifiable.credentialsInterrupted'));
        }
        throw error;
      },
    },
    async (request, reply) => {
      const body = request.body;
      try {
        // The upload may have taken minutes: the admin must still be one, signed in and stepped up, now, and
        // again when the list, read meanwhile, is written.
        guard.stillAdmin(request);
        if (!Buffer.isBuffer(body) || body.length === 0)
          throw new DomainError('verifiable.credentialsInvalid');
        const answer = await setPublicCredentials(
          db,
          { electionId: request.params.id, file: body },
          () => guard.stillAdmin(request).user.id,
        );
        return reply.code(200).send(answer);
      } catch (error) {
        if (error instanceof DomainError) return sendDomainError(reply, error);
        throw error;
      }
    },
  );
}
