import type { Hash } from 'node:crypto';
import type { CredentialsFileReading } from '@shared/belenios';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { credentialUploads } from '../../db/schema';

/**
 * What an outside authority's upload in parts (credentials.ts) and its sweeps (credential-upload-sweeps.ts) share:
 * the uploads this process is receiving, and how one ends.
 */

/** Rows written, copied or removed per transaction: a few milliseconds of the event loop each. */
export const ROWS_PER_WRITE = 2_000;

/** A receiving upload whose next part has not arrived within this long is ended, its rows removed. */
export const UPLOAD_IDLE_MINUTES = 15;

/** What the server keeps of a receiving upload between its parts: the file's hash so far and an entry cut off. */
export interface Receiving {
  hash: Hash;
  rest: Uint8Array;
  reading: CredentialsFileReading;
  /** The part being received or read, if any: the next one is refused until it is done. */
  claim: { index: number; since: number; processing: boolean } | null;
}

/**
 * Per database (a test process holds several): the uploads this process is receiving. The hash cannot be
 * stored, so an upload lives in one process: a restarted server ends the ones it had (startUploadSweeps),
 * and the admin sends the file again.
 */
const receivingOf = new WeakMap<Db, Map<string, Receiving>>();
export function receiving(db: Db): Map<string, Receiving> {
  let map = receivingOf.get(db);
  if (!map) {
    map = new Map();
    receivingOf.set(db, map);
  }
  return map;
}

export function uploadRow(db: Pick<Db, 'select'>, uploadId: string) {
  return db.select().from(credentialUploads).where(eq(credentialUploads.id, uploadId)).get();
}

/** Ends an upload (superseded, expired, refused or applied): its rows are removed by the next sweep. */
export function endUpload(db: Db, uploadId: string): void {
  receiving(db).delete(uploadId);
  db.update(credentialUploads).set({ status: 'ended' }).where(eq(credentialUploads.id, uploadId)).run();
}
