import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeDb, createDb, MIGRATIONS_FOLDER, migrateDb } from '@server/db/client';
import { attachKeys, randomKeys } from '@server/db/keys';
import { pollCandidates, polls, pollVotes } from '@server/db/schema';
import { messageText } from '@server/errors/texts';
import { currentPollId } from '@server/services/polls/poll-views';
import { publicMessage } from '@server/trpc/errors';
import { monthKey } from '@shared/months';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { confirmedBySecondAdmin } from '../../helpers/admin';
import { callerFor, createTestDeps, type TestDeps } from '../../helpers/caller';
import { createAdmin, createUser, type TestUser } from '../../helpers/factories';

const FIRST = '11111111-1111-4111-8111-111111111111';
const SECOND = '22222222-2222-4222-8222-222222222222';
const THIRD = '33333333-3333-4333-8333-333333333333';
const THIRD_CANDIDATE = '44444444-4444-4444-8444-444444444444';
const folder = mkdtempSync(join(tmpdir(), 'codka-poll-months-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
    return null;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    return { code: error.code, message: publicMessage(error) };
  }
}

/** What a first-time admin does: the form's defaults (this month, presidential), a candidate, Publish. */
async function publishedDefaultPoll(deps: TestDeps, admin: TestUser) {
  const { caller } = callerFor(deps, admin, undefined, { steppedUp: true });
  const poll = await caller.polls.create({});
  await caller.polls.addCandidate({ pollId: poll.id, name: 'Candidate A' });
  await confirmedBySecondAdmin(deps, await caller.polls.publish({ id: poll.id }));
  return poll;
}

describe('one presidential poll a month (the attack: a second poll, a second vote)', () => {
  it('refuses a second presidential poll for the month, naming the first, so a citizen who voted cannot vote again', async () => {
    const deps = createTestDeps();
    const admin = await createAdmin(deps.db);
    const citizen = await createUser(deps.db);
    const first = await publishedDefaultPoll(deps, admin);
    const firstCandidate = deps.db
      .select()
      .from(pollCandidates)
      .where(eq(pollCandidates.pollId, first.id))
      .get();
    await callerFor(deps, citizen).caller.polls.vote({
      pollId: first.id,
      candidateId: String(firstCandidate?.id),
    });

    const again = await refusal(
      callerFor(deps, admin, undefined, { steppedUp: true }).caller.polls.create({}),
    );
    const month = monthKey(new Date());
    expect(again).toEqual({
      code: 'CONFLICT',
      message: messageText({ key: 'poll.monthTaken', params: { title: first.titleText, month } }),
    });
    // The first poll is named in the reader's language: its generated title in each
    // (docs/decisions/021-bilingual-content.md).
    expect(first.titleText.so).not.toBe(first.titleText.en);
    expect(again?.message).toContain(first.titleText.en);
    const somali = messageText({ key: 'poll.monthTaken', params: { title: first.titleText, month } }, 'so');
    expect(somali).toContain(first.titleText.so);
    expect(somali).not.toContain(first.titleText.en);
    expect(deps.db.select().from(polls).all()).toHaveLength(1);
    expect(deps.db.select().from(pollVotes).where(eq(pollVotes.userId, citizen.id)).all()).toHaveLength(1);
  });

  it('refuses the same month however the admin types it, and allows another type or another month', async () => {
    const deps = createTestDeps();
    const admin = await createAdmin(deps.db);
    const { caller } = callerFor(deps, admin, undefined, { steppedUp: true });
    await caller.polls.create({ monthYear: '2027-03' });
    expect((await refusal(caller.polls.create({ monthYear: ' 2027-03 ', title: 'Another' })))?.code).toBe(
      'CONFLICT',
    );
    await caller.polls.create({ monthYear: '2027-03', electionType: 'senate' });
    await caller.polls.create({ monthYear: '2027-04' });
    expect(deps.db.select().from(polls).all()).toHaveLength(3);
  });

  it('the database itself refuses a second poll of a type and month (two admins at once, or a direct write)', async () => {
    const deps = createTestDeps();
    const values = {
      title: 'Presidential Poll 2027-05',
      monthYear: '2027-05',
      electionType: 'presidential' as const,
      opensAt: new Date('2027-05-01T00:00:00Z'),
      closesAt: new Date('2027-06-01T00:00:00Z'),
    };
    deps.db.insert(polls).values(values).run();
    expect(() =>
      deps.db
        .insert(polls)
        .values({ ...values, title: 'Second' })
        .run(),
    ).toThrow(/UNIQUE/);
  });

  it('two admins creating the month at the same moment: one poll, the other told its name', async () => {
    const path = join(folder, 'race.db');
    const one = createDb(path);
    migrateDb(one);
    attachKeys(one, randomKeys());
    const two = createDb(path);
    attachKeys(two, randomKeys());
    const depsOne = createTestDeps(one);
    const depsTwo = createTestDeps(two);
    const admin = await createAdmin(one);
    const results = await Promise.all([
      refusal(
        callerFor(depsOne, admin, undefined, { steppedUp: true }).caller.polls.create({
          monthYear: '2027-06',
        }),
      ),
      refusal(
        callerFor(depsTwo, admin, undefined, { steppedUp: true }).caller.polls.create({
          monthYear: '2027-06',
        }),
      ),
    ]);
    expect(results.filter((result) => result === null)).toHaveLength(1);
    expect(results.find((result) => result !== null)?.code).toBe('CONFLICT');
    expect(one.select().from(polls).all()).toHaveLength(1);
    closeDb(two);
    closeDb(one);
  });
});

