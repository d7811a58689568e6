import {
  PUBLIC_CREDENTIALS_CONTENT_TYPE,
  PUBLIC_CREDENTIALS_MAX_BYTES,
  PUBLIC_CREDENTIALS_MAX_MEGABYTES,
  PUBLIC_CREDENTIALS_PART_CONTENT_TYPE,
  PUBLIC_CREDENTIALS_PART_ROUTE,
  PUBLIC_CREDENTIALS_ROUTE,
  PUBLIC_CREDENTIALS_UPLOADS_ROUTE,
} from '@shared/public-credentials';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { consume } from '../auth/rate-limits';
import type { AppDeps } from '../deps';
import { DomainError } from '../errors/domain-error';
import { sendDomainError } from '../errors/mapping';
import {
  beginUpload,
  claimPart,
  type PartClaim,
  receivePart,
  setPublicCredentials,
} from '../services/verifiable/credentials';
import { adminRouteGuard } from './admin-session';

/** The body's type, read from its header; anything else is refused before a byte of the body is read. */
const typeOf = (request: FastifyRequest) =>
  request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();

async function refuseOtherThanJson(request: FastifyRequest, reply: FastifyReply) {
  if (typeOf(request) !== PUBLIC_CREDENTIALS_CONTENT_TYPE) {
    return sendDomainError(reply, new DomainError('verifiable.credentialsNotJson'));
  }
}

async function refuseOtherThanBytes(request: FastifyRequest, reply: FastifyReply) {
  if (typeOf(request) !== PUBLIC_CREDENTIALS_PART_CONTENT_TYPE) {
    return sendDomainError(reply, new DomainError('verifiable.credentialsPartNotBytes'));
  }
}

/** A body too large (its bodyLimit, 413) is `tooLarge`; one cut off halfway or otherwise unreadable, interrupted. */
function bodyErrors(tooLarge: () => DomainError) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    if (error.statusCode === 413) return sendDomainError(reply, tooLarge());
    if (error.statusCode !== undefined && error.statusCode < 500) {
      return sendDomainError(reply, new DomainError('verifiable.credentialsInterrupted'));
    }
    throw error;
  };
}

