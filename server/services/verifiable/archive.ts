import {
  ArchiveWriter,
  type EventType,
  readArchive,
  readTar,
  type SetupTexts,
  setSha256,
} from '@shared/belenios';
import { and, asc, eq, gt, lte, max, sql } from 'drizzle-orm';
import { opensslSha256 } from '../../belenios/openssl-sha256';
import type { Db } from '../../db/client';
import { electionArchiveChunks } from '../../db/schema';
import type { CredentialsFile } from './credentials-file';

/**
 * An election's Belenios archive as it is stored: the bytes each append wrote, in order (the table refuses
 * UPDATE and DELETE); the setup is several chunks, its public credentials file in parts. Appends run inside the
 * caller's transaction. The writer of each election is kept in memory; it is trusted only while the database's
 * last chunk is the one it wrote, and made again from that last chunk otherwise (another process, a rollback):
 * every chunk is whole files ending with an event, except the credentials file's parts, which never end it.
 */
type Tx = Pick<Db, 'select' | 'insert'>;

// The server reads archives of gigabytes (the tally checks every file against its name): OpenSSL's SHA-256.
setSha256(opensslSha256);

const writers = new WeakMap<object, Map<string, { seq: number; writer: ArchiveWriter }>>();

// A view of the bytes, not a copy: the setup's parts are megabytes each.
const asBuffer = (bytes: Uint8Array) =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

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

/** The archive's size in bytes up to chunk `seq` (its version), without reading the chunks' bytes. */
export function archiveSize(db: Pick<Db, 'select'>, electionId: string, seq: number): number {
  const row = db
    .select({ size: sql<number>`coalesce(sum(length(${electionArchiveChunks.bytes})), 0)` })
    .from(electionArchiveChunks)
    .where(and(eq(electionArchiveChunks.electionId, electionId), lte(electionArchiveChunks.seq, seq)))
    .get();
  return row?.size ?? 0;
}

function chunkAt(db: Pick<Db, 'select'>, electionId: string, seq: number): Buffer | undefined {
  return db
    .select({ bytes: electionArchiveChunks.bytes })
    .from(electionArchiveChunks)
    .where(and(eq(electionArchiveChunks.electionId, electionId), eq(electionArchiveChunks.seq, seq)))
    .get()?.bytes;
}

/**
 * The archive's chunks 1 to `seq` (its version when the download began: a later append is not half-served),
 * one read each, as it is sent: a national archive is never held whole.
 */
export async function* archiveChunks(db: Pick<Db, 'select'>, electionId: string, seq: number) {
  for (let at = 1; at <= seq; at += 1) {
    const bytes = chunkAt(db, electionId, at);
    if (!bytes) throw new Error(`election ${electionId} has no archive chunk ${at}`);
    yield bytes;
  }
}

/** How much one read of the archive's chunks may hold. */
export interface PageLimits {
  maxChunks: number;
  maxBytes: number;
}

/**
 * The archive's chunks after `after` up to `upTo`, in order, as one read of at most `maxChunks` chunks and
 * `maxBytes` bytes (one chunk at least, whatever its size: a part of the setup's credentials file is 8 MB): a
 * reader of a national archive holds a page at a time. Empty past `upTo`. The chunks' sizes are read first,
 * without their bytes.
 */
export function archivePage(
  db: Pick<Db, 'select'>,
  electionId: string,
  after: number,
  upTo: number,
  limits: PageLimits,
): { seq: number; bytes: Buffer }[] {
  const range = and(
    eq(electionArchiveChunks.electionId, electionId),
    gt(electionArchiveChunks.seq, after),
    lte(electionArchiveChunks.seq, upTo),
  );
  const sizes = db
    .select({ seq: electionArchiveChunks.seq, size: sql<number>`length(${electionArchiveChunks.bytes})` })
    .from(electionArchiveChunks)
    .where(range)
    .orderBy(asc(electionArchiveChunks.seq))
    .limit(limits.maxChunks)
    .all();
  let last = after;
  let total = 0;
  for (const { seq, size } of sizes) {
    if (last > after && total + size > limits.maxBytes) break;
    total += size;
    last = seq;
  }
  if (last === after) return [];
  return (
    db
      .select({ seq: electionArchiveChunks.seq, bytes: electionArchiveChunks.bytes })
      .from(electionArchiveChunks)
      // Bounded by this page's last chunk alone: with the archive's end as a second bound, SQLite may scan to it.
      .where(
        and(
          eq(electionArchiveChunks.electionId, electionId),
          gt(electionArchiveChunks.seq, after),
          lte(electionArchiveChunks.seq, last),
        ),
      )
      .orderBy(asc(electionArchiveChunks.seq))
      .all()
  );
}

