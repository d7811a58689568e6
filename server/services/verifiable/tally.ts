import { hasEnded } from '@shared/election-rules';
import { and, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { shareRefusal } from '../../belenios/refusals';
import { BeleniosRefusal, verifyPool } from '../../belenios/verify-pool';
import type { Db } from '../../db/client';
import { elections, electionTrustees, verifiableElections } from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import { appendToArchive, archiveVersion, encryptedTallyOf, lastEvent, readStoredArchive } from './archive';
import { tokenHash, trusteesOf } from './trustees';

/**
 * The end of a verifiable election: end of ballots and the encrypted tally (computed in a worker from the
 * archive's own ballots), then each trustee's checked share, then the result once every share is in. Each
 * step appends to the archive in a transaction that checks the archive is still where the step began.
 */

/** Closes the ballot box of an ended verifiable election; false when there is nothing to do. */
export async function closeVerifiable(db: Db, electionId: string, now = new Date()): Promise<boolean> {
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
  const archive = readStoredArchive(db, electionId);
  if (!archive) return false;
  const { tallyText, sizedText } = await verifyPool().run({
    kind: 'tally',
    electionText: archive.setup.election,
    ballots: archive.ballots,
  });
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
  const share = input.partialDecryption.trim();
  try {
    await verifyPool().run({
      kind: 'share',
      electionText,
      tallyText: tally.tally,
      trusteeKey: trustee.publicKey,
      share,
    });
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
