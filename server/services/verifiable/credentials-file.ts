import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type LargeRecord, P, tarPadding } from '@shared/belenios';
import type { Db } from '../../db/client';

/**
 * The public credentials file of an opening (section 4.8: a JSON list of the credentials in decimal, sorted by
 * value, as publicCredentialsJson writes it) built from election_credentials a page at a time, as parts of at
 * most PART_BYTES each: a national roll's file (about 620 bytes a voter) is larger than one JavaScript string
 * may be, and than one SQLite row should be. Its hash is computed as it is built (the archive names it by it).
 */

/** Rows read per query. */
const PAGE = 1_000;
/** The largest part, in bytes: the archive stores each as its own chunk row, far below SQLite's 1 GB. */
export const PART_BYTES = 8 * 1024 * 1024;

/** The credentials file's hash and size, its parts (its content, then zeros to a whole tar block), its count. */
export interface CredentialsFile extends LargeRecord {
  count: number;
  parts: Buffer[];
}

/** Every credential is below p, so the longest has p's number of digits. */
const LONGEST = P.toString().length;

/**
 * The election's credentials in the file's order, a page at a time. Numbers are ordered by their length, then
 * digit by digit; the index orders the texts digit by digit only. So the texts are read twice in the index's
 * order: the shorter ones first (kept, ordered by length: four in ten of random numbers below p), then the
 * longest ones, which follow them. Stored credentials have no leading zeros (they are written from numbers).
 */
function* orderedPages(db: Db, electionId: string): Generator<string[]> {
  const all = db.$client.prepare<[string, string, number], { credential: string }>(
    `SELECT credential FROM election_credentials WHERE election_id = ? AND credential > ?
     ORDER BY credential LIMIT ?`,
  );
  const longest = db.$client.prepare<[string, string, number, number], { credential: string }>(
    `SELECT credential FROM election_credentials WHERE election_id = ? AND credential > ?
     AND length(credential) = ? ORDER BY credential LIMIT ?`,
  );
  const shorter = new Map<number, string[]>();
  for (let after = ''; ; ) {
    const rows = all.all(electionId, after, PAGE);
    if (rows.length === 0) break;
    for (const { credential } of rows) {
      if (credential.length === LONGEST) continue;
      const same = shorter.get(credential.length);
      if (same) same.push(credential);
      else shorter.set(credential.length, [credential]);
    }
    after = (rows[rows.length - 1] as { credential: string }).credential;
    yield [];
  }
  for (const length of [...shorter.keys()].sort((a, b) => a - b)) {
    const same = shorter.get(length) as string[];
    for (let i = 0; i < same.length; i += PAGE) yield same.slice(i, i + PAGE);
  }
  shorter.clear();
  for (let after = ''; ; ) {
    const rows = longest.all(electionId, after, LONGEST, PAGE).map((r) => r.credential);
    if (rows.length === 0) break;
    after = rows[rows.length - 1] as string;
    yield rows;
  }
}

/** Takes the pages in order; finish() gives the file. */
class FileBuilder {
  private readonly hash = createHash('sha256');
  private readonly parts: Buffer[] = [];
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private size = 0;
  private count = 0;

  constructor(private readonly partBytes: number) {
    this.write(Buffer.from('['));
  }

  add(page: readonly string[]): void {
    if (page.length === 0) return;
    const text = `${this.count === 0 ? '' : ','}"${page.join('","')}"`;
    this.count += page.length;
    this.write(Buffer.from(text, 'latin1'));
  }

  private write(bytes: Buffer): void {
    this.hash.update(bytes);
    this.size += bytes.length;
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    if (this.pendingBytes >= this.partBytes) this.flush();
  }

  private flush(): void {
    if (this.pending.length > 0) this.parts.push(Buffer.concat(this.pending));
    this.pending = [];
    this.pendingBytes = 0;
  }

  finish(): CredentialsFile {
    this.write(Buffer.from(']'));
    // The zeros after the content are the archive's, not the file's: neither hashed nor counted.
    this.pending.push(Buffer.from(tarPadding(this.size)));
    this.flush();
    return { hash: this.hash.digest('hex'), size: this.size, count: this.count, parts: this.parts };
  }
}

/** The file built at once (in the opening's transaction, when what was built ahead no longer holds). */
export function credentialsFileNow(db: Db, electionId: string, partBytes = PART_BYTES): CredentialsFile {
  const builder = new FileBuilder(partBytes);
  for (const page of orderedPages(db, electionId)) builder.add(page);
  return builder.finish();
}

/** The file built ahead of the opening's transaction, letting other requests in between its pages. */
export async function credentialsFileAhead(db: Db, electionId: string): Promise<CredentialsFile> {
  const builder = new FileBuilder(PART_BYTES);
  for (const page of orderedPages(db, electionId)) {
    builder.add(page);
    await nextTurn();
  }
  return builder.finish();
}
