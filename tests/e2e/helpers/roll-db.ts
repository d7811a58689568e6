import { closeDb, createDb } from '@server/db/client';
import {
  candidates,
  districts,
  elections,
  pollCandidates,
  polls,
  profiles,
  users,
  voters,
} from '@server/db/schema';
import { storedEligibleRegions } from '@shared/eligibility';
import { monthBounds } from '@shared/months';
import type { DistrictRegion } from '@shared/regions';
import type { EligibilityRule, VoterStatus } from '@shared/voter-roll';
import { eq } from 'drizzle-orm';

const HOUR = 3_600_000;

/**
 * What a browser test needs on the voter roll and no public API gives a citizen: an entry for their account,
 * or a confirmed e-mail address without reading the server's mail. Written straight into the running server's
 * SQLite file (WAL: the server keeps serving meanwhile), as tests/helpers/voter-roll-factories.ts does in
 * unit tests.
 */
function withDb<T>(databasePath: string, work: (db: ReturnType<typeof createDb>) => T): T {
  const db = createDb(databasePath);
  try {
    return work(db);
  } finally {
    closeDb(db);
  }
}

function accountId(db: ReturnType<typeof createDb>, email: string): string {
  const user = db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  if (!user) throw new Error(`no account ${email} in the test server's database`);
  return user.id;
}

/** Puts the account on the roll (enrolled unless told otherwise) in a district of `region`. */
export function enrollCitizen(
  databasePath: string,
  email: string,
  options: { status?: VoterStatus; region?: DistrictRegion } = {},
): void {
  const region = options.region ?? 'Banadir';
  withDb(databasePath, (db) => {
    const userId = accountId(db, email);
    const suffix = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`.toUpperCase();
    const district =
      db.select({ id: districts.id }).from(districts).where(eq(districts.region, region)).get() ??
      db
        .insert(districts)
        .values({ name: `E2E ${region} ${suffix}`, code: `E2E-${suffix}`, region })
        .returning({ id: districts.id })
        .get();
    db.insert(voters)
      .values({
        voterCardNumber: `E2E-${suffix}`,
        fullName: 'E2E Voter',
        districtId: district.id,
        status: options.status ?? 'enrolled',
        source: 'registrar',
        userId,
      })
      .run();
  });
}

/** Makes a deactivated account active again, as the operator on the machine can when no second System Admin is left. */
export function reactivateAccount(databasePath: string, email: string): void {
  withDb(databasePath, (db) => {
    db.update(profiles)
      .set({ isActive: true })
      .where(eq(profiles.userId, accountId(db, email)))
      .run();
  });
}

/** Marks the account's e-mail address confirmed, as following the link in its confirmation e-mail does. */
export function confirmEmail(databasePath: string, email: string): void {
  withDb(databasePath, (db) => {
    db.update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, accountId(db, email)))
      .run();
  });
}

/**
 * An open election (with its rule) and an open parliamentary poll, straight in the database, so a test
 * knows exactly who may vote in them whatever the demo data says. Returns their ids.
 */
export function createBallots(
  databasePath: string,
  options: {
    title: string;
    eligibility: EligibilityRule;
    eligibleRegions?: DistrictRegion[];
    pollEligibility: EligibilityRule;
  },
): { electionId: string; pollId: string } {
  const now = Date.now();
  const window = { start: new Date(now - HOUR), end: new Date(now + 24 * HOUR) };
  return withDb(databasePath, (db) => {
    const election = db
      .insert(elections)
      .values({
        // Written in both languages, so a Somali page names it as the test does (no "(Ingiriisi)" marker).
        title: options.title,
        titleSo: options.title,
        status: 'Active',
        startTime: window.start,
        endTime: window.end,
        eligibility: options.eligibility,
        eligibleRegions: storedEligibleRegions(options.eligibleRegions),
      })
      .returning({ id: elections.id })
      .get();
    const poll = db
      .insert(polls)
      .values({
        title: `${options.title} poll`,
        titleSo: `${options.title} poll`,
        monthYear: freeMonth(db),
        electionType: 'parliamentary',
        status: 'open',
        opensAt: window.start,
        closesAt: window.end,
        eligibility: options.pollEligibility,
      })
      .returning({ id: polls.id })
      .get();
    ['Hodan Warsame', 'Cabdi Xasan'].forEach((name, index) => {
      db.insert(candidates)
        .values({ electionId: election.id, name, orderIndex: index + 1 })
        .run();
      db.insert(pollCandidates)
        .values({ pollId: poll.id, name, orderIndex: index + 1 })
        .run();
    });
    return { electionId: election.id, pollId: poll.id };
  });
}

/** One poll of a type a month: each ballot's poll takes a month no parliamentary poll has yet. */
/**
 * A draft election open from an hour ago for a day and a draft parliamentary poll voting within a month no other
 * takes, each with a candidate, straight in the database: what an admin then asks to open or publish.
 */
export function createDrafts(databasePath: string, title: string): { electionId: string; pollId: string } {
  const now = Date.now();
  return withDb(databasePath, (db) => {
    const election = db
      .insert(elections)
      .values({ title, status: 'Draft', startTime: new Date(now - HOUR), endTime: new Date(now + 24 * HOUR) })
      .returning({ id: elections.id })
      .get();
    db.insert(candidates).values({ electionId: election.id, name: 'Hodan Warsame', orderIndex: 1 }).run();
    const monthYear = freeMonth(db);
    const poll = db
      .insert(polls)
      .values({
        title: `${title} poll`,
        monthYear,
        electionType: 'parliamentary',
        status: 'draft',
        ...monthBounds(monthYear),
        eligibility: 'signedIn',
      })
      .returning({ id: polls.id })
      .get();
    db.insert(pollCandidates).values({ pollId: poll.id, name: 'Cabdi Xasan', orderIndex: 1 }).run();
    return { electionId: election.id, pollId: poll.id };
  });
}

function freeMonth(db: ReturnType<typeof createDb>): string {
  const taken = new Set(
    db
      .select({ month: polls.monthYear })
      .from(polls)
      .where(eq(polls.electionType, 'parliamentary'))
      .all()
      .map((row) => row.month),
  );
  for (let index = 0; ; index += 1) {
    const month = `${2030 + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
    if (!taken.has(month)) return month;
  }
}
