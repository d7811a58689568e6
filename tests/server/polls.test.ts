import { auditLogs, pollCandidates, polls, pollVotes } from '@server/db/schema';
import { publicMessage } from '@server/trpc/errors';
import { addMonths, monthBounds, monthKey } from '@shared/months';
import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { confirmedBySecondAdmin } from '../helpers/admin';
import { callerFor, createTestDeps, type TestDeps } from '../helpers/caller';
import { createAdmin, createUser } from '../helpers/factories';
import { createPoll, createVoters, insertPollVote } from '../helpers/poll-factories';
import { callByPath, procedurePaths } from '../helpers/procedures';

type Tier = 'public' | 'voter' | 'creator' | 'admin';
type Fixtures = { pollId: string; candidateId: string };

/** Every polls.* procedure with its tier and a valid input; one added without an entry fails the first test. */
const POLL_MATRIX: Record<string, { tier: Tier; input: (f: Fixtures) => unknown }> = {
  'polls.current': { tier: 'public', input: () => undefined },
  'polls.byId': { tier: 'public', input: (f) => ({ id: f.pollId }) },
  'polls.history': { tier: 'public', input: () => undefined },
  'polls.list': { tier: 'public', input: () => undefined },
  // Public, but an open poll's results are for those who voted and admins (see polls-results.test.ts).
  'polls.results': { tier: 'admin', input: (f) => ({ pollId: f.pollId }) },
  'polls.vote': { tier: 'voter', input: (f) => ({ pollId: f.pollId, candidateId: f.candidateId }) },
  'polls.create': { tier: 'creator', input: () => ({ electionType: 'senate' }) },
  'polls.publish': { tier: 'admin', input: (f) => ({ id: f.pollId }) },
  'polls.close': { tier: 'admin', input: (f) => ({ id: f.pollId }) },
  'polls.delete': { tier: 'admin', input: (f) => ({ id: f.pollId }) },
  'polls.addCandidate': { tier: 'admin', input: (f) => ({ pollId: f.pollId, name: 'New Candidate' }) },
  'polls.votes': { tier: 'admin', input: (f) => ({ pollId: f.pollId }) },
};

async function outcome(promise: Promise<unknown>): Promise<{ code: string; message?: string }> {
  try {
    await promise;
    return { code: 'OK' };
  } catch (error) {
    // publicMessage: what a client is sent (a validation error's first message, not the raw issue list).
    if (error instanceof TRPCError) return { code: error.code, message: publicMessage(error) };
    throw error;
  }
}

/** A fresh poll per call: the status actions change it. `results` of an open poll needs a vote or an admin. */
function fixtures(deps: TestDeps, path: string): Fixtures {
  // A draft to publish votes within its own month, a month no other test poll takes.
  const draft = path === 'polls.publish' ? { status: 'draft' as const, ...freeFutureMonth(deps) } : {};
  const { poll, candidates } = createPoll(deps.db, draft);
  return { pollId: poll.id, candidateId: candidates[0]?.id ?? '' };
}

function freeFutureMonth(deps: TestDeps) {
  const taken = new Set(
    deps.db
      .select({ monthYear: polls.monthYear })
      .from(polls)
      .all()
      .map((p) => p.monthYear),
  );
  let monthYear = '2030-01';
  while (taken.has(monthYear)) monthYear = addMonths(monthYear, 1);
  return { monthYear, ...monthBounds(monthYear) };
}

describe('polls.* tiers', () => {
  it('has a matrix entry for every polls procedure', () => {
    expect(procedurePaths().filter((path) => path.startsWith('polls.'))).toEqual(
      Object.keys(POLL_MATRIX).sort(),
    );
  });

  it.each(Object.entries(POLL_MATRIX))(
    '%s answers visitors, citizens and admins by its tier',
    async (path, entry) => {
      const deps = createTestDeps();
      const citizen = await createUser(deps.db);
      const admin = await createAdmin(deps.db);
      const visitor = await outcome(
        callByPath(callerFor(deps, null).caller, path, entry.input(fixtures(deps, path))),
      );
      const user = await outcome(
        callByPath(callerFor(deps, citizen).caller, path, entry.input(fixtures(deps, path))),
      );
      const asAdmin = await outcome(
        callByPath(
          callerFor(deps, admin, undefined, { steppedUp: true }).caller,
          path,
          entry.input(fixtures(deps, path)),
        ),
      );
      expect(asAdmin.code).toBe('OK');
      if (entry.tier === 'public') {
        expect([visitor.code, user.code]).toEqual(['OK', 'OK']);
      } else if (entry.tier === 'voter') {
        expect(visitor).toEqual({ code: 'UNAUTHORIZED', message: 'Please sign in to vote' });
        expect(user.code).toBe('OK');
      } else if (entry.tier === 'creator') {
        expect(visitor).toEqual({ code: 'UNAUTHORIZED', message: 'Please sign in as admin to create polls' });
        expect(user.code).toBe('FORBIDDEN');
        expect(user.message).toContain('Only System Admins can create polls');
      } else {
        expect([visitor.code, user.code]).toEqual(['UNAUTHORIZED', 'FORBIDDEN']);
      }
    },
  );
});

