import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ErrorCode } from '@shared/errors';
import type { MemberType } from '@shared/member-photos';
import { messageText } from '../../errors/texts';

// Loaded on first use: sharp and libvips add about 30 MB to the resident memory of a server that may never
// process an image (see docs/scaling.md).
const loadSharp = async () => (await import('sharp')).default;

/** A member photo larger than this is not a portrait. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** Directory cards show photos at most 96 px wide; 320 px covers high-density screens and the admin pages. */
const WEBP_WIDTH = 320;
/** A small file can still decode to a huge bitmap; 50 megapixels covers any camera and no more. */
const MAX_INPUT_PIXELS = 50_000_000;
/** Raster formats a portrait comes in, and the extension its kept original gets. SVG can carry scripts. */
const ACCEPTED_FORMATS: Readonly<Record<string, string>> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'avif',
  heif: 'heif',
  tiff: 'tiff',
};
export const PHOTOS_URL_PREFIX = '/uploads/photos/';
/** Only names we generate are ever deleted: nothing outside the folder, nothing an admin typed. */
const OWN_FILE = /^(parliament|senate)-[0-9a-f-]{36}-(override-)?[0-9a-f]{16}(-original)?\.[a-z]{3,4}$/;

/** Each refusal's code (shared/errors.ts): its sentence for a job's log, a form or an upload's answer. */
export const photoFileMessages = {
  notAnImage: 'photo.notAnImage',
  svg: 'photo.svg',
  tooLarge: 'upload.tooLarge',
} as const satisfies Record<string, ErrorCode>;

type Refusal = keyof typeof photoFileMessages;

/** An image we will not store; `reason` lets a job word it for its log, an admin form for its user. */
export class PhotoRefused extends Error {
  constructor(readonly reason: Refusal) {
    super(messageText({ key: photoFileMessages[reason] }));
  }
}

export interface StoredPhoto {
  webpUrl: string;
  /** Present when the original was kept (refresh jobs keep it; overrides do not need it). */
  originalUrl: string | null;
}

/**
 * Decides by content, never by name or declared type: the format sharp reads, or PhotoRefused. Member photos
 * and candidate images (services/admin/candidate-image.ts) accept the same files.
 */
export async function acceptedFormat(input: Buffer): Promise<string> {
  if (input.length > MAX_PHOTO_BYTES) throw new PhotoRefused('tooLarge');
  let format: string | undefined;
  try {
    format = (await (await loadSharp())(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw new PhotoRefused('notAnImage');
  }
  if (format === 'svg') throw new PhotoRefused('svg');
  if (!format || !(format in ACCEPTED_FORMATS)) throw new PhotoRefused('notAnImage');
  return format;
}

/** Re-encodes an accepted image, so nothing of the original is served, no wider than the pages show it. */
export async function toWebp(input: Buffer, size = { width: WEBP_WIDTH, quality: 80 }): Promise<Buffer> {
  try {
    return await (await loadSharp())(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: size.width, withoutEnlargement: true })
      .webp({ quality: size.quality })
      .toBuffer();
  } catch {
    // Headers that read well over a body that does not decode: a broken image.
    throw new PhotoRefused('notAnImage');
  }
}

export function photosFolder(uploadsDir: string): string {
  return join(resolve(uploadsDir), 'photos');
}

/**
 * Checks an image by its content, re-encodes it to webp and stores it under UPLOADS_DIR/photos/, named
 * by member and content hash: the same image twice gives the same name, so an unchanged photo keeps its
 * address (and browsers their cached copy).
 */
export async function storeMemberPhoto(
  uploadsDir: string,
  member: { type: MemberType; id: string },
  input: Buffer,
  options: { keepOriginal: boolean; override?: boolean },
): Promise<StoredPhoto> {
  const format = await acceptedFormat(input);
  const webp = await toWebp(input);
  const hash = createHash('sha256').update(input).digest('hex').slice(0, 16);
  const stem = `${member.type}-${member.id}-${options.override ? 'override-' : ''}${hash}`;
  const folder = photosFolder(uploadsDir);
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, `${stem}.webp`), webp);
  let originalUrl: string | null = null;
  if (options.keepOriginal) {
    const original = `${stem}-original.${ACCEPTED_FORMATS[format]}`;
    await writeFile(join(folder, original), input);
    originalUrl = `${PHOTOS_URL_PREFIX}${original}`;
  }
  return { webpUrl: `${PHOTOS_URL_PREFIX}${stem}.webp`, originalUrl };
}

/** Removes stored photos that no longer back any URL; anything not ours is left alone. */
export async function removeStoredPhotos(
  uploadsDir: string,
  urls: Array<string | null | undefined>,
  stillUsed: Array<string | null | undefined> = [],
): Promise<void> {
  const folder = photosFolder(uploadsDir);
  for (const url of urls) {
    if (!url?.startsWith(PHOTOS_URL_PREFIX) || stillUsed.includes(url)) continue;
    const name = url.slice(PHOTOS_URL_PREFIX.length);
    if (OWN_FILE.test(name)) await rm(join(folder, name), { force: true });
  }
}
