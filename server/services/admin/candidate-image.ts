import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { candidates } from '../../db/schema';
import { recordAudit } from '../audit';
import { acceptedFormat, toWebp } from '../photos/photo-files';

/** Candidate cards never show an image wider than this; larger uploads only cost visitors data. */
export const MAX_IMAGE_WIDTH = 800;
const PUBLIC_PREFIX = '/uploads/candidates/';
/** Only names we generate are ever deleted: nothing outside the folder, nothing an admin typed. */
const OWN_FILE = /^[0-9a-f-]{36}-[0-9a-f]{16}\.webp$/;

export interface CandidateImageDeps {
  db: Db;
  uploadsDir: string;
  /** Where a replaced image that could not be removed is reported (the request's logger). */
  log: { warn(details: object, message: string): void };
}

export function candidateExists(db: Db, candidateId: string): boolean {
  return Boolean(
    db.select({ id: candidates.id }).from(candidates).where(eq(candidates.id, candidateId)).get(),
  );
}

/**
 * A System Admin sets a candidate's photo: checked by content and re-encoded by photo-files (PhotoRefused
 * when it is not an image we accept), stored under UPLOADS_DIR/candidates/, recorded with its audit row, and
 * the image it replaces removed. Null when the candidate does not exist (or was deleted during the upload).
 *
 * `actorAtWrite` gives the acting System Admin's id, checked again inside the write's transaction with nothing
 * awaited in between: a conversion can take seconds, and an admin deactivated or signed out meanwhile writes
 * nothing (it throws the refusal; the converted file is removed).
 */
export async function setCandidateImage(
  deps: CandidateImageDeps,
  candidateId: string,
  image: Buffer,
  actorAtWrite: () => string,
): Promise<{ imageUrl: string } | null> {
  await acceptedFormat(image);
  const webp = await toWebp(image, { width: MAX_IMAGE_WIDTH, quality: 82 });

  const folder = join(resolve(deps.uploadsDir), 'candidates');
  const fileName = `${candidateId}-${randomBytes(8).toString('hex')}.webp`;
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, fileName), webp);
  const imageUrl = `${PUBLIC_PREFIX}${fileName}`;
  let before: { imageUrl: string | null } | null;
  try {
    before = writeImageRow(deps.db, candidateId, imageUrl, actorAtWrite);
  } catch (error) {
    await rm(join(folder, fileName), { force: true });
    throw error;
  }
  if (!before) {
    // Deleted while the image was being converted.
    await rm(join(folder, fileName), { force: true });
    return null;
  }
  await removeReplacedImage(deps, folder, before.imageUrl);
  return { imageUrl };
}

function writeImageRow(db: Db, candidateId: string, imageUrl: string, actorAtWrite: () => string) {
  return db.transaction((tx) => {
    const actorId = actorAtWrite();
    const row = tx
      .select({ imageUrl: candidates.imageUrl })
      .from(candidates)
      .where(eq(candidates.id, candidateId))
      .get();
    if (!row) return null;
    tx.update(candidates).set({ imageUrl }).where(eq(candidates.id, candidateId)).run();
    recordAudit(tx, {
      action: 'upload_image',
      tableName: 'candidates',
      recordId: candidateId,
      newValues: { imageUrl },
      before: row,
      actorId,
    });
    return row;
  });
}

/** The photo it replaces is ours to remove only when it is one of our own uploads. */
async function removeReplacedImage(deps: CandidateImageDeps, folder: string, previous: string | null) {
  const name = previous?.startsWith(PUBLIC_PREFIX) ? previous.slice(PUBLIC_PREFIX.length) : null;
  if (!name || !OWN_FILE.test(name)) return;
  try {
    await rm(join(folder, name), { force: true });
  } catch (error) {
    deps.log.warn({ err: error, file: name }, 'could not remove a replaced candidate image');
  }
}
