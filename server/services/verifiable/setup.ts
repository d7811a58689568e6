import {
  generateUuid,
  makeElection,
  parseTrusteePublicKey,
  publicCredential,
  publicCredentialsJson,
  setModularExponentiation,
  setPbkdf2Sha256,
} from '@shared/belenios';
import { contactStatus, voteEligibility } from '@shared/eligibility';
import { MIN_TRUSTEES } from '@shared/verifiable';
import { asc, count, eq } from 'drizzle-orm';
import { derivedCredential } from '../../belenios/credential-source';
import { opensslPowMod } from '../../belenios/openssl-modexp';
import { opensslPbkdf2 } from '../../belenios/openssl-pbkdf2';
import { verifyPool } from '../../belenios/verify-pool';
import type { Db } from '../../db/client';
import {
  candidates,
  districts,
  electionCredentials,
  elections,
  electionTrustees,
  profiles,
  users,
  verifiableElections,
  voters,
} from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import { publicRequirement } from '../eligibility';
import { createArchive } from './archive';
import { verifiableElection } from './election';
import { trusteesOf } from './trustees';

// The public credentials are computed in the verification workers before the opening's transaction
// (prepareCredentials); the few accounts that became eligible meanwhile get theirs on this thread, inside it,
// with OpenSSL's exponentiation and PBKDF2 rather than JavaScript's.
setModularExponentiation(opensslPowMod);
setPbkdf2Sha256(opensslPbkdf2);

/** Public credentials computed ahead of an opening: each account's, for the election's Belenios uuid. */
export interface PreparedCredentials {
  uuid: string;
  byAccount: ReadonlyMap<string, string>;
}

/**
 * Accounts per verification task: a task of this size takes a worker for well under a second, so a ballot of
 * another election never waits long behind the opening.
 */
const CREDENTIALS_PER_TASK = 200;

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

/** Every active account the election's rule lets vote now: whoever gets a credential at the opening. */
function eligibleAccounts(
  db: Db,
  election: { eligibility: 'enrolled' | 'verifiedContact' | 'signedIn'; eligibleRegions: string | null },
) {
  const requirement = publicRequirement(election);
  return db
    .select({
      id: users.id,
      isActive: profiles.isActive,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      phone: users.phone,
      phoneConfirmedAt: users.phoneConfirmedAt,
      status: voters.status,
      region: districts.region,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(voters, eq(voters.userId, users.id))
    .leftJoin(districts, eq(districts.id, voters.districtId))
    .all()
    .filter(
      (u) =>
        u.isActive !== false &&
        voteEligibility(requirement, {
          signedIn: true,
          contacts: {
            email: contactStatus(u.email, Boolean(u.emailVerifiedAt)),
            phone: contactStatus(u.phone, Boolean(u.phoneConfirmedAt)),
          },
          roll: u.status ? { status: u.status, region: u.region } : null,
        }).mayVote,
    )
    .map((u) => u.id);
}

/**
 * The public credentials of every account eligible now in a draft about to open with Codka as its credential
 * authority, computed in the verification workers (each costs a PBKDF2 and a 2048-bit exponentiation: on the
 * event loop, a national roll would stall the server for minutes). Run before the opening's transaction, which
 * then only stores them; undefined when the opening needs none (a standard election, an outside authority's
 * list, an election already set up). Only the private credentials' derivation (one HMAC each) is done here,
 * a task at a time, so the event loop stays free between tasks.
 */
export async function prepareCredentials(
  db: Db,
  electionId: string,
): Promise<PreparedCredentials | undefined> {
  const counted = db
    .select({ counting: elections.counting })
    .from(elections)
    .where(eq(elections.id, electionId))
    .get();
  if (counted?.counting !== 'verifiable') return undefined;
  const election = verifiableElection(db, electionId);
  if (election.electionText !== null || election.credentialAuthority !== 'codka') return undefined;
  // Refused now rather than after minutes of work (the transaction checks it again).
  refuseTooFewTrustees(db, electionId);
  const accounts = eligibleAccounts(db, election);
  const tasks: string[][] = [];
  for (let i = 0; i < accounts.length; i += CREDENTIALS_PER_TASK)
    tasks.push(accounts.slice(i, i + CREDENTIALS_PER_TASK));
  const byAccount = new Map<string, string>();
  const pool = verifyPool();
  let next = 0;
  // One task per worker at a time: the line in front of the workers stays short, so ballots are not refused.
  const lane = async () => {
    for (let task = tasks[next++]; task; task = tasks[next++]) {
      const privateCredentials = task.map((userId) => derivedCredential(db, election.uuid, userId));
      const { publicCredentials } = await pool.run({
        kind: 'publicCredentials',
        uuid: election.uuid,
        privateCredentials,
      });
      for (const [i, userId] of task.entries()) byAccount.set(userId, publicCredentials[i] as string);
    }
  };
  await Promise.all(Array.from({ length: pool.options.size }, lane));
  return { uuid: election.uuid, byAccount };
}

/**
 * The opening of a verifiable election, in the transaction that makes it Active: the election's Belenios text
 * (the ballot's candidates as one question, choose exactly one), the trustees in their order, the public
 * credentials (Codka's: one per eligible voter now, `prepared` ahead by prepareCredentials; or the outside
 * authority's), and the archive's setup event. Nothing is done for a standard election or one already set up
 * (reopened after a close).
 */
export function openVerifiable(db: Db, electionId: string, now: Date, prepared?: PreparedCredentials): void {
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
  let publics: string[];
  if (election.credentialAuthority === 'codka') {
    const ready = prepared?.uuid === election.uuid ? prepared.byAccount : undefined;
    // Who is eligible is decided now, in the transaction: an account eligible since the preparation is
    // derived here, one no longer eligible is left out.
    const rows = eligibleAccounts(db, election).map((userId) => ({
      electionId,
      userId,
      credential:
        ready?.get(userId) ?? publicCredential(election.uuid, derivedCredential(db, election.uuid, userId)),
    }));
    for (let i = 0; i < rows.length; i += 500)
      db.insert(electionCredentials)
        .values(rows.slice(i, i + 500))
        .run();
    publics = rows.map((r) => r.credential);
  } else {
    publics = db
      .select({ credential: electionCredentials.credential })
      .from(electionCredentials)
      .where(eq(electionCredentials.electionId, electionId))
      .all()
      .map((r) => r.credential);
    if (publics.length === 0) throw new DomainError('verifiable.credentialsInvalid');
  }
  db.update(verifiableElections)
    .set({ electionText: texts.election })
    .where(eq(verifiableElections.electionId, electionId))
    .run();
  createArchive(db, db, electionId, { ...texts, publicCredentials: publicCredentialsJson(publics) }, now);
}