const uploadStart = z.object({
  size: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

/**
 * An outside credential authority's public credentials file (`belenios-tool setup generate-credentials`'
 * .pubcreds), given by a System Admin past step-up for a verifiable draft (server/services/verifiable/
 * credentials.ts reads, checks and applies it):
 * - POST /api/admin/elections/:id/public-credentials/uploads, `{ size, sha256 }` as JSON: begins an upload of
 *   a file of up to 1 GB (201 `{ upload, partBytes, parts }`; PUBLIC_CREDENTIALS_PART_BYTES sets `partBytes`).
 * - POST .../uploads/:upload/parts/:index, the part's bytes as `application/octet-stream`: each part in order,
 *   every one `partBytes` long but the last; answered `{ received, parts }`, the last `{ count }` once the list
 *   replaced the one given before.
 * - POST /api/admin/elections/:id/public-credentials, the whole file as JSON, up to PUBLIC_CREDENTIALS_MAX_BYTES:
 *   an upload of one part, for a small list or a script.
 * The session, step-up and CSRF checks run on every request's line and headers, before its body is read, and
 * again once it has arrived; a part's place in its upload (the one due, nothing else of it being read, its
 * declared length) is checked before its body too. A body over its route's limit is refused from its
 * Content-Length, or as soon as that much has arrived, never buffered whole. Every refusal is one sentence in
 * the admin's language.
 */
export async function publicCredentialsRoutes(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'db' | 'env' | 'limits'>,
) {
  const { db, env, limits } = deps;
  const guard = adminRouteGuard(deps);
  const partBytes = env.PUBLIC_CREDENTIALS_PART_BYTES;
  // Encapsulated: these routes' bodies are kept as bytes for the workers to read; every other route keeps
  // Fastify's JSON.
  app.removeContentTypeParser(PUBLIC_CREDENTIALS_CONTENT_TYPE);
  for (const type of [PUBLIC_CREDENTIALS_CONTENT_TYPE, PUBLIC_CREDENTIALS_PART_CONTENT_TYPE]) {
    app.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: Math.max(PUBLIC_CREDENTIALS_MAX_BYTES, partBytes) },
      (_r, body, done) => done(null, body),
    );
  }

  // A file begun costs up to a gigabyte of reading: a ceiling per admin, before its first byte.
  const limitBegins = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const { user } = guard.adminOf(request);
      await consume(limits.enabled, [[limits.credentialUploadsUser, user.id]], 'limit.credentialUploads');
    } catch (error) {
      if (error instanceof DomainError) return sendDomainError(reply, error);
      throw error;
    }
  };
  const answerDomainErrors = async <T>(reply: FastifyReply, work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof DomainError) return sendDomainError(reply, error);
      throw error;
    }
  };

  app.post<{ Params: { id: string } }>(
    PUBLIC_CREDENTIALS_ROUTE,
    {
      bodyLimit: PUBLIC_CREDENTIALS_MAX_BYTES,
      onRequest: [guard.requireAdmin, refuseOtherThanJson, limitBegins],
      errorHandler: bodyErrors(
        () => new DomainError('verifiable.credentialsTooLarge', { max: PUBLIC_CREDENTIALS_MAX_MEGABYTES }),
      ),
    },
    async (request, reply) =>
      answerDomainErrors(reply, async () => {
        const body = request.body;
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
      }),
  );

  app.post<{ Params: { id: string } }>(
    PUBLIC_CREDENTIALS_UPLOADS_ROUTE,
    {
      bodyLimit: 1024,
      onRequest: [guard.requireAdmin, refuseOtherThanJson, limitBegins],
      errorHandler: bodyErrors(() => new DomainError('verifiable.credentialsUploadStart')),
    },
    async (request, reply) =>
      answerDomainErrors(reply, async () => {
        const { user } = guard.stillAdmin(request);
        let start: z.infer<typeof uploadStart>;
        try {
          start = uploadStart.parse(JSON.parse(Buffer.isBuffer(request.body) ? request.body.toString() : ''));
        } catch {
          throw new DomainError('verifiable.credentialsUploadStart');
        }
        const begun = beginUpload(db, {
          electionId: request.params.id,
          size: start.size,
          sha256: start.sha256,
          partBytes,
          actorId: user.id,
        });
        return reply.code(201).send(begun);
      }),
  );

  // The part let in by its onRequest, until its answer (or the client going away) lets the next one in.
  const claims = new WeakMap<FastifyRequest, PartClaim>();
  const release = async (request: FastifyRequest) => claims.get(request)?.release();
  type PartRequest = { Params: { id: string; upload: string; index: string } };
  app.post<PartRequest>(
    PUBLIC_CREDENTIALS_PART_ROUTE,
    {
      bodyLimit: partBytes,
      onRequest: [
        guard.requireAdmin,
        refuseOtherThanBytes,
        async (request, reply) => {
          const { id, upload, index } = request.params as PartRequest['Params'];
          const length = request.headers['content-length'];
          try {
            claims.set(
              request,
              claimPart(db, {
                electionId: id,
                uploadId: upload,
                index: /^\d{1,9}$/.test(index) ? Number(index) : -1,
                declared: length === undefined ? undefined : Number(length),
              }),
            );
          } catch (error) {
            if (error instanceof DomainError) return sendDomainError(reply, error);
            throw error;
          }
        },
      ],
      onResponse: release,
      onRequestAbort: release,
      errorHandler: bodyErrors(
        () => new DomainError('verifiable.credentialsPartTooLarge', { max: partBytes }),
      ),
    },
    async (request, reply) =>
      answerDomainErrors(reply, async () => {
        guard.stillAdmin(request);
        const claim = claims.get(request);
        if (!claim) throw new DomainError('verifiable.credentialsInterrupted');
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const answer = await receivePart(db, claim, body, () => guard.stillAdmin(request).user.id);
        return reply.code(200).send(answer);
      }),
  );
}
