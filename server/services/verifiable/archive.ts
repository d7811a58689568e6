import { ArchiveWriter, type EventType, readArchive, type SetupTexts } from '@shared/belenios';
import { asc, eq, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { electionArchiveChunks } from '../../db/schema';

/**
 * An election's Belenios archive as it is stored: the bytes each append wrote, in order (the table refuses
 * UPDATE and DELETE). Appends run inside the caller's transaction. The writer of each election is kept in
 * memory to avoid reading the whole archive again for every ballot; it is trusted only while the database's
 * last chunk is the one it wrote, and read back from the database otherwise (another process, a rollback).
 */
type Tx = Pick<Db, 'select' | 'insert'>;

const writers = new WeakMap<object, Map<string, { seq: number; writer: ArchiveWriter }>>();

function writersOf(db: object) {
  let map = writers.get(db);
  if (!map) {
    map = new Map();
    writers.set(db, map);
  }
  return map;
}

function lastSeq(tx: Pick<Db, 'select'>, electionId: string): number | null {
  const row = tx
    .select({ seq: max(electionArchiveChunks.seq) })
    .from(electionArchiveChunks)
    .where(eq(electionArchiveChunks.electionId, electionId))
    .get();
  return row?.seq ?? null;
}

/** The number of the archive's last chunk (chunks never change, so it names the version), or null without one. */
export const archiveVersion = (db: Pick<Db, 'select'>, electionId: string): number | null =>
  lastSeq(db, electionId);

/** The archive's bytes as served, or null when the election has none (a draft, or a standard election). */
export function archiveBytes(db: Pick<Db, 'select'>, electionId: string): Buffer | null {
  const chunks = db
    .select({ bytes: electionArchiveChunks.bytes })
    .from(electionArchiveChunks)
    .where(eq(electionArchiveChunks.electionId, electionId))
    .orderBy(asc(electionArchiveChunks.seq))
    .all();
  return chunks.length === 0 ? null : Buffer.concat(chunks.map((c) => c.bytes));
}

function writerOf(db: Db, tx: Tx, electionId: string): { seq: number; writer: ArchiveWriter } | null {
  const seq = lastSeq(tx, electionId);
  if (seq === null) return null;
  const cached = writersOf(db).get(electionId);
  if (cached && cached.seq === seq) return cached;
  const bytes = archiveBytes(tx as Pick<Db, 'select'>, electionId);
  return bytes ? { seq, writer: ArchiveWriter.resume(bytes) } : null;
}

/** The type of the archive's last event (what may be appended next), or null without an archive. */
export function lastEvent(db: Db, tx: Tx, electionId: string): EventType | null {
  return writerOf(db, tx, electionId)?.writer.lastEventType ?? null;
}

function store(db: Db, tx: Tx, electionId: string, seq: number, writer: ArchiveWriter, bytes: Uint8Array) {
  const cache = writersOf(db);
  cache.delete(electionId);
  tx.insert(electionArchiveChunks)
    .values({ electionId, seq, bytes: Buffer.from(bytes) })
    .run();
  cache.set(electionId, { seq, writer });
}

/** Starts the archive with the setup event (header, election, trustees, public credentials). */
export function createArchive(db: Db, tx: Tx, electionId: string, setup: SetupTexts, now: Date): void {
  if (lastSeq(tx, electionId) !== null) throw new Error(`election ${electionId} already has an archive`);
  const writer = ArchiveWriter.create(setup, Math.floor(now.getTime() / 1000));
  store(db, tx, electionId, 1, writer, writer.bytes());
}

/** Appends what `append` writes with the election's writer, in the caller's transaction. */
export function appendToArchive(
  db: Db,
  tx: Tx,
  electionId: string,
  append: (writer: ArchiveWriter) => Uint8Array,
): void {
  const current = writerOf(db, tx, electionId);
  if (!current) throw new Error(`election ${electionId} has no archive to append to`);
  // The writer changes as it appends: forgotten until the chunk is stored, so a failure leaves no stale copy.
  writersOf(db).delete(electionId);
  const bytes = append(current.writer);
  store(db, tx, electionId, current.seq + 1, current.writer, bytes);
}

/** The archive read back and checked (hashes, chain): the tally and shares come from here. */
export function readStoredArchive(db: Pick<Db, 'select'>, electionId: string) {
  const bytes = archiveBytes(db, electionId);
  return bytes ? readArchive(bytes) : null;
}

const tallies = new WeakMap<object, Map<string, { tally: string; sized: string }>>();

/**
 * The archive's encrypted tally, or null before it is computed. Once appended it never changes, so it is read
 * from the archive (every ballot) once per election and kept: a trustee's page may ask for it many times.
 */
export function encryptedTallyOf(db: Pick<Db, 'select'>, electionId: string) {
  let kept = tallies.get(db);
  if (!kept) {
    kept = new Map();
    tallies.set(db, kept);
  }
  const known = kept.get(electionId);
  if (known) return known;
  const tally = readStoredArchive(db, electionId)?.encryptedTally ?? null;
  if (tally) kept.set(electionId, tally);
  return tally;
}
