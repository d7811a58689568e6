import { generateUuid, setModularExponentiation, setPbkdf2Sha256 } from '@shared/belenios';
import { MIN_TRUSTEES } from '@shared/verifiable';
import { asc, count, eq } from 'drizzle-orm';
import { opensslPowMod } from '../../belenios/openssl-modexp';
import { opensslPbkdf2 } from '../../belenios/openssl-pbkdf2';
import { verifyPool } from '../../belenios/verify-pool';
import { type SetupInputs, setupTexts } from '../../belenios/verify-tasks';
import type { Db } from '../../db/client';
import { candidates, electionTrustees, verifiableElections, votes } from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import { createArchive } from './archive';
import { catchUpCredentials, preparationVersion, settleCredentials } from './credential-catch-up';
import { type CredentialsFile, credentialsFileAhead, credentialsFileNow } from './credentials-file';
import { isSetUp, type VerifiableElection, verifiableElection } from './election';
import { refuseElectionKeyOfOne, trusteesOf } from './trustees';

// The few accounts that became eligible since their credentials were prepared get theirs in the opening's
// transaction, on this thread, with OpenSSL's exponentiation and PBKDF2 rather than JavaScript's.
setModularExponentiation(opensslPowMod);
setPbkdf2Sha256(opensslPbkdf2);

/** A new verifiable election's Belenios side: its uuid, fixed from the draft on (credentials derive from it). */
export function createVerifiableSide(tx: Pick<Db, 'insert'>, electionId: string): void {
  tx.insert(verifiableElections).values({ electionId, uuid: generateUuid() }).run();
}

/**
 * What admin.elections.update may change of how an election is counted (docs/product.md#election-statuses): the
 * counting only while a draft that nobody has voted in and that was never opened as verifiable (what was counted
 * one way stays so); and a verifiable election, once opened, never becomes a draft again, since its setup and
 * ballot box are public from its opening on and only grow. A draft made verifiable gets its uuid then.
 */
export function changeCounting(
  tx: Pick<Db, 'select' | 'insert'>,
  electionId: string,
  edit: { counting?: 'standard' | 'verifiable' | undefined; status?: string | undefined },
  before: Record<string, unknown> | null | undefined,
): void {
  if (!before) return;
  const setUp = isSetUp(tx, electionId);
  if (setUp && edit.status === 'Draft') throw new DomainError('verifiable.setupFixed');
  if (edit.counting === undefined || before.counting === edit.counting) return;
  const voted = tx
    .select({ id: votes.id })
    .from(votes)
    .where(eq(votes.electionId, electionId))
    .limit(1)
    .get();
  if (before.status !== 'Draft' || setUp || voted) throw new DomainError('verifiable.countingFixed');
  const side = tx
    .select({ id: verifiableElections.electionId })
    .from(verifiableElections)
    .where(eq(verifiableElections.electionId, electionId))
    .get();
  if (edit.counting === 'verifiable' && !side) createVerifiableSide(tx, electionId);
}

/** How a candidate's name reads to a person: case, spacing, composed letters and invisible characters aside. */
function readAs(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/\p{Default_Ignorable_Code_Point}/gu, '')
    .toLocaleLowerCase('en')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Refuses an opening the public record could not be read from, or that would hide nothing (at the request and
 * again at the confirm): too few trustees, trustees whose keys make an election key of 1, or two candidates whose
 * names read alike, since the result lists the answers by name only and a voter's browser encrypts the name chosen.
 */
export function refuseIncompleteSetup(db: Pick<Db, 'select'>, electionId: string): void {
  const row = db
    .select({ n: count() })
    .from(electionTrustees)
    .where(eq(electionTrustees.electionId, electionId))
    .get();
  if ((row?.n ?? 0) < MIN_TRUSTEES) throw new DomainError('verifiable.tooFewTrustees', { min: MIN_TRUSTEES });
  // A trustee removed since the others were added may leave keys that cancel out.
  refuseElectionKeyOfOne(db, electionId);
  const seen = new Set<string>();
  for (const { name } of db
    .select({ name: candidates.name })
    .from(candidates)
    .where(eq(candidates.electionId, electionId))
    .all()) {
    if (seen.has(readAs(name))) throw new DomainError('verifiable.sameCandidateNames', { name });
    seen.add(readAs(name));
  }
}

/** What the setup's texts are made of, read now: the ballot's candidates as one question, choose exactly one. */
function setupInputs(db: Db, election: VerifiableElection): SetupInputs {
  const answers = db
    .select({ name: candidates.name })
    .from(candidates)
    .where(eq(candidates.electionId, election.id))
    .orderBy(asc(candidates.orderIndex), asc(candidates.id))
    .all()
    .map((c) => c.name);
  const title = election.title || election.titleSo;
  return {
    uuid: election.uuid,
    name: title,
    description: election.description ?? '',
    questions: [{ question: title, answers, min: 1, max: 1 }],
    trustees: trusteesOf(db, election.id).map((t) => t.publicKey),
  };
}

