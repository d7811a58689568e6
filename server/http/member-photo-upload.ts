import fastifyMultipart from '@fastify/multipart';
import { memberRefInput } from '@shared/schemas/photos';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { DomainError } from '../errors/domain-error';
import { sendDomainError } from '../errors/mapping';
import { stopPhotoJob } from '../jobs/photo-refresh/runner';
import { setUploadedOverride } from '../services/photos/member-photos';
import { requireMember } from '../services/photos/members';
import { MAX_PHOTO_BYTES, PhotoRefused, photoFileMessages } from '../services/photos/photo-files';
import { adminRouteGuard } from './admin-session';

const isSessionRefusal = (error: DomainError) =>
  error.kind === 'unauthorized' || error.kind === 'forbidden' || error.kind === 'stepUpRequired';

async function readImage(request: FastifyRequest): Promise<Buffer | DomainError> {
  if (!request.isMultipart()) return new DomainError('upload.notMultipart');
  try {
    const file = await request.file();
    if (!file) return new DomainError('upload.missingFile');
    return await file.toBuffer();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') return new DomainError(photoFileMessages.tooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      return new DomainError('upload.oneImage');
    }
    return new DomainError('upload.interrupted');
  }
}

/**
 * POST /api/admin/member-photos/:memberType/:memberId/image: a System Admin uploads a member's manual
 * override photo (multipart, field "image"). Also stops a running photo job when the server closes.
 */
export async function memberPhotoRoutes(app: FastifyInstance, options: { db: Db; env: Env }) {
  const { db, env } = options;
  const guard = adminRouteGuard(options);
  const deps = {
    db,
    uploadsDir: env.UPLOADS_DIR,
    sourceUrls: [env.PARLIAMENT_SOURCE_URL, env.SENATE_SOURCE_URL],
  };
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 0, parts: 1, fieldSize: 0 },
  });
  // The job records that it was stopped before the database closes (index.ts closes it after the app).
  app.addHook('onClose', async () => stopPhotoJob(db));

  app.post<{ Params: { memberType: string; memberId: string } }>(
    '/api/admin/member-photos/:memberType/:memberId/image',
    { onRequest: guard.requireAdmin },
    async (request, reply) => {
      const ref = memberRefInput.safeParse(request.params);
      if (!ref.success) return sendDomainError(reply, new DomainError('member.invalidRef'));
      try {
        requireMember(db, ref.data.memberType, ref.data.memberId);
        const image = await readImage(request);
        if (!Buffer.isBuffer(image)) return sendDomainError(reply, image);
        // The body may have trickled in for minutes: still an admin, signed in and stepped up, before converting
        // it; and again at the write itself, since the conversion takes a while too.
        guard.stillAdmin(request);
        const result = await setUploadedOverride(
          deps,
          ref.data,
          image,
          () => guard.stillAdmin(request).user.id,
        );
        return reply.code(200).send(result);
      } catch (error) {
        if (error instanceof DomainError && (error.kind === 'notFound' || isSessionRefusal(error))) {
          return sendDomainError(reply, error);
        }
        if (error instanceof PhotoRefused) {
          return sendDomainError(reply, new DomainError(photoFileMessages[error.reason]));
        }
        throw error;
      }
    },
  );
}
