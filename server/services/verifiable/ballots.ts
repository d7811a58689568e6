import { isVotingOpen } from '@shared/election-rules';
import { MAX_BALLOT_CHARS } from '@shared/verifiable';
import { and, eq } from 'drizzle-orm';
import { derivedCredential } from '../../belenios/credential-source';
import { ballotRefusal } from '../../belenios/refusals';
import { BeleniosRefusal, type ListSource, verifyPool } from '../../belenios/verify-pool';
import type { Db } from '../../db/client';
import { electionCredentials, encryptedBallots, verifiableElections } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique';
import { DomainError } from '../../errors/domain-error';
import { requireEligible } from '../eligibility';
import { appendToArchive, lastEvent } from './archive';
import { type VerifiableElection, verifiableElection } from './election';

/** An election taking ballots: open now, set up, and its archive not yet past its ballots. */
function openForBallots(
  db: Db,
  electionId: string,
  now: Date,
): VerifiableElection & { electionText: string } {
  const election = verifiableElection(db, electionId);
  const text = election.electionText;
  if (!isVotingOpen(election, now) || text === null) throw new DomainError('vote.closed');
  const last = lastEvent(db, db, electionId);
  if (last !== 'Setup' && last !== 'Ballot') throw new DomainError('vote.closed');
  return { ...election, electionText: text };
}

function credentialRow(db: Pick<Db, 'select'>, electionId: string, userId: string) {
  return db
    .select({ credential: electionCredentials.credential })
    .from(electionCredentials)
    .where(and(eq(electionCredentials.electionId, electionId), eq(electionCredentials.userId, userId)))
    .get();
}

/**
 * votes.credential: with Codka as credential authority, the voter's private credential, derived again from the
 * key file. Only a voter who had one at the opening gets it, while the election is open and they are eligible;
 * once their ballot is in, it signs nothing more (one ballot per credential, a unique index).
 */
export function voterCredential(db: Db, userId: string, electionId: string, now = new Date()) {
  const election = openForBallots(db, electionId, now);
  if (election.credentialAuthority !== 'codka') throw new DomainError('verifiable.externalCredentials');
  requireEligible(db, userId, election, 'election');
  if (!credentialRow(db, electionId, userId)) throw new DomainError('verifiable.noCredential');
  return { credential: derivedCredential(db, election.uuid, userId) };
}

/**
 * What a voter's ballot may be signed with: their own public credential (Codka's), or any of the outside
 * authority's list. That list is fixed at the opening and may hold every voter's, so a worker is sent it once
 * (named by the election) rather than with every ballot; whether the credential is still unused is decided in
 * the cast's transaction.
 */
function allowedCredentials(
  db: Db,
  election: VerifiableElection,
  userId: string,
): { credentials: string[] } | { credentialList: ListSource } {
  if (election.credentialAuthority === 'codka') {
    const own = credentialRow(db, election.id, userId);
    if (!own) throw new DomainError('verifiable.noCredential');
    return { credentials: [own.credential] };
  }
  const list = {
    name: `${election.id}:${election.uuid}`,
    load: () =>
      db
        .select({ credential: electionCredentials.credential })
        .from(electionCredentials)
        .where(eq(electionCredentials.electionId, election.id))
        .all()
        .map((r) => r.credential),
  };
  return { credentialList: list };
}

/** An outside authority's credential signs one voter's ballot: one already used is not this voter's. */
function refuseUsedCredential(tx: Pick<Db, 'select'>, electionId: string, credential: string): void {
  const row = tx
    .select({ userId: electionCredentials.userId })
    .from(electionCredentials)
    .where(
      and(eq(electionCredentials.electionId, electionId), eq(electionCredentials.credential, credential)),
    )
    .get();
  if (!row || row.userId !== null) throw new DomainError('verifiable.ballotCredential');
}

function alreadyCast(db: Pick<Db, 'select'>, electionId: string, userId: string): boolean {
  return (
    db
      .select({ id: encryptedBallots.id })
      .from(encryptedBallots)
      .where(and(eq(encryptedBallots.electionId, electionId), eq(encryptedBallots.userId, userId)))
      .get() !== undefined
  );
}