/**
 * The opening of a verifiable election, in the transaction that makes it Active: the election's Belenios text
 * (the ballot's candidates as one question, choose exactly one), the trustees in their order, the public
 * credentials (Codka's: one per eligible voter, made ahead by the preparation job and brought up to date here;
 * or the outside authority's), and the archive's setup event. What was built `ahead` of the transaction is
 * used while it still holds. Nothing is done for a standard election or one already set up (reopened after a
 * close).
 */
export function openVerifiable(db: Db, electionId: string, now: Date, ahead?: OpeningAhead): void {
  const election = verifiableElection(db, electionId);
  if (election.electionText !== null) return;
  refuseIncompleteSetup(db, electionId);
  const mine = ahead?.electionId === electionId ? ahead : undefined;
  const inputs = setupInputs(db, election);
  // Made ahead in a worker (each trustee's proof is checked again: 2048-bit exponentiations); made here only
  // when a trustee, a candidate or the title changed since.
  const texts = mine?.inputs === JSON.stringify(inputs) ? mine.texts : setupTexts(inputs);
  let credentials: CredentialsFile | undefined;
  if (election.credentialAuthority === 'codka') {
    // Who is eligible is decided now, in the transaction: the accounts changed since the credentials were made
    // are looked at again. The file built ahead is used while it is still theirs (the usual case: the few
    // changes of the last moments seldom change who holds one).
    const settled = settleCredentials(db, election);
    if (mine?.credentials && mine.version === settled.version && !settled.changed)
      credentials = mine.credentials;
  }
  if (election.credentialAuthority === 'external') {
    // Written a part at a time: only a list whose every part is in opens, and the file built ahead only if the
    // list is still the one it was built from.
    if (election.credentialsCount === null) throw new DomainError('verifiable.credentialsIncomplete');
    if (mine?.credentials && mine.list === election.credentialsList) credentials = mine.credentials;
  }
  credentials ??= credentialsFileNow(db, electionId);
  if (election.credentialAuthority === 'external' && credentials.count !== election.credentialsCount)
    throw new DomainError('verifiable.credentialsIncomplete');
  db.update(verifiableElections)
    .set({ electionText: texts.election })
    .where(eq(verifiableElections.electionId, electionId))
    .run();
  createArchive(db, db, electionId, texts, credentials, now);
}

/**
 * What an opening's transaction can use, built before it: the setup's texts for the inputs they were made from,
 * and Codka's credentials file for the version of the credentials it read.
 */
export interface OpeningAhead {
  electionId: string;
  inputs: string;
  texts: { election: string; trustees: string };
  /** Codka's credentials: the version of them the file was built from. */
  version?: number;
  /** An outside authority's: the list the file was built from. */
  list?: string;
  credentials?: CredentialsFile;
}

/**
 * Before an opening's transaction, off the event loop or a page at a time: the setup's texts (in a worker), and
 * the credentials file: an outside authority's complete list (else refused), or Codka's credentials (ready, else
 * refused) brought up to date, their file built, and built again if they changed meanwhile (a few times at most:
 * the transaction builds it itself when they keep changing). Undefined for an election already set up.
 */
export async function prepareOpening(db: Db, electionId: string): Promise<OpeningAhead | undefined> {
  const election = verifiableElection(db, electionId);
  if (election.electionText !== null) return undefined;
  const codka = election.credentialAuthority === 'codka';
  // The cheap refusals first: too few trustees, names alike, or credentials not ready, cost no other work.
  refuseIncompleteSetup(db, electionId);
  if (codka) await catchUpCredentials(db, electionId);
  const inputs = setupInputs(db, election);
  const texts = await verifyPool().run({ kind: 'electionSetup', setup: inputs });
  const ahead: OpeningAhead = { electionId, inputs: JSON.stringify(inputs), texts };
  if (!codka) {
    const list = election.credentialsList;
    if (list === null || election.credentialsCount === null)
      throw new DomainError('verifiable.credentialsIncomplete');
    // A list is only replaced by another: one that is still `list` at the transaction is the rows read here.
    return { ...ahead, list, credentials: await credentialsFileAhead(db, electionId) };
  }
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const version = preparationVersion(db, electionId);
    if (version === undefined) return ahead;
    const credentials = await credentialsFileAhead(db, electionId);
    await catchUpCredentials(db, electionId);
    if (preparationVersion(db, electionId) === version) return { ...ahead, version, credentials };
  }
  return ahead;
}
