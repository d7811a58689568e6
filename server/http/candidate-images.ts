import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idSchema } from '../../shared/schemas/common';
import type { Db } from '../db/client';
import { candidateExists, setCandidateImage } from '../services/admin/candidate-image';
import { MAX_PHOTO_BYTES, PhotoRefused } from '../services/photos/photo-files';
import { adminRouteGuard } from './admin-session';
import { jsonError } from './errors';

/** The upload limit: the same 5 MB photo-files accepts for any photo. */
export const MAX_IMAGE_BYTES = MAX_PHOTO_BYTES;

export const imageMessages = {
  tooLarge: 'The image is larger than 5 MB.',
  notMultipart: 'Please upload an image file.',
  missingFile: 'Please choose an image to upload.',
  notAnImage: 'The file is not an image we can read. Please upload a JPEG, PNG, WebP or GIF image.',
  svg: 'SVG images are not accepted. Please upload a JPEG, PNG, WebP or GIF image.',
} as const;

interface ImageRouteOptions {
  db: Db;
  uploadsDir: string;
}

class ImageRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new ImageRefused(415, imageMessages.notMultipart);
  try {
    let image: Buffer | null = null;
    // Reading past the first part is what surfaces the parts limit: request.file() alone took the first file
    // of several and ignored the rest.
    for await (const part of request.parts()) {
      if (part.type !== 'file') throw new ImageRefused(400, 'Please upload one image at a time.');
      image = await part.toBuffer();
    }
    if (!image) throw new ImageRefused(400, imageMessages.missingFile);
    return image;
  } catch (error) {
    if (error instanceof ImageRefused) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ImageRefused(413, imageMessages.tooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new ImageRefused(400, 'Please upload one image at a time.');
    }
    throw new ImageRefused(400, 'The upload was interrupted. Please try again.');
  }
}

/** POST /api/admin/candidates/:id/image: a System Admin sets a candidate's photo (multipart, field "image"). */
export async function candidateImageRoutes(app: FastifyInstance, options: ImageRouteOptions) {
  const { db } = options;
  const guard = adminRouteGuard(db);
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 0, parts: 1, fieldSize: 0 },
  });

  app.post<{ Params: { id: string } }>(
    '/api/admin/candidates/:id/image',
    { onRequest: guard.requireAdmin },
    async (request, reply) => {
      const id = idSchema.safeParse(request.params.id);
      if (!id.success) return reply.code(404).send(jsonError(404, 'No candidate with this id.'));
      if (!candidateExists(db, id.data))
        return reply.code(404).send(jsonError(404, `No candidate with id ${id.data}.`));

      let stored: { imageUrl: string } | null;
      try {
        const image = await readUpload(request);
        const deps = { db, uploadsDir: options.uploadsDir, log: request.log };
        stored = await setCandidateImage(deps, id.data, image, guard.adminOf(request).user.id);
      } catch (error) {
        if (error instanceof PhotoRefused) {
          const status = error.reason === 'tooLarge' ? 413 : 415;
          return reply.code(status).send(jsonError(status, imageMessages[error.reason]));
        }
        if (error instanceof ImageRefused)
          return reply.code(error.status).send(jsonError(error.status, error.message));
        throw error;
      }
      if (!stored) return reply.code(404).send(jsonError(404, `No candidate with id ${id.data}.`));
      return reply.code(200).send(stored);
    },
  );
}
