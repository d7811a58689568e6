import type { Db } from '@server/db/client';
import { districts, profiles, voters, votes } from '@server/db/schema';
import type { DistrictRegion } from '@shared/regions';
import type { VoterStatus } from '@shared/voter-roll';

/**
 * Roll entries, accounts and votes written straight to the tables, for counting tests: what they count is
 * the rows, not the path that wrote them (the roll and vote procedures have their own tests).
 */
let sequence = 0;
const next = () => {
  sequence += 1;
  return `${sequence}-${Date.now().toString(36)}`;
};

export function addDistrict(db: Db, region: DistrictRegion): string {
  const n = next();
  return db
    .insert(districts)
    .values({ name: `Turnout district ${n}`, code: `TT-${n}`, region })
    .returning({ id: districts.id })
    .get().id;
}

/**
 * An account without a password (it only needs to exist), active and verified unless told otherwise. The user row
 * names its columns in SQL: Drizzle writes every column of today's schema, which a database migrated only up to an
 * older migration (the migration tests' starting point) does not have yet.
 */
export function addAccount(db: Db, options: { verified?: boolean; isActive?: boolean } = {}): string {
  const n = next();
  const id = crypto.randomUUID();
  // Plain SQL naming only the columns every version of users has: the migration tests add accounts to a
  // database migrated to an earlier version, where drizzle's insert would name columns it does not have yet.
  db.$client
    .prepare('INSERT INTO users (id, email, email_verified_at, created_at) VALUES (?, ?, ?, ?)')
    .run(id, `turnout.${n}@test.codka.example`, options.verified === false ? null : Date.now(), Date.now());
  db.insert(profiles)
    .values({ userId: id, fullName: 'Turnout Citizen', isActive: options.isActive ?? true })
    .run();
  return id;
}

/** A roll entry in `districtId`, enrolled unless told otherwise, linked to `userId` when given. */
export function addVoter(
  db: Db,
  districtId: string,
  options: { status?: VoterStatus; userId?: string } = {},
): string {
  return db
    .insert(voters)
    .values({
      voterCardNumber: `TV-${next()}`.toUpperCase(),
      fullName: 'Turnout Voter',
      districtId,
      status: options.status ?? 'enrolled',
      source: 'import',
      userId: options.userId ?? null,
    })
    .returning({ id: voters.id })
    .get().id;
}

/** A vote row as votes.cast writes it (the count triggers run), without the eligibility check. */
export function addVote(db: Db, electionId: string, candidateId: string, userId: string): void {
  db.insert(votes)
    .values({
      userId,
      electionId,
      questionId: electionId,
      receiptId: `TURNOUT-${next()}`,
      candidateId,
      selections: JSON.stringify({ candidate_id: candidateId }),
    })
    .run();
}

/** An account enrolled in `districtId` that voted for `candidateId`. */
export function addVotingVoter(db: Db, districtId: string, electionId: string, candidateId: string): string {
  const userId = addAccount(db);
  addVoter(db, districtId, { userId });
  addVote(db, electionId, candidateId, userId);
  return userId;
}