/**
 * votes.castBallot: a Belenios ballot, verified whole in a worker (proofs, signature, this election, the
 * voter's credential), then stored and appended to the archive in one transaction. The unique indexes decide
 * one ballot per voter and per credential whatever the timing; a refusal adds nothing anywhere.
 */
export async function castBallot(
  db: Db,
  userId: string,
  input: { electionId: string; ballot: string },
  now = new Date(),
): Promise<{ tracker: string }> {
  if (input.ballot.length > MAX_BALLOT_CHARS) throw new DomainError('verifiable.ballotTooLarge');
  const election = openForBallots(db, input.electionId, now);
  requireEligible(db, userId, election, 'election');
  if (alreadyCast(db, election.id, userId)) throw new DomainError('vote.alreadyCast');
  const allowed = allowedCredentials(db, election, userId);
  let verified: { credential: string; tracker: string };
  try {
    verified =
      'credentials' in allowed
        ? await verifyPool().run({
            kind: 'ballot',
            electionText: election.electionText,
            credentials: allowed.credentials,
            ballot: input.ballot,
          })
        : await verifyPool().run(
            {
              kind: 'ballot',
              electionText: election.electionText,
              credentialList: allowed.credentialList.name,
              ballot: input.ballot,
            },
            allowed.credentialList,
          );
  } catch (error) {
    if (error instanceof BeleniosRefusal) throw ballotRefusal(error.check);
    throw error;
  }
  return db.transaction((tx) => {
    // The election may have closed while the ballot was checked: its archive then takes no more.
    openForBallots(db, input.electionId, new Date());
    // Asked again, first: another of this voter's ballots may have been stored while this one was checked, and
    // the answer is then that they have voted, whatever else the two share (the credential, the whole ballot),
    // which the unique indexes and the credential's owner below would otherwise name instead.
    if (alreadyCast(tx, election.id, userId)) throw new DomainError('vote.alreadyCast');
    if (election.credentialAuthority === 'external')
      refuseUsedCredential(tx, election.id, verified.credential);
    try {
      tx.insert(encryptedBallots)
        .values({
          electionId: election.id,
          userId,
          credential: verified.credential,
          ballot: input.ballot,
          tracker: verified.tracker,
          createdAt: now,
        })
        .run();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const message = error instanceof Error ? error.message : '';
      throw new DomainError(message.includes('user_id') ? 'vote.alreadyCast' : 'verifiable.ballotReplayed');
    }
    if (election.credentialAuthority === 'external') {
      // The outside authority's credential is now this voter's: a second voter cannot use it.
      tx.update(electionCredentials)
        .set({ userId })
        .where(
          and(
            eq(electionCredentials.electionId, election.id),
            eq(electionCredentials.credential, verified.credential),
          ),
        )
        .run();
    }
    appendToArchive(db, tx, election.id, (writer) => writer.addBallot(input.ballot));
    return { tracker: verified.tracker };
  });
}

/** Who gives a verifiable election's credentials: Codka, or an outside authority (the voter types theirs). */
export function credentialAuthorityOf(db: Pick<Db, 'select'>, electionId: string) {
  return (
    db
      .select({ authority: verifiableElections.credentialAuthority })
      .from(verifiableElections)
      .where(eq(verifiableElections.electionId, electionId))
      .get()?.authority ?? 'codka'
  );
}

/** A voter's own accepted ballot: its tracker (the receipt, shown again on a later visit) and when it was cast. */
export function ballotOf(db: Pick<Db, 'select'>, electionId: string, userId: string | null) {
  if (!userId) return null;
  return (
    db
      .select({ tracker: encryptedBallots.tracker, createdAt: encryptedBallots.createdAt })
      .from(encryptedBallots)
      .where(and(eq(encryptedBallots.electionId, electionId), eq(encryptedBallots.userId, userId)))
      .get() ?? null
  );
}
