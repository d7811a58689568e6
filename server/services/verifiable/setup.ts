import {
  generateUuid,
  makeElection,
  parseTrusteePublicKey,
  publicCredential,
  publicCredentialsJson,
  setModularExponentiation,
} from '@shared/belenios';
import { contactStatus, voteEligibility } from '@shared/eligibility';
import { MIN_TRUSTEES } from '@shared/verifiable';
import { asc, count, eq } from 'drizzle-orm';
import { derivedCredential } from '../../belenios/credential-source';
import { opensslPowMod } from '../../belenios/openssl-modexp';
import type { Db } from '../../db/client';
import {
  candidates,
  districts,
  electionCredentials,
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

// The opening derives every voter's public credential on this thread (inside the opening's transaction, so
// the setup and the Active status are one change): with OpenSSL's exponentiation rather than BigInt's.
setModularExponentiation(opensslPowMod);

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
 * The opening of a verifiable election, in the transaction that makes it Active: the election's Belenios text
 * (the ballot's candidates as one question, choose exactly one), the trustees in their order, the public
 * credentials (Codka's: one per eligible voter now; or the outside authority's), and the archive's setup event.
 * Nothing is done for a standard election or one already set up (reopened after a close).
 */
export function openVerifiable(db: Db, electionId: string, now: Date): void {
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
    const rows = eligibleAccounts(db, election).map((userId) => ({
      electionId,
      userId,
      credential: publicCredential(election.uuid, derivedCredential(db, election.uuid, userId)),
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
