import { createHash } from 'node:crypto';
import { electionArchiveChunks, electionCredentials } from '@server/db/schema';
import { appendToArchive, archiveBytes, createArchive, lastEvent } from '@server/services/verifiable/archive';
import { credentialsFileNow } from '@server/services/verifiable/credentials-file';
import { ArchiveWriter, publicCredentialsJson, readArchive, tarPadding } from '@shared/belenios';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { listening } from '../../helpers/verifiable';
import { verifiableElection } from '../../helpers/verifiable-factories';

/**
 * A setup whose public credentials file is too large for one string or one row: the file is built from the
 * stored credentials a page at a time and stored as several chunks, and the archive they make is byte for byte
 * the one the core writes from the whole list; it is served a chunk at a time, and appended to after its last
 * chunk without reading the rest.
 */

let built: TestApp;
let base: string;

beforeAll(async () => {
  built = await buildTestApp();
  base = await listening(built);
});
afterAll(() => built.app.close());

/** A decimal number of `digits` digits without a leading zero, as credentials are stored. */
function decimal(digits: number): string {
  let text = String(1 + Math.floor(Math.random() * 9));
  while (text.length < digits) text += String(Math.floor(Math.random() * 10));
  return text;
}

const SETUP = { election: '{"fake":"election"}', trustees: '[{"fake":"trustees"}]' };

describe('a setup in parts', () => {
  it('is the list the core writes, split in parts no larger than asked, and the same archive', async () => {
    const { electionId } = await verifiableElection(built.db, { open: false });
    // Numbers of several lengths: the file orders them by value, which is not the texts' order.
    const credentials = Array.from({ length: 700 }, (_, i) =>
      decimal(i % 7 === 0 ? 615 : i % 3 === 0 ? 616 : 617),
    );
    built.db
      .insert(electionCredentials)
      .values(credentials.map((credential) => ({ electionId, credential })))
      .run();
    const file = credentialsFileNow(built.db, electionId, 20_000);
    const expected = publicCredentialsJson(credentials);
    const content = Buffer.concat(file.parts);
    expect(file.count).toBe(700);
    expect(file.size).toBe(expected.length);
    expect(content.subarray(0, file.size).toString('latin1')).toBe(expected);
    expect(content.length).toBe(file.size + tarPadding(file.size).length);
    expect(file.hash).toBe(createHash('sha256').update(expected).digest('hex'));
    // A part is cut after the page that reaches the size asked: one page at most beyond it.
    expect(file.parts.length).toBeGreaterThan(2);
    for (const part of file.parts) expect(part.length).toBeLessThan(20_000 + 1_000 * 620);

    // Stored as head, parts and tail: the bytes of the archive the core makes from the whole list.
    const now = new Date(1_800_000_000_000);
    built.db.transaction(() => createArchive(built.db, built.db, electionId, SETUP, file, now));
    const chunks = built.db
      .select()
      .from(electionArchiveChunks)
      .where(eq(electionArchiveChunks.electionId, electionId))
      .orderBy(asc(electionArchiveChunks.seq))
      .all();
    expect(chunks.map((c) => c.seq)).toEqual(chunks.map((_, i) => i + 1));
    expect(chunks.length).toBe(file.parts.length + 2);
    const whole = ArchiveWriter.create({ ...SETUP, publicCredentials: expected }, 1_800_000_000);
    expect(Buffer.from(archiveBytes(built.db, electionId) ?? []).equals(Buffer.from(whole.bytes()))).toBe(
      true,
    );

    // Appended to after its last chunk, by a writer made again from that chunk alone (another process's).
    const other = {} as typeof built.db;
    Object.setPrototypeOf(other, built.db);
    expect(lastEvent(other, built.db, electionId)).toBe('Setup');
    built.db.transaction(() => appendToArchive(other, built.db, electionId, (writer) => writer.endBallots()));
    whole.endBallots();
    const stored = archiveBytes(built.db, electionId) ?? new Uint8Array();
    expect(Buffer.from(stored).equals(Buffer.from(whole.bytes()))).toBe(true);
    expect(readArchive(stored).setup.publicCredentials).toBe(expected);

    // Served a chunk at a time, with its length, its version and no change of a byte.
    const response = await fetch(`${base}/api/v1/elections/${electionId}/archive.bel`);
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBe(stored.length);
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(stored))).toBe(true);
    const etag = response.headers.get('etag') ?? '';
    expect(etag).toBe(`"${electionId}-${chunks.length + 1}"`);
    const again = await fetch(`${base}/api/v1/elections/${electionId}/archive.bel`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });
});