describe('polls made before a month took one poll', () => {
  it('the migration keeps both, marks the later one, which cannot be published and is named at check', async () => {
    // The migrations up to the one that made months unique, as a database made before it has them.
    const older = join(folder, 'older-migrations');
    cpSync(MIGRATIONS_FOLDER, older, { recursive: true });
    const journalPath = join(older, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const last = journal.entries.findIndex((entry) => entry.tag.includes('poll_months'));
    journal.entries = journal.entries.slice(0, last);
    writeFileSync(journalPath, JSON.stringify(journal));

    const path = join(folder, 'duplicates.db');
    const db = createDb(path);
    migrateDb(db, older);
    const base = {
      monthYear: '2026-10',
      opensAt: new Date('2026-10-01T00:00:00Z'),
      closesAt: new Date('2026-11-01T00:00:00Z'),
    };
    db.$client
      .prepare(
        `INSERT INTO polls (id, title, month_year, election_type, status, opens_at, closes_at, created_at)
         VALUES (?, ?, ?, 'presidential', ?, ?, ?, ?)`,
      )
      .run(FIRST, 'October first', base.monthYear, 'open', +base.opensAt, +base.closesAt, 1000);
    db.$client
      .prepare(
        `INSERT INTO polls (id, title, month_year, election_type, status, opens_at, closes_at, created_at)
         VALUES (?, ?, ?, 'presidential', 'draft', ?, ?, ?)`,
      )
      .run(SECOND, 'October second', base.monthYear, +base.opensAt, +base.closesAt, 2000);
    db.$client
      .prepare("INSERT INTO poll_candidates (id, poll_id, name) VALUES ('c-second', ?, 'B')")
      .run(SECOND);
    // A third, already open: its month's voters could vote a second time in it.
    db.$client
      .prepare(
        `INSERT INTO polls (id, title, month_year, election_type, status, opens_at, closes_at, created_at)
         VALUES (?, 'October third', ?, 'presidential', 'open', ?, ?, 3000)`,
      )
      .run(THIRD, base.monthYear, +base.opensAt, +base.closesAt);
    db.$client
      .prepare(`INSERT INTO poll_candidates (id, poll_id, name) VALUES (?, ?, 'C')`)
      .run(THIRD_CANDIDATE, THIRD);

    migrateDb(db);
    attachKeys(db, randomKeys());
    const rows = db.select({ id: polls.id, duplicateMonth: polls.duplicateMonth }).from(polls).all();
    expect(rows).toEqual(
      expect.arrayContaining([
        { id: FIRST, duplicateMonth: false },
        { id: SECOND, duplicateMonth: true },
        { id: THIRD, duplicateMonth: true },
      ]),
    );
    expect(db.select().from(polls).all()).toHaveLength(3);
    const deps = createTestDeps(db);
    const admin = await createAdmin(db);
    const publish = await refusal(
      callerFor(deps, admin, undefined, { steppedUp: true }).caller.polls.publish({ id: SECOND }),
    );
    expect(publish).toEqual({
      code: 'CONFLICT',
      message: messageText({ key: 'poll.monthTaken', params: { title: 'October first', month: '2026-10' } }),
    });
    const voter = await createUser(db);
    const vote = await refusal(
      callerFor(deps, voter).caller.polls.vote({ pollId: THIRD, candidateId: THIRD_CANDIDATE }),
    );
    expect(vote?.code).toBe('PRECONDITION_FAILED');
    expect(currentPollId(db, new Date('2026-10-15T00:00:00Z'))).toBe(FIRST);
    expect(db.select().from(pollVotes).all()).toHaveLength(0);
    closeDb(db);

    const { runCli } = await import('@server/cli/main');
    const { checkoutRuntime } = await import('@server/cli/runtime');
    const printed: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((text: string) => void printed.push(String(text)));
    vi.stubEnv('DATABASE_PATH', path);
    vi.stubEnv('KEYS_FILE', join(folder, 'duplicates.keys'));
    try {
      await runCli(['check'], checkoutRuntime());
    } finally {
      vi.restoreAllMocks();
      vi.unstubAllEnvs();
    }
    expect(printed.join('\n')).toContain('"October second" (presidential, 2026-10)');
  });
});
