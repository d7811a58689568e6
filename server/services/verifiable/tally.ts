import { setImmediate as nextTurn } from 'node:timers/promises';
import { ArchiveReader, type EncryptedTally, multiplyTallies, TarReader } from '@shared/belenios';
import { hasEnded } from '@shared/election-rules';
import { and, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { shareRefusal } from '../../belenios/refusals';
import { BeleniosRefusal, verifyPool } from '../../belenios/verify-pool';
import type { Db } from '../../db/client';
import { elections, electionTrustees, verifiableElections } from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import {
  appendToArchive,
  archivePage,
  archiveVersion,
  encryptedTallyOf,
  lastEvent,
  type PageLimits,
} from './archive';
import { tokenHash, trusteesOf } from './trustees';

/**
 * The end of a verifiable election: end of ballots and the encrypted tally (computed in workers from the
 * archive's own ballots, a part at a time), then each trustee's checked share, then the result once every share
 * is in. Each step appends to the archive in a transaction that checks the archive is still where the step began.
 */

/**
 * How the tally reads and divides a national archive (about 10 KB a ballot): a read of chunks holds at most
 * `page`, a worker task multiplies at most `ballotsPerTask` ballots, and the tally keeps one task per worker at
 * a time, so that a ballot of another election waits for one task at most. Changed by tests and benches only.
 */
export const tallyLimits = {
  page: { maxChunks: 128, maxBytes: 1024 * 1024 } as PageLimits,
  ballotsPerTask: 500,
  /** A file larger than this is hashed without being held as text: the setup's credentials file, ballots never. */
  textLimit: 4 * 1024 * 1024,
};

/** What a tally in parts found: its records, or that the archive changed (a ballot accepted meanwhile). */
type Tallied = { tallyText: string; sizedText: string } | 'changed';

/**
 * The encrypted tally of the archive up to chunk `version`, computed in parts. The archive is read a page at a
 * time and checked as it is read (ArchiveReader: names, hashes, the chain of events); each part's ballots go to
 * a worker, which returns their product; the products are multiplied here, and a last task writes the records.
 * The archive is read again each time: a server stopped meanwhile keeps nothing and starts again.
 */
async function tallyInParts(
  db: Db,
  electionId: string,
  version: number,
  electionText: string,
): Promise<Tallied> {
  const pool = verifyPool();
  const tar = new TarReader(tallyLimits.textLimit);
  const reader = new ArchiveReader({ recordsOfEachEvent: true });
  let product: EncryptedTally | null = null;
  let numTallied = 0;
  const digests: Uint8Array[] = [];
  const running = new Set<Promise<void>>();
  let failure: unknown;
  const send = async (ballots: string[]) => {
    while (running.size >= pool.options.size) await Promise.race(running);
    if (failure !== undefined) throw failure;
    const part = pool.run({ kind: 'tallyPart', electionText, ballots }).then(
      (result) => {
        product = product ? multiplyTallies(product, result.product) : result.product;
        numTallied += result.count;
        digests.push(result.credentialDigests);
      },
      (error: unknown) => {
        failure ??= error;
      },
    );
    running.add(part);
    void part.finally(() => running.delete(part));
  };
  let ballots: string[] = [];
  for (let after = 0; after < version; ) {
    const page = archivePage(db, electionId, after, version, tallyLimits.page);
    if (page.length === 0) throw new Error(`election ${electionId} has no archive chunk ${after + 1}`);
    for (const chunk of page) {
      for (const file of tar.push(chunk.bytes)) {
        const read = reader.take(file);
        if (read?.event.type === 'Setup' && reader.setup?.election !== electionText)
          throw new Error(`election ${electionId}'s archive sets up another election than its own`);
        if (read?.ballot === undefined) continue;
        ballots.push(read.ballot);
        if (ballots.length < tallyLimits.ballotsPerTask) continue;
        await send(ballots);
        ballots = [];
      }
      after = chunk.seq;
    }
    await nextTurn();
    if (failure !== undefined) throw failure;
    // A ballot accepted meanwhile: this tally would be thrown away, so it stops here.
    if (archiveVersion(db, electionId) !== version) {
      await Promise.all(running);
      return 'changed';
    }
  }
  tar.end();
  const last = reader.end().event.type;
  if (last !== 'Setup' && last !== 'Ballot')
    throw new Error(`election ${electionId}'s ballots are already closed`);
  if (ballots.length > 0) await send(ballots);
  await Promise.all(running);
  if (failure !== undefined) throw failure;
  const credentialDigests = new Uint8Array(digests.reduce((n, d) => n + d.length, 0));
  let offset = 0;
  for (const d of digests.splice(0)) {
    credentialDigests.set(d, offset);
    offset += d.length;
  }
  return pool.run({ kind: 'tallyRecords', electionText, product, numTallied, credentialDigests });
}

// The closes under way, per database and election: the admin's close and the records timer share one rather
// than read a national archive twice.
const closing = new WeakMap<object, Map<string, Promise<boolean>>>();

/** Closes the ballot box of an ended verifiable election; false when there is nothing to do. */
export function closeVerifiable(db: Db, electionId: string, now = new Date()): Promise<boolean> {
  let under = closing.get(db);
  if (!under) {
    under = new Map();
    closing.set(db, under);
  }
  const running = under.get(electionId);
  if (running) return running;
  const close = closeOnce(db, electionId, now).finally(() => under.delete(electionId));
  under.set(electionId, close);
  return close;
}

async function closeOnce(db: Db, electionId: string, now: Date): Promise<boolean> {
  const row = db
    .select({
      status: elections.status,
      startTime: elections.startTime,
      endTime: elections.endTime,
      counting: elections.counting,
    })
    .from(elections)
    .where(eq(elections.id, electionId))
    .get();
  if (row?.counting !== 'verifiable' || !hasEnded(row, now)) return false;
  const last = lastEvent(db, db, electionId);
  if (last !== 'Setup' && last !== 'Ballot') return false;
  const version = archiveVersion(db, electionId);
  const electionText = electionTextOf(db, electionId);
  if (version === null || electionText === null) return false;
  const tallied = await tallyInParts(db, electionId, version, electionText);
  if (tallied === 'changed') return false;
  const { tallyText, sizedText } = tallied;
  return db.transaction((tx) => {
    // A ballot accepted meanwhile (the end passed during the tally) means the tally is recomputed next time.
    if (archiveVersion(tx, electionId) !== version) return false;
    const now2 = lastEvent(db, tx, electionId);
    if (now2 !== 'Setup' && now2 !== 'Ballot') return false;
    appendToArchive(db, tx, electionId, (writer) => writer.endBallots());
    appendToArchive(db, tx, electionId, (writer) => writer.addEncryptedTally(tallyText, sizedText));
    return true;
  });
}

/**
 * The verifiable elections the records timer looks at: set up, ended, and without a result. One whose result is
 * in is finished and one still running has nothing to close: neither costs a read of its archive each minute.
 */
export function dueVerifiable(db: Pick<Db, 'select'>, now: Date): string[] {
  return db
    .select({ id: elections.id })
    .from(elections)
    .innerJoin(verifiableElections, eq(verifiableElections.electionId, elections.id))
    .where(
      and(
        eq(elections.counting, 'verifiable'),
        isNotNull(verifiableElections.electionText),
        isNull(verifiableElections.resultText),
        or(lt(elections.endTime, now), inArray(elections.status, ['Closed', 'Archived'])),
      ),
    )
    .all()
    .map((row) => row.id);
}

/** Every verifiable election that has ended with its ballot box still open (the records timer runs this). */
export async function closeDueVerifiable(db: Db, now = new Date()): Promise<number> {
  let closed = 0;
  for (const id of dueVerifiable(db, now)) if (await closeVerifiable(db, id, now)) closed += 1;
  return closed;
}

/**
 * trustees.submitPartialDecryption: the share of the trustee the token belongs to, checked (in a worker)
 * against that trustee's key and the archive's encrypted tally, then appended; the last share computes the
 * result and appends it.
 */
export async function submitPartialDecryption(db: Db, input: { token: string; partialDecryption: string }) {
  const trustee = db
    .select({
      id: electionTrustees.id,
      electionId: electionTrustees.electionId,
      publicKey: electionTrustees.publicKey,
      partialDecryption: electionTrustees.partialDecryption,
    })
    .from(electionTrustees)
    .where(eq(electionTrustees.tokenHash, tokenHash(input.token)))
    .get();
  if (!trustee) throw new DomainError('verifiable.trusteeTokenUnknown');
  if (trustee.partialDecryption !== null) throw new DomainError('verifiable.shareAlreadyGiven');
  // The tally and the election text, not the archive: a national archive's ballots are gigabytes.
  const tally = encryptedTallyOf(db, trustee.electionId);
  const electionText = electionTextOf(db, trustee.electionId);
  if (!tally || electionText === null) throw new DomainError('verifiable.notTallied');
  let share: string;
  try {
    ({ share } = await verifyPool().run({
      kind: 'share',
      electionText,
      tallyText: tally.tally,
      trusteeKey: trustee.publicKey,
      share: input.partialDecryption,
    }));
  } catch (error) {
    if (error instanceof BeleniosRefusal) throw shareRefusal();
    throw error;
  }
  const owner = trusteesOf(db, trustee.electionId).findIndex((t) => t.id === trustee.id) + 1;
  db.transaction((tx) => {
    const given = tx
      .update(electionTrustees)
      .set({ partialDecryption: share })
      .where(and(eq(electionTrustees.id, trustee.id), isNull(electionTrustees.partialDecryption)))
      .run();
    if (given.changes !== 1) throw new DomainError('verifiable.shareAlreadyGiven');
    appendToArchive(db, tx, trustee.electionId, (writer) => writer.addPartialDecryption(owner, share));
  });
  await publishResult(db, trustee.electionId);
  return { accepted: true as const };
}

/** Once every trustee's share is in: the result, computed in a worker and appended (once). */
export async function publishResult(db: Db, electionId: string): Promise<boolean> {
  const trustees = trusteesOf(db, electionId);
  if (trustees.some((t) => t.partialDecryption === null)) return false;
  if (lastEvent(db, db, electionId) !== 'PartialDecryption') return false;
  const tally = encryptedTallyOf(db, electionId);
  const electionText = electionTextOf(db, electionId);
  if (!tally || electionText === null) return false;
  const totalWeight = (JSON.parse(tally.sized) as { total_weight: number | string }).total_weight;
  const { resultText } = await verifyPool().run({
    kind: 'result',
    electionText,
    tallyText: tally.tally,
    trusteeKeys: trustees.map((t) => t.publicKey),
    shares: trustees.map((t) => t.partialDecryption ?? ''),
    totalWeight: String(totalWeight),
  });
  return db.transaction((tx) => {
    if (lastEvent(db, tx, electionId) !== 'PartialDecryption') return false;
    appendToArchive(db, tx, electionId, (writer) => writer.addResult(resultText));
    tx.update(verifiableElections)
      .set({ resultText })
      .where(eq(verifiableElections.electionId, electionId))
      .run();
    return true;
  });
}

/** The election's Belenios text as fixed at its opening (the archive's setup holds the same bytes). */
function electionTextOf(db: Pick<Db, 'select'>, electionId: string): string | null {
  return (
    db
      .select({ text: verifiableElections.electionText })
      .from(verifiableElections)
      .where(eq(verifiableElections.electionId, electionId))
      .get()?.text ?? null
  );
}

/** The decrypted counts in the ballot's order, or null until the result is in the archive. */
export function verifiableCounts(db: Pick<Db, 'select'>, electionId: string): number[] | null {
  const result = db
    .select({ text: verifiableElections.resultText })
    .from(verifiableElections)
    .where(eq(verifiableElections.electionId, electionId))
    .get()?.text;
  if (!result) return null;
  const counts = (JSON.parse(result) as { result: (number | string)[][] }).result[0] ?? [];
  return counts.map((n) => Number(n));
}
