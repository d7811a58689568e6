import * as schema from '@server/db/schema';
import { addMonths, monthKey } from '@shared/months';
import { DISTRICT_REGIONS } from '@shared/regions';
import { and, count, eq, gte, lte } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_CITIZEN, DEMO_SECOND_ADMIN } from '../../seed/demo-accounts';
import { seedDemo } from '../../seed/seed';
import { signedInUser } from '../helpers/account';
import { callerFor, createTestDeps } from '../helpers/caller';
import { createTestDb } from '../helpers/db';

const DAY = 86_400_000;
/** The year of a moment in Somalia, as the demo's titles carry it. */
const yearInSomalia = (date: Date) => monthKey(date).slice(0, 4);

function counts(db: ReturnType<typeof createTestDb>) {
  const tables = {
    users: schema.users,
    districts: schema.districts,
    centers: schema.registrationCenters,
    houseMembers: schema.houseMembers,
    senators: schema.senators,
    elections: schema.elections,
    candidates: schema.candidates,
    votes: schema.votes,
    polls: schema.polls,
    pollCandidates: schema.pollCandidates,
    pollVotes: schema.pollVotes,
    mapSettings: schema.newMapSettings,
  };
  return Object.fromEntries(
    Object.entries(tables).map(([name, table]) => [
      name,
      db.select({ n: count() }).from(table).get()?.n ?? 0,
    ]),
  );
}

