import fastifyMultipart from '@fastify/multipart';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberRefInput } from '../../shared/schemas/photos';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { stopPhotoJob } from '../jobs/photo-refresh/runner';
import { setUploadedOverride } from '../services/photos/member-photos';
import { requireMember } from '../services/photos/members';
import { MAX_PHOTO_BYTES, PhotoRefused, photoFileMessages } from '../services/photos/photo-files';
import { adminRouteGuard } from './admin-session';
import { jsonError } from './errors';

async function readImage(request: FastifyRequest): Promise<Buffer | { status: number; message: string }> {
  if (!request.isMultipart()) return { status: 415, message: 'Please upload an image file.' };
  try {
    const file = await request.file();
    if (!file) return { status: 400, message: 'Please choose an image to upload.' };
    return await file.toBuffer();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') return { status: 413, message: photoFileMessages.tooLarge };
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      return { status: 400, message: 'Please upload one image at a time.' };
    }
    return { status: 400, message: 'The upload was interrupted. Please try again.' };
  }
}

/**
 * POST /api/admin/member-photos/:memberType/:memberId/image: a System Admin uploads a member's manual
 * override photo (multipart, field "image"). Also stops a running photo job when the server closes.
 */
export async function memberPhotoRoutes(app: FastifyInstance, options: { db: Db; env: Env }) {
  const { db, env } = options;
  const guard = adminRouteGuard(db);
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
      if (!ref.success) return reply.code(404).send(jsonError(404, 'No such House member or senator.'));
      try {
        requireMember(db, ref.data.memberType, ref.data.memberId);
        const image = await readImage(request);
        if (!Buffer.isBuffer(image))
          return reply.code(image.status).send(jsonError(image.status, image.message));
        const result = await setUploadedOverride(deps, ref.data, image, guard.adminOf(request).user.id);
        return reply.code(200).send(result);
      } catch (error) {
        if (error instanceof TRPCError && error.code === 'NOT_FOUND') {
          return reply.code(404).send(jsonError(404, error.message));
        }
        if (error instanceof PhotoRefused) {
          const status = error.reason === 'tooLarge' ? 413 : 415;
          return reply.code(status).send(jsonError(status, error.message));
        }
        throw error;
      }
    },
  );
}
