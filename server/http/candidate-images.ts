import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idSchema } from '../../shared/schemas/common';
import type { Db } from '../db/client';
import { candidates } from '../db/schema';
import { DomainError } from '../errors/domain-error';
import { sendDomainError } from '../errors/mapping';
import { recordAudit } from '../services/audit';
import { adminRouteGuard } from './admin-session';

// Loaded on first use: sharp and libvips add about 30 MB to the resident memory of a server that may never
// process an image (see docs/scaling.md).
const loadSharp = async () => (await import('sharp')).default;

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Candidate cards never show an image wider than this; larger uploads only cost visitors data. */
export const MAX_IMAGE_WIDTH = 800;
/** A 5 MB file can still decode to a huge bitmap; this covers 48-megapixel phone photos and no more. */
const MAX_INPUT_PIXELS = 50_000_000;
/** Raster formats a photo comes in. SVG is refused: it can carry scripts and is not a photo. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
const PUBLIC_PREFIX = '/uploads/candidates/';

interface ImageRouteOptions {
  db: Db;
  uploadsDir: string;
}

/** Decides by content, not by name or declared type, and re-encodes so nothing of the original is served. */
async function toWebp(input: Buffer): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await (await loadSharp())(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw new DomainError('upload.notAnImage');
  }
  if (format === 'svg') throw new DomainError('upload.svg');
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new DomainError('upload.notAnImage');
  try {
    return await (await loadSharp())(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_IMAGE_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new DomainError('upload.notAnImage');
  }
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
  const guard = adminRouteGuard(db);
  const folder = join(resolve(options.uploadsDir), 'candidates');
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 0, parts: 1, fieldSize: 0 },
  });

  app.post<{ Params: { id: string } }>(
    '/api/admin/candidates/:id/image',
    { onRequest: guard.requireAdmin },
    async (request, reply) => {
      const id = idSchema.safeParse(request.params.id);
      if (!id.success) return sendDomainError(reply, new DomainError('candidate.invalidId'));
      const exists = db
        .select({ id: candidates.id })
        .from(candidates)
        .where(eq(candidates.id, id.data))
        .get();
      if (!exists) return sendDomainError(reply, new DomainError('candidate.notFound', { id: id.data }));

      let webp: Buffer;
      try {
        webp = await toWebp(await readUpload(request));
      } catch (error) {
        if (error instanceof DomainError) return sendDomainError(reply, error);
        throw error;
      }

      const fileName = `${id.data}-${randomBytes(8).toString('hex')}.webp`;
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, fileName), webp);
      const imageUrl = `${PUBLIC_PREFIX}${fileName}`;
      const actorId = guard.adminOf(request).user.id;
      const before = db.transaction((tx) => {
        const row = tx
          .select({ imageUrl: candidates.imageUrl })
          .from(candidates)
          .where(eq(candidates.id, id.data))
          .get();
        if (!row) return null;
        tx.update(candidates).set({ imageUrl }).where(eq(candidates.id, id.data)).run();
        recordAudit(tx, {
          action: 'upload_image',
          tableName: 'candidates',
          recordId: id.data,
          newValues: { imageUrl },
          actorId,
        });
        return row;
      });
      if (!before) {
        // Deleted while the image was being converted.
        await rm(join(folder, fileName), { force: true });
        return sendDomainError(reply, new DomainError('candidate.notFound', { id: id.data }));
      }
      await removeReplacedImage(folder, before.imageUrl, request);
      return reply.code(200).send({ imageUrl });
    },
  );
}

/** The photo it replaces is ours to remove only when it is one of our own uploads. */
async function removeReplacedImage(folder: string, previous: string | null, request: FastifyRequest) {
  const name = previous?.startsWith(PUBLIC_PREFIX) ? previous.slice(PUBLIC_PREFIX.length) : null;
  if (!name || !/^[0-9a-f-]{36}-[0-9a-f]{16}\.webp$/.test(name)) return;
  try {
    await rm(join(folder, name), { force: true });
  } catch (error) {
    request.log.warn({ err: error, file: name }, 'could not remove a replaced candidate image');
  }
}
