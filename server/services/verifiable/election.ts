import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { elections, verifiableElections } from '../../db/schema';
import { DomainError } from '../../errors/domain-error';

/** An election with its Belenios side, for the verifiable services; refused when it is not verifiable. */
export function verifiableElection(db: Pick<Db, 'select'>, electionId: string) {
  const row = db
    .select({
      id: elections.id,
      title: elections.title,
      titleSo: elections.titleSo,
      description: elections.description,
      status: elections.status,
      startTime: elections.startTime,
      endTime: elections.endTime,
      eligibility: elections.eligibility,
      eligibleRegions: elections.eligibleRegions,
      counting: elections.counting,
      uuid: verifiableElections.uuid,
      credentialAuthority: verifiableElections.credentialAuthority,
      credentialsList: verifiableElections.credentialsList,
      credentialsCount: verifiableElections.credentialsCount,
      electionText: verifiableElections.electionText,
    })
    .from(elections)
    .leftJoin(verifiableElections, eq(verifiableElections.electionId, elections.id))
    .where(eq(elections.id, electionId))
    .get();
  if (!row) throw new DomainError('election.notFound', { id: electionId });
  if (row.counting !== 'verifiable' || row.uuid === null) throw new DomainError('verifiable.notVerifiable');
  return { ...row, uuid: row.uuid, credentialAuthority: row.credentialAuthority ?? 'codka' };
}
export type VerifiableElection = ReturnType<typeof verifiableElection>;

/** Trustees and an outside authority's credentials are set while the election is a draft, never after. */
export function requireDraft(election: VerifiableElection): void {
  if (election.status !== 'Draft' || election.electionText !== null)
    throw new DomainError('verifiable.notDraft');
}

/**
 * Whether an election was opened as verifiable: its setup, and so its public archive, exist from then on, and
 * fix its candidates, its counting and its ballot box (docs/election-record.md#verifiable-elections).
 */
export function isSetUp(db: Pick<Db, 'select'>, electionId: string): boolean {
  const side = db
    .select({ text: verifiableElections.electionText })
    .from(verifiableElections)
    .where(eq(verifiableElections.electionId, electionId))
    .get();
  return Boolean(side?.text);
}

/**
 * The candidates of a verifiable election are its question's answers, fixed in the setup at the opening: none is
 * added, removed or renamed after (the counts are read back in that order).
 */
export function refuseFixedBallot(db: Pick<Db, 'select'>, electionId: string): void {
  if (isSetUp(db, electionId)) throw new DomainError('verifiable.ballotFixed');
}

/**
 * elections.beleniosElection: a verifiable election's Belenios election text, the setup's `election` exactly as
 * its archive holds it (the bytes whose hash every ballot is bound to). It holds the election key, the uuid and
 * the question: all a voter's browser needs to encrypt and audit a ballot, without the archive (every other
 * voter's ballot). Fixed once the election opens, so any copy stays right. A draft has none, and is private.
 */
export function publishedElection(db: Pick<Db, 'select'>, electionId: string): { election: string } {
  const row = db
    .select({
      status: elections.status,
      counting: elections.counting,
      electionText: verifiableElections.electionText,
    })
    .from(elections)
    .leftJoin(verifiableElections, eq(verifiableElections.electionId, elections.id))
    .where(eq(elections.id, electionId))
    .get();
  if (!row || row.status === 'Draft') throw new DomainError('election.notFound', { id: electionId });
  if (row.counting !== 'verifiable') throw new DomainError('verifiable.notVerifiable');
  if (row.electionText === null) throw new DomainError('election.notFound', { id: electionId });
  return { election: row.electionText };
}
