import fastifyMultipart from '@fastify/multipart';
import type { ErrorCode } from '@shared/errors';
import { idSchema } from '@shared/schemas/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { DomainError } from '../errors/domain-error';
import { sendDomainError } from '../errors/mapping';
import { candidateExists, setCandidateImage } from '../services/admin/candidate-image';
import { MAX_PHOTO_BYTES, PhotoRefused } from '../services/photos/photo-files';
import { adminRouteGuard } from './admin-session';

/** The upload limit: the same 5 MB photo-files accepts for any photo. */
export const MAX_IMAGE_BYTES = MAX_PHOTO_BYTES;

/** photo-files words its refusals for member photos ("Please use"); a candidate upload says "Please upload". */
const uploadRefusals = {
  notAnImage: 'upload.notAnImage',
  svg: 'upload.svg',
  tooLarge: 'upload.tooLarge',
} as const satisfies Record<PhotoRefused['reason'], ErrorCode>;

interface ImageRouteOptions {
  db: Db;
  env: Env;
  uploadsDir: string;
}

async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new DomainError('upload.notMultipart');
  try {
    let image: Buffer | null = null;
    // Reading past the first part is what surfaces the parts limit: request.file() alone took the first file
    // of several and ignored the rest.
    for await (const part of request.parts()) {
      if (part.type !== 'file') throw new DomainError('upload.oneImage');
      image = await part.toBuffer();
    }
    if (!image) throw new DomainError('upload.missingFile');
    return image;
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('upload.tooLarge');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new DomainError('upload.oneImage');
    }
    throw new DomainError('upload.interrupted');
  }
}

/** POST /api/admin/candidates/:id/image: a System Admin sets a candidate's photo (multipart, field "image"). */
export async function candidateImageRoutes(app: FastifyInstance, options: ImageRouteOptions) {
  const { db } = options;
  const guard = adminRouteGuard(options);
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 0, parts: 1, fieldSize: 0 },
  });

  app.post<{ Params: { id: string } }>(
    '/api/admin/candidates/:id/image',
    { onRequest: guard.requireAdmin },
    async (request, reply) => {
      const id = idSchema.safeParse(request.params.id);
      if (!id.success) return sendDomainError(reply, new DomainError('candidate.invalidId'));
      const notFound = new DomainError('candidate.notFound', { id: id.data });
      if (!candidateExists(db, id.data)) return sendDomainError(reply, notFound);

      let stored: { imageUrl: string } | null;
      try {
        const image = await readUpload(request);
        // The body may have trickled in for minutes: still an admin, signed in and stepped up, before converting
        // it; and again at the write itself, since the conversion takes a while too.
        guard.stillAdmin(request);
        const deps = { db, uploadsDir: options.uploadsDir, log: request.log };
        stored = await setCandidateImage(deps, id.data, image, () => guard.stillAdmin(request).user.id);
      } catch (error) {
        if (error instanceof PhotoRefused)
          return sendDomainError(reply, new DomainError(uploadRefusals[error.reason]));
        if (error instanceof DomainError) return sendDomainError(reply, error);
        throw error;
      }
      // Null when the candidate was deleted while the image was being converted.
      if (!stored) return sendDomainError(reply, notFound);
      return reply.code(200).send(stored);
    },
  );
}