/**
 * The archive's bytes whole, or null when the election has none (a draft, or a standard election): for tests
 * and small archives; the tally reads a national one a page at a time (archivePage).
 */
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
  const bytes = chunkAt(tx, electionId, seq);
  return bytes ? { seq, writer: ArchiveWriter.continueAfter(bytes) } : null;
}

/** The type of the archive's last event (what may be appended next), or null without an archive. */
export function lastEvent(db: Db, tx: Tx, electionId: string): EventType | null {
  return writerOf(db, tx, electionId)?.writer.lastEventType ?? null;
}

function store(db: Db, tx: Tx, electionId: string, seq: number, writer: ArchiveWriter, bytes: Uint8Array) {
  const cache = writersOf(db);
  cache.delete(electionId);
  tx.insert(electionArchiveChunks)
    .values({ electionId, seq, bytes: asBuffer(bytes) })
    .run();
  cache.set(electionId, { seq, writer });
}

/**
 * Starts the archive with the setup event (header, election, trustees, public credentials), as chunks: the head,
 * the credentials file's parts, then the setup data and its event.
 */
export function createArchive(
  db: Db,
  tx: Tx,
  electionId: string,
  setup: Omit<SetupTexts, 'publicCredentials'>,
  credentials: CredentialsFile,
  now: Date,
): void {
  if (lastSeq(tx, electionId) !== null) throw new Error(`election ${electionId} already has an archive`);
  const { writer, head, tail } = ArchiveWriter.createAround(
    setup,
    credentials,
    Math.floor(now.getTime() / 1000),
  );
  const chunks = [head, ...credentials.parts, tail];
  writersOf(db).delete(electionId);
  for (const [i, bytes] of chunks.slice(0, -1).entries())
    tx.insert(electionArchiveChunks)
      .values({ electionId, seq: i + 1, bytes: asBuffer(bytes) })
      .run();
  store(db, tx, electionId, chunks.length, writer, tail);
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

/** The archive read back whole and checked (hashes, chain), for a small archive; the tally reads it in pages. */
export function readStoredArchive(db: Pick<Db, 'select'>, electionId: string) {
  const bytes = archiveBytes(db, electionId);
  return bytes ? readArchive(bytes) : null;
}

/**
 * The encrypted tally read from the archive's last chunks (the tally's own chunk and the shares and result after
 * it), never its ballots: the partial decryptions and the result need only this. Null before the tally.
 */
function tallyFromTail(db: Pick<Db, 'select'>, electionId: string): { tally: string; sized: string } | null {
  for (let seq = lastSeq(db, electionId) ?? 0; seq > 0; seq -= 1) {
    const files = readTar(chunkAt(db, electionId, seq) ?? new Uint8Array());
    const event = files[files.length - 1];
    if (!event?.name.endsWith('.event.json')) return null;
    const type = (JSON.parse(event.content) as { type: EventType }).type;
    if (type === 'PartialDecryption' || type === 'Result') continue;
    if (type !== 'EncryptedTally') return null;
    // The chunk is the tally, its sized form, then the event (ArchiveWriter.addEncryptedTally).
    const [tally, sized] = files;
    if (!tally || !sized) return null;
    return { tally: tally.content, sized: sized.content };
  }
  return null;
}

const tallies = new WeakMap<object, Map<string, { tally: string; sized: string }>>();

/**
 * The archive's encrypted tally, or null before it is computed. Once appended it never changes, so it is read
 * from the archive's last chunks once per election and kept: a trustee's page may ask for it many times.
 */
export function encryptedTallyOf(db: Pick<Db, 'select'>, electionId: string) {
  let kept = tallies.get(db);
  if (!kept) {
    kept = new Map();
    tallies.set(db, kept);
  }
  const known = kept.get(electionId);
  if (known) return known;
  const tally = tallyFromTail(db, electionId);
  if (tally) kept.set(electionId, tally);
  return tally;
}
