import { isVotingOpen } from '@shared/election-rules';
import { MAX_BALLOT_CHARS } from '@shared/verifiable';
import { and, eq, isNull } from 'drizzle-orm';
import { derivedCredential } from '../../belenios/credential-source';
import { ballotRefusal } from '../../belenios/refusals';
import { BeleniosRefusal, verifyPool } from '../../belenios/verify-pool';
import type { Db } from '../../db/client';
import { electionCredentials, encryptedBallots } from '../../db/schema';
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
 * key file. Only a voter who had one at the opening, and may still vote, gets it.
 */
export function voterCredential(db: Db, userId: string, electionId: string, now = new Date()) {
  const election = openForBallots(db, electionId, now);
  if (election.credentialAuthority !== 'codka') throw new DomainError('verifiable.externalCredentials');
  requireEligible(db, userId, election, 'election');
  if (!credentialRow(db, electionId, userId)) throw new DomainError('verifiable.noCredential');
  return { credential: derivedCredential(db, election.uuid, userId) };
}

/** The public credentials a voter's ballot may be signed with: their own, or an outside authority's unused ones. */
function allowedCredentials(db: Db, election: VerifiableElection, userId: string): string[] {
  if (election.credentialAuthority === 'codka') {
    const own = credentialRow(db, election.id, userId);
    if (!own) throw new DomainError('verifiable.noCredential');
    return [own.credential];
  }
  return db
    .select({ credential: electionCredentials.credential })
    .from(electionCredentials)
    .where(and(eq(electionCredentials.electionId, election.id), isNull(electionCredentials.userId)))
    .all()
    .map((r) => r.credential);
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
  const credentials = allowedCredentials(db, election, userId);
  let verified: { credential: string; tracker: string };
  try {
    verified = await verifyPool().run({
      kind: 'ballot',
      electionText: election.electionText,
      credentials,
      ballot: input.ballot,
    });
  } catch (error) {
    if (error instanceof BeleniosRefusal) throw ballotRefusal(error.check);
    throw error;
  }
  return db.transaction((tx) => {
    // The election may have closed while the ballot was checked: its archive then takes no more.
    openForBallots(db, input.electionId, new Date());
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