describe('polls.create', () => {
  it('defaults the title, the month and its bounds, starts as a draft and records the audit row', async () => {
    const deps = createTestDeps();
    const admin = await createAdmin(deps.db);
    const created = await callerFor(deps, admin, undefined, { steppedUp: true }).caller.polls.create({});
    const month = monthKey(new Date());
    expect(created).toMatchObject({ title: `Presidential Poll ${month}`, monthYear: month, status: 'draft' });
    const row = deps.db.select().from(polls).where(eq(polls.id, created.id)).get();
    expect(row).toMatchObject({ electionType: 'presidential', createdBy: admin.id, ...monthBounds(month) });
    const audit = deps.db.select().from(auditLogs).where(eq(auditLogs.recordId, created.id)).get();
    expect(audit).toMatchObject({ action: 'create', tableName: 'polls', actorId: admin.id });
  });

  it('names the type in the default title and keeps a given title, month and window', async () => {
    const deps = createTestDeps();
    const { caller } = callerFor(deps, await createAdmin(deps.db), undefined, { steppedUp: true });
    const senate = await caller.polls.create({ monthYear: '2027-02', electionType: 'senate', title: '  ' });
    expect(senate.title).toBe('Senate Poll 2027-02');
    const opensAt = new Date('2027-03-05T06:00:00Z');
    const closesAt = new Date('2027-03-20T18:00:00Z');
    const given = await caller.polls.create({
      title: 'March check-in',
      monthYear: '2027-03',
      electionType: 'parliamentary',
      opensAt,
      closesAt,
    });
    const row = deps.db.select().from(polls).where(eq(polls.id, given.id)).get();
    expect(row).toMatchObject({ title: 'March check-in', electionType: 'parliamentary', opensAt, closesAt });
  });

  it('refuses a window that closes before it opens and a malformed month, with clear messages', async () => {
    const deps = createTestDeps();
    const { caller } = callerFor(deps, await createAdmin(deps.db), undefined, { steppedUp: true });
    await expect(
      caller.polls.create({
        opensAt: new Date('2027-03-20T00:00:00Z'),
        closesAt: new Date('2027-03-01T00:00:00Z'),
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'The poll must close after it opens.' });
    expect(await outcome(caller.polls.create({ monthYear: '2027-13' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Choose a month (YYYY-MM).',
    });
    expect(deps.db.select().from(polls).all()).toHaveLength(0);
  });
});

describe('poll status transitions', () => {
  async function adminCaller() {
    const deps = createTestDeps();
    const admin = await createAdmin(deps.db);
    return { deps, admin, caller: callerFor(deps, admin, undefined, { steppedUp: true }).caller };
  }

  it('publishes a draft and closes an open poll, each with an audit row', async () => {
    const { deps, admin, caller } = await adminCaller();
    const { poll } = createPoll(deps.db, { status: 'draft' });
    const asked = await caller.polls.publish({ id: poll.id });
    expect(deps.db.select().from(polls).where(eq(polls.id, poll.id)).get()?.status).toBe('draft');
    const second = await confirmedBySecondAdmin(deps, asked);
    expect(await caller.polls.close({ id: poll.id })).toEqual({ id: poll.id, status: 'closed' });
    const audits = deps.db.select().from(auditLogs).where(eq(auditLogs.recordId, poll.id)).all();
    expect(audits.map((a) => [a.action, a.newValues, a.actorId])).toEqual([
      ['update', JSON.stringify({ status: 'open', requestedBy: admin.id }), second.id],
      ['update', '{"status":"closed"}', admin.id],
    ]);
  });

  it.each([
    ['publish', 'open', 'This poll is already open.'],
    ['publish', 'closed', 'A closed poll cannot be published again.'],
    ['close', 'draft', 'Only an open poll can be closed. Publish this draft first.'],
    ['close', 'closed', 'This poll is already closed.'],
  ] as const)('refuses to %s a poll that is %s', async (action, status, message) => {
    const { deps, caller } = await adminCaller();
    const { poll } = createPoll(deps.db, { status });
    await expect(caller.polls[action]({ id: poll.id })).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message,
    });
    expect(
      deps.db.select({ status: polls.status }).from(polls).where(eq(polls.id, poll.id)).get()?.status,
    ).toBe(status);
    expect(deps.db.select().from(auditLogs).all()).toHaveLength(0);
  });

  it('refuses to publish a poll without candidates and answers NOT_FOUND for an unknown poll', async () => {
    const { deps, caller } = await adminCaller();
    const { poll } = createPoll(deps.db, { status: 'draft', candidateCount: 0 });
    await expect(caller.polls.publish({ id: poll.id })).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'Add at least one candidate before publishing this poll.',
    });
    await expect(caller.polls.close({ id: crypto.randomUUID() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('polls.delete and polls.addCandidate', () => {
  it('deletes a poll with its candidates and votes, and says so in the audit log', async () => {
    const deps = createTestDeps();
    const admin = await createAdmin(deps.db);
    const { poll, candidates } = createPoll(deps.db);
    for (const userId of createVoters(deps.db, 2)) {
      insertPollVote(deps.db, { pollId: poll.id, userId, candidateId: candidates[0]?.id ?? '' });
    }
    const other = createPoll(deps.db);
    await callerFor(deps, admin, undefined, { steppedUp: true }).caller.polls.delete({ id: poll.id });
    expect(
      deps.db
        .select()
        .from(polls)
        .all()
        .map((p) => p.id),
    ).toEqual([other.poll.id]);
    expect(
      deps.db.select().from(pollCandidates).where(eq(pollCandidates.pollId, poll.id)).all(),
    ).toHaveLength(0);
    expect(deps.db.select().from(pollVotes).all()).toHaveLength(0);
    const audit = deps.db.select().from(auditLogs).where(eq(auditLogs.recordId, poll.id)).get();
    expect(audit).toMatchObject({ action: 'delete', tableName: 'polls' });
    expect(JSON.parse(audit?.newValues ?? '{}')).toMatchObject({ deletedVotes: 2 });
    await expect(
      callerFor(deps, admin, undefined, { steppedUp: true }).caller.polls.delete({ id: poll.id }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('adds a candidate at order max + 1 with the default colour, and records it', async () => {
    const deps = createTestDeps();
    const admin = await createAdmin(deps.db);
    const { poll } = createPoll(deps.db, { status: 'draft', candidateCount: 2 });
    const { caller } = callerFor(deps, admin, undefined, { steppedUp: true });
    const added = await caller.polls.addCandidate({
      pollId: poll.id,
      name: '  Ayaan Nuur ',
      party: '',
      photoUrl: '',
    });
    expect(added).toMatchObject({ name: 'Ayaan Nuur', orderIndex: 3 });
    const row = deps.db.select().from(pollCandidates).where(eq(pollCandidates.id, added.id)).get();
    expect(row).toMatchObject({ colorHex: '#3B82F6', party: null, photoUrl: null });
    const coloured = await caller.polls.addCandidate({ pollId: poll.id, name: 'Xasan', colorHex: '#16a34a' });
    expect(coloured.orderIndex).toBe(4);
    expect(
      deps.db
        .select({ colorHex: pollCandidates.colorHex })
        .from(pollCandidates)
        .where(and(eq(pollCandidates.pollId, poll.id), eq(pollCandidates.name, 'Xasan')))
        .get(),
    ).toEqual({ colorHex: '#16A34A' });
    const audit = deps.db.select().from(auditLogs).where(eq(auditLogs.recordId, added.id)).get();
    expect(audit).toMatchObject({ action: 'create', tableName: 'poll_candidates', actorId: admin.id });
  });

  it('refuses a blank name, a bad colour, a closed poll and an unknown poll', async () => {
    const deps = createTestDeps();
    const { caller } = callerFor(deps, await createAdmin(deps.db), undefined, { steppedUp: true });
    const { poll } = createPoll(deps.db, { status: 'closed' });
    const open = createPoll(deps.db);
    expect(await outcome(caller.polls.addCandidate({ pollId: open.poll.id, name: '   ' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Candidate name is required',
    });
    expect(
      await outcome(caller.polls.addCandidate({ pollId: open.poll.id, name: 'A', colorHex: 'blue' })),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: 'Colour must be a hex colour such as #3B82F6.',
    });
    await expect(caller.polls.addCandidate({ pollId: poll.id, name: 'Late' })).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'Candidates cannot be added to a closed poll.',
    });
    await expect(caller.polls.addCandidate({ pollId: crypto.randomUUID(), name: 'A' })).rejects.toMatchObject(
      {
        code: 'NOT_FOUND',
      },
    );
  });
});

describe('polls.votes', () => {
  it('lists vote ID, user ID, candidate, time and IP hash, newest first, a page at a time', async () => {
    const deps = createTestDeps();
    const { poll, candidates } = createPoll(deps.db);
    const voters = createVoters(deps.db, 3);
    voters.forEach((userId, index) => {
      insertPollVote(deps.db, {
        pollId: poll.id,
        userId,
        candidateId: candidates[index]?.id ?? '',
        at: new Date(Date.UTC(2026, 10, 1 + index)),
      });
    });
    const { caller } = callerFor(deps, await createAdmin(deps.db), undefined, { steppedUp: true });
    const first = await caller.polls.votes({ pollId: poll.id, limit: 2 });
    expect(first.total).toBe(3);
    expect(first.votes.map((v) => v.candidate)).toEqual(['Candidate 3', 'Candidate 2']);
    expect(Object.keys(first.votes[0] ?? {}).sort()).toEqual([
      'candidate',
      'channel',
      'createdAt',
      'id',
      'ipHash',
      'userId',
    ]);
    expect(first.byChannel).toEqual({ web: 3, ussd: 0 });
    const second = await caller.polls.votes({ pollId: poll.id, limit: 2, offset: 2 });
    expect(second.votes.map((v) => v.userId)).toEqual([voters[0]]);
    await expect(caller.polls.votes({ pollId: crypto.randomUUID() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
