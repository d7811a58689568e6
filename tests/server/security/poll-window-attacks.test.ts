import { pollCandidates, polls } from '@server/db/schema';
import { publicMessage } from '@server/trpc/errors';
import { monthBounds, monthKey } from '@shared/months';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { confirmedBySecondAdmin } from '../../helpers/admin';
import { callerFor, createTestDeps, type TestDeps } from '../../helpers/caller';
import { createAdmin, createUser, type TestUser } from '../../helpers/factories';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
    return null;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    return { code: error.code, message: publicMessage(error) };
  }
}

function adminCaller(deps: TestDeps, admin: TestUser) {
  return callerFor(deps, admin, undefined, { steppedUp: true }).caller;
}

/** This month's presidential poll with the form's defaults, published, and a citizen's vote in it. */
async function votedThisMonth(deps: TestDeps) {
  const admin = await createAdmin(deps.db);
  const citizen = await createUser(deps.db);
  const caller = adminCaller(deps, admin);
  const poll = await caller.polls.create({});
  const candidate = await caller.polls.addCandidate({ pollId: poll.id, name: 'Candidate A' });
  await confirmedBySecondAdmin(deps, await caller.polls.publish({ id: poll.id }));
  await callerFor(deps, citizen).caller.polls.vote({ pollId: poll.id, candidateId: candidate.id });
  return { admin, citizen, caller, poll };
}

describe("a poll's voting period lies within its month (the attack: next month's poll open now)", () => {
  it('refuses the poll of 2027-01 opening now for 40 days, so a citizen who voted this month cannot vote again', async () => {
    const deps = createTestDeps();
    const { citizen, caller, poll } = await votedThisMonth(deps);
    const now = Date.now();

    const created = await refusal(
      caller.polls.create({
        monthYear: '2027-01',
        opensAt: new Date(now - MINUTE),
        closesAt: new Date(now + 40 * DAY),
      }),
    );
    expect(created).toEqual({
      code: 'BAD_REQUEST',
      message:
        'The voting period must lie within 2027-01 (Somalia time): one poll a month, so one vote a month. Choose times in that month.',
    });
    expect(deps.db.select().from(polls).where(eq(polls.monthYear, '2027-01')).all()).toEqual([]);

    const current = await callerFor(deps, citizen).caller.polls.current();
    expect(current?.poll.id).toBe(poll.id);
    expect(current?.userHasVoted).toBe(true);
  });

  it('refuses to publish a draft made before the rule whose window lies outside its month', async () => {
    const deps = createTestDeps();
    const { caller } = await votedThisMonth(deps);
    const now = Date.now();
    const legacy = deps.db
      .insert(polls)
      .values({
        title: 'Presidential Poll 2027-01',
        monthYear: '2027-01',
        electionType: 'presidential',
        status: 'draft',
        opensAt: new Date(now - MINUTE),
        closesAt: new Date(now + 40 * DAY),
        eligibility: 'signedIn',
      })
      .returning()
      .get();
    deps.db.insert(pollCandidates).values({ pollId: legacy.id, name: 'Candidate B', orderIndex: 1 }).run();

    expect(await refusal(caller.polls.publish({ id: legacy.id }))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(deps.db.select().from(polls).where(eq(polls.id, legacy.id)).get()?.status).toBe('draft');
  });

  it('refuses to publish a presidential poll whose window overlaps another open presidential poll, whatever their months', async () => {
    const deps = createTestDeps();
    const admin = await createAdmin(deps.db);
    const caller = adminCaller(deps, admin);
    const month = monthKey(new Date());
    const bounds = monthBounds(month);
    // An open poll of last month made before the rule, its window reaching into this month.
    deps.db
      .insert(polls)
      .values({
        title: 'Old poll',
        monthYear: '2020-01',
        electionType: 'presidential',
        status: 'open',
        opensAt: bounds.opensAt,
        closesAt: bounds.closesAt,
        eligibility: 'signedIn',
      })
      .run();
    const poll = await caller.polls.create({});
    await caller.polls.addCandidate({ pollId: poll.id, name: 'Candidate A' });

    expect(await refusal(caller.polls.publish({ id: poll.id }))).toMatchObject({ code: 'CONFLICT' });
  });
});
