import {
  generateUuid,
  makeElection,
  parseTrusteePublicKey,
  setModularExponentiation,
  setPbkdf2Sha256,
} from '@shared/belenios';
import { MIN_TRUSTEES } from '@shared/verifiable';
import { asc, count, eq } from 'drizzle-orm';
import { opensslPowMod } from '../../belenios/openssl-modexp';
import { opensslPbkdf2 } from '../../belenios/openssl-pbkdf2';
import type { Db } from '../../db/client';
import { candidates, electionTrustees, verifiableElections } from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import { createArchive } from './archive';
import { type CredentialsFile, credentialsFileAhead, credentialsFileNow } from './credentials-file';
import { verifiableElection } from './election';
import { catchUpCredentials, preparationVersion, settleCredentials } from './preparation';
import { trusteesOf } from './trustees';

// The few accounts that became eligible since their credentials were prepared get theirs in the opening's
// transaction, on this thread, with OpenSSL's exponentiation and PBKDF2 rather than JavaScript's.
setModularExponentiation(opensslPowMod);
setPbkdf2Sha256(opensslPbkdf2);

/** A new verifiable election's Belenios side: its uuid, fixed from the draft on (credentials derive from it). */
export function createVerifiableSide(tx: Pick<Db, 'insert'>, electionId: string): void {
  tx.insert(verifiableElections).values({ electionId, uuid: generateUuid() }).run();
}

/**
 * A change of counting on admin.elections.update: only while a draft (what was counted one way stays so); a
 * draft made verifiable gets its uuid then.
 */
export function changeCounting(
  tx: Pick<Db, 'select' | 'insert'>,
  electionId: string,
  counting: 'standard' | 'verifiable' | undefined,
  before: Record<string, unknown> | null | undefined,
): void {
  if (counting === undefined || !before || before.counting === counting) return;
  if (before.status !== 'Draft') throw new DomainError('verifiable.countingFixed');
  const side = tx
    .select({ id: verifiableElections.electionId })
    .from(verifiableElections)
    .where(eq(verifiableElections.electionId, electionId))
    .get();
  if (counting === 'verifiable' && !side) createVerifiableSide(tx, electionId);
}

/** Refuses an opening without enough trustees (at the request and again at the confirm). */
export function refuseTooFewTrustees(db: Pick<Db, 'select'>, electionId: string): void {
  const row = db
    .select({ n: count() })
    .from(electionTrustees)
    .where(eq(electionTrustees.electionId, electionId))
    .get();
  if ((row?.n ?? 0) < MIN_TRUSTEES) throw new DomainError('verifiable.tooFewTrustees', { min: MIN_TRUSTEES });
}

/**
 * The opening of a verifiable election, in the transaction that makes it Active: the election's Belenios text
 * (the ballot's candidates as one question, choose exactly one), the trustees in their order, the public
 * credentials (Codka's: one per eligible voter, made ahead by the preparation job and brought up to date here;
 * or the outside authority's), and the archive's setup event. Nothing is done for a standard election or one
 * already set up (reopened after a close).
 */
export function openVerifiable(db: Db, electionId: string, now: Date, ahead?: CredentialsFileAhead): void {
  const election = verifiableElection(db, electionId);
  if (election.electionText !== null) return;
  refuseTooFewTrustees(db, electionId);
  const answers = db
    .select({ name: candidates.name })
    .from(candidates)
    .where(eq(candidates.electionId, electionId))
    .orderBy(asc(candidates.orderIndex), asc(candidates.id))
    .all()
    .map((c) => c.name);
  const title = election.title || election.titleSo;
  const trustees = trusteesOf(db, electionId).map((t) => parseTrusteePublicKey(t.publicKey));
  const texts = makeElection({
    uuid: election.uuid,
    name: title,
    description: election.description ?? '',
    questions: [{ question: title, answers, min: 1, max: 1 }],
    trustees,
  });
  let credentials: CredentialsFile | undefined;
  if (election.credentialAuthority === 'codka') {
    // Who is eligible is decided now, in the transaction: the accounts changed since the credentials were made
    // are looked at again. The file built ahead is used while it is still theirs (the usual case: the few
    // changes of the last moments seldom change who holds one).
    const settled = settleCredentials(db, election);
    if (ahead?.electionId === electionId && ahead.version === settled.version && !settled.changed)
      credentials = ahead.file;
  }
  credentials ??= credentialsFileNow(db, electionId);
  if (credentials.count === 0 && election.credentialAuthority !== 'codka')
    throw new DomainError('verifiable.credentialsInvalid');
  db.update(verifiableElections)
    .set({ electionText: texts.election })
    .where(eq(verifiableElections.electionId, electionId))
    .run();
  createArchive(db, db, electionId, texts, credentials, now);
}

/** An opening's credentials file, built before its transaction, for the version of the credentials it read. */
export interface CredentialsFileAhead {
  electionId: string;
  version: number;
  file: CredentialsFile;
}

/**
 * Before an opening's transaction (Codka's credentials, ready): the credentials brought up to date, then their
 * file built a page at a time; built again if they changed meanwhile (a few times at most: the transaction
 * builds it itself when they keep changing). Undefined when the opening has no file to build ahead.
 */
export async function buildCredentialsAhead(
  db: Db,
  electionId: string,
): Promise<CredentialsFileAhead | undefined> {
  const election = verifiableElection(db, electionId);
  if (election.electionText !== null || election.credentialAuthority !== 'codka') return undefined;
  await catchUpCredentials(db, electionId);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const version = preparationVersion(db, electionId);
    if (version === undefined) return undefined;
    const file = await credentialsFileAhead(db, electionId);
    await catchUpCredentials(db, electionId);
    if (preparationVersion(db, electionId) === version) return { electionId, version, file };
  }
  return undefined;
}