describe('demo seed', () => {
  it('fills every area the demo needs, and a second run adds nothing', async () => {
    const db = createTestDb();
    const now = new Date();
    await seedDemo(db, now);
    const first = counts(db);
    expect(first.houseMembers).toBe(275);
    expect(first.senators).toBe(54);
    expect(first.mapSettings).toBe(1);
    expect(first.centers).toBeGreaterThanOrEqual(10);
    await seedDemo(db, now);
    expect(counts(db)).toEqual(first);
  });

  it('has real districts in each of the 18 regions and marks House placeholders', async () => {
    const db = createTestDb();
    await seedDemo(db);
    for (const region of DISTRICT_REGIONS) {
      const n = db
        .select({ n: count() })
        .from(schema.districts)
        .where(eq(schema.districts.region, region))
        .get()?.n;
      expect(n, region).toBeGreaterThanOrEqual(3);
    }
    const named = db
      .select()
      .from(schema.houseMembers)
      .where(eq(schema.houseMembers.isPlaceholder, false))
      .all();
    expect(named.map((m) => m.hopNumber).sort()).toEqual([
      'HOP#001',
      'HOP#002',
      'HOP#004',
      'HOP#034',
      'HOP#068',
      'HOP#147',
      'HOP#203',
    ]);
    const placeholder = db
      .select()
      .from(schema.houseMembers)
      .where(eq(schema.houseMembers.hopNumber, 'HOP#003'))
      .get();
    expect(placeholder).toMatchObject({ isPlaceholder: true, name: 'Member of Parliament 003' });
  });

  it('gives real members the seat numbers their sources give, and placeholders the numbers left, each once', async () => {
    const db = createTestDb();
    await seedDemo(db);
    const members = db.select().from(schema.houseMembers).all();
    const hamza = members.find((member) => member.name === 'Hamza Abdi Barre');
    expect(hamza?.hopNumber).toBe('HOP#203');
    // Wherever a real member's description quotes a seat (HOP203, HOP#068), the entry carries that number.
    const quoted = members.filter((member) => /HOP#?\d{3}/.test(member.description ?? ''));
    expect(quoted.map((member) => member.name).sort()).toEqual([
      'Hamza Abdi Barre',
      'Khadija Mohamed Al-Makhzoumi',
      'Mahad Salad',
      'Mohamed Ibrahim Moalimu',
    ]);
    for (const member of quoted) {
      const seat = /HOP#?(\d{3})/.exec(member.description ?? '')?.[1];
      expect(member.hopNumber, member.name).toBe(`HOP#${seat}`);
    }
    // Every number from HOP#001 to HOP#275 exactly once; a placeholder is named by its own number.
    const numbers = members.map((member) => member.hopNumber).sort();
    expect(numbers).toEqual(
      Array.from({ length: 275 }, (_, index) => `HOP#${String(index + 1).padStart(3, '0')}`),
    );
    for (const member of members.filter((m) => m.isPlaceholder)) {
      expect(member.name).toBe(`Member of Parliament ${member.hopNumber.slice(4)}`);
    }
  });

  it('has an election in each status, three Active now (4, 3 and 3 candidates) and a Closed one with 20 votes', async () => {
    const db = createTestDb();
    const now = new Date();
    await seedDemo(db, now);
    const all = db.select().from(schema.elections).all();
    expect(new Set(all.map((e) => e.status))).toEqual(new Set(['Draft', 'Active', 'Closed', 'Archived']));
    const activeNow = db
      .select()
      .from(schema.elections)
      .where(
        and(
          eq(schema.elections.status, 'Active'),
          lte(schema.elections.startTime, now),
          gte(schema.elections.endTime, now),
        ),
      )
      .all();
    const candidatesOf = (electionId: string) =>
      db
        .select({ n: count() })
        .from(schema.candidates)
        .where(eq(schema.candidates.electionId, electionId))
        .get()?.n;
    expect(
      Object.fromEntries(activeNow.map((election) => [election.title, candidatesOf(election.id)])),
    ).toEqual({
      // Opened two days before the seed ran: the year it opened in.
      [`Federal Presidential Election ${yearInSomalia(new Date(now.getTime() - 2 * DAY))}`]: 4,
      'Banadir Youth Council Election': 3,
      // The verifiable one (tests/server/seed-verifiable.test.ts), opened three days before.
      [`Banadir Women's Council Election ${yearInSomalia(new Date(now.getTime() - 3 * DAY))}`]: 3,
    });
    const closed = all.find((e) => e.status === 'Closed' && e.counting === 'standard');
    const closedVotes = db
      .select({ n: count() })
      .from(schema.votes)
      .where(eq(schema.votes.electionId, closed?.id ?? ''))
      .get()?.n;
    expect(closedVotes).toBe(20);
  });

  it('has an open poll for this month with 5 candidates and a closed one for last month with 60 votes', async () => {
    const db = createTestDb();
    const now = new Date();
    await seedDemo(db, now);
    const open = db
      .select()
      .from(schema.polls)
      .where(eq(schema.polls.monthYear, monthKey(now)))
      .get();
    expect(open?.status).toBe('open');
    expect(open && open.opensAt <= now && now <= open.closesAt).toBe(true);
    const openCandidates = db
      .select({ n: count() })
      .from(schema.pollCandidates)
      .where(eq(schema.pollCandidates.pollId, open?.id ?? ''))
      .get()?.n;
    expect(openCandidates).toBe(5);
    const closed = db
      .select()
      .from(schema.polls)
      .where(eq(schema.polls.monthYear, addMonths(monthKey(now), -1)))
      .get();
    expect(closed?.status).toBe('closed');
    const closedVotes = db
      .select({ n: count() })
      .from(schema.pollVotes)
      .where(eq(schema.pollVotes.pollId, closed?.id ?? ''))
      .get()?.n;
    expect(closedVotes).toBe(60);
  });

  it('creates demo accounts that sign in with the passwords it drew, once, and different each time', async () => {
    const deps = createTestDeps();
    const { credentials } = await seedDemo(deps.db);
    const password = (email: string) =>
      credentials.find((account) => account.email === email)?.password ?? '';
    const { caller } = callerFor(deps, null);
    const admin = await caller.auth.signIn({ email: DEMO_ADMIN.email, password: password(DEMO_ADMIN.email) });
    expect(signedInUser(admin).isAdmin).toBe(true);
    // Two System Admins: what one asks for (a roll import, a staff role) the other can confirm.
    const second = await caller.auth.signIn({
      email: DEMO_SECOND_ADMIN.email,
      password: password(DEMO_SECOND_ADMIN.email),
    });
    expect(signedInUser(second).isAdmin).toBe(true);
    const citizen = await caller.auth.signIn({
      email: DEMO_CITIZEN.email,
      password: password(DEMO_CITIZEN.email),
    });
    expect(signedInUser(citizen)).toMatchObject({ isAdmin: false, role: null });
    // A second run creates nothing, so it has no password (and no trustee's key) to show.
    expect(await seedDemo(deps.db)).toEqual({ credentials: [], trustees: null });
    const { credentials: other } = await seedDemo(createTestDb());
    expect(other.map((account) => account.password)).not.toEqual(
      credentials.map((account) => account.password),
    );
    for (const { password: drawn } of [...credentials, ...other]) expect(drawn).toMatch(/^[\w-]{22}$/);
  });

  it('publishes the open elections’ first batch itself, stamped with a quarter hour (votes never publish)', async () => {
    const db = createTestDb();
    await seedDemo(db, new Date());
    const open = db
      .select({
        exact: schema.elections.voteCount,
        published: schema.elections.publishedVoteCount,
        at: schema.elections.resultsPublishedAt,
      })
      .from(schema.elections)
      .where(eq(schema.elections.status, 'Active'))
      .all()
      .filter((row) => row.exact >= 20);
    expect(open.length).toBe(2);
    for (const row of open) {
      // The first 20 votes (an hour apart) are in it; the rest wait for the timer's next batch.
      expect(row).toMatchObject({ exact: 24, published: 20 });
      expect((row.at?.getTime() ?? 1) % (15 * 60_000)).toBe(0);
    }
  });
});
