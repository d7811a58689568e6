import { pollVotes, serverSecrets } from '@server/db/schema';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, sameOrigin, sessionCookieFrom, trpcBody } from '../helpers/app';
import { callerFor, createTestDeps } from '../helpers/caller';
import { createUser } from '../helpers/factories';
import { createPoll } from '../helpers/poll-factories';

const HOUR = 3_600_000;

describe('polls.vote', () => {
  it('records one vote for a candidate of an open poll', async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    const { poll, candidates } = createPoll(deps.db);
    const result = await callerFor(deps, user).caller.polls.vote({
      pollId: poll.id,
      candidateId: candidates[1]?.id ?? '',
    });
    expect(result).toEqual({ voteId: expect.any(String), recordedAt: expect.any(Date) });
    const row = deps.db.select().from(pollVotes).where(eq(pollVotes.id, result.voteId)).get();
    expect(row).toMatchObject({ pollId: poll.id, userId: user.id, candidateId: candidates[1]?.id });
  });

  it("refuses a second vote with the spec's conflict message", async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    const { poll, candidates } = createPoll(deps.db);
    const { caller } = callerFor(deps, user);
    await caller.polls.vote({ pollId: poll.id, candidateId: candidates[0]?.id ?? '' });
    await expect(
      caller.polls.vote({ pollId: poll.id, candidateId: candidates[1]?.id ?? '' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: "You have already voted in this month's poll.",
    });
  });

  it('takes no votes once closes_at has passed, even while the poll is still marked open', async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    const closesAt = new Date('2026-10-31T20:59:59.999Z');
    const { poll, candidates } = createPoll(deps.db, { opensAt: new Date('2026-09-30T21:00:00Z'), closesAt });
    await expect(
      callerFor(deps, user).caller.polls.vote({ pollId: poll.id, candidateId: candidates[0]?.id ?? '' }),
    ).rejects.toMatchObject({ code: 'PRECONDITION_FAILED', message: 'This poll closed on 31 October 2026.' });
    expect(deps.db.select().from(pollVotes).all()).toHaveLength(0);
  });

  it.each([
    ['a closed poll', { status: 'closed' as const }, 'PRECONDITION_FAILED', 'This poll has been closed.'],
    [
      'an open poll not yet started',
      { opensAt: new Date('2099-01-01T09:00:00Z'), closesAt: new Date('2099-01-31T09:00:00Z') },
      'PRECONDITION_FAILED',
      'This poll opens on 1 January 2099.',
    ],
    ['a draft (unknown to citizens)', { status: 'draft' as const }, 'NOT_FOUND', undefined],
  ])('refuses %s', async (_label, options, code, message) => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    const { poll, candidates } = createPoll(deps.db, options);
    await expect(
      callerFor(deps, user).caller.polls.vote({ pollId: poll.id, candidateId: candidates[0]?.id ?? '' }),
    ).rejects.toMatchObject(message ? { code, message } : { code });
    expect(deps.db.select().from(pollVotes).all()).toHaveLength(0);
  });

  it("refuses another poll's candidate, an unknown poll and a missing candidate", async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    const { poll } = createPoll(deps.db);
    const other = createPoll(deps.db);
    const { caller } = callerFor(deps, user);
    await expect(
      caller.polls.vote({ pollId: poll.id, candidateId: other.candidates[0]?.id ?? '' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'The selected candidate is not in this poll.' });
    await expect(
      caller.polls.vote({ pollId: crypto.randomUUID(), candidateId: other.candidates[0]?.id ?? '' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.polls.vote({ pollId: poll.id, candidateId: '' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('answers TOO_MANY_REQUESTS once an address has used its poll votes', async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    const { poll, candidates } = createPoll(deps.db);
    await deps.limits.pollVotesAddress.consume('198.51.100.9', deps.limits.pollVotesAddress.points);
    await expect(
      callerFor(deps, user, '198.51.100.9').caller.polls.vote({
        pollId: poll.id,
        candidateId: candidates[0]?.id ?? '',
      }),
    ).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});

describe('poll ip_hash', () => {
  it('is a keyed hash of the address, never the address, and the same for the same address', async () => {
    const deps = createTestDeps();
    const { poll, candidates } = createPoll(deps.db);
    const candidateId = candidates[0]?.id ?? '';
    const addresses = ['203.0.113.50', '203.0.113.50', '2001:db8::7'];
    for (const ip of addresses) {
      await callerFor(deps, await createUser(deps.db), ip).caller.polls.vote({
        pollId: poll.id,
        candidateId,
      });
    }
    const hashes = deps.db
      .select({ ipHash: pollVotes.ipHash })
      .from(pollVotes)
      .orderBy(pollVotes.createdAt)
      .all()
      .map((row) => row.ipHash ?? '');
    for (const hash of hashes) {
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(hash).not.toContain('203.0.113');
    }
    expect(new Set(hashes).size).toBe(2);
    // The key is not in the database: it lives in the key file.
    expect(deps.db.select().from(serverSecrets).all()).toEqual([]);
  });

  it('depends on the server secret: another database gives another hash for the same address', async () => {
    const hashFor = async () => {
      const deps = createTestDeps();
      const { poll, candidates } = createPoll(deps.db);
      await callerFor(deps, await createUser(deps.db), '203.0.113.50').caller.polls.vote({
        pollId: poll.id,
        candidateId: candidates[0]?.id ?? '',
      });
      return deps.db.select({ ipHash: pollVotes.ipHash }).from(pollVotes).get()?.ipHash;
    };
    expect(await hashFor()).not.toBe(await hashFor());
  });
});

describe('concurrent poll votes over HTTP', () => {
  it('accepts exactly one of 50 simultaneous votes by one citizen; the rest answer 409, none 5xx', async () => {
    const { app, db } = await buildTestApp({ env: { RATE_LIMITS: 'off' } });
    const user = await createUser(db);
    const { poll, candidates } = createPoll(db, { closesAt: new Date(Date.now() + HOUR) });
    const signIn = await app.inject({
      method: 'POST',
      url: '/trpc/auth.signIn',
      headers: { 'content-type': 'application/json', ...sameOrigin },
      payload: trpcBody({ email: user.email, password: user.password }),
    });
    const cookie = sessionCookieFrom(signIn.headers['set-cookie']);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        app.inject({
          method: 'POST',
          url: '/trpc/polls.vote',
          headers: { 'content-type': 'application/json', ...sameOrigin, cookie },
          payload: trpcBody({ pollId: poll.id, candidateId: candidates[index % candidates.length]?.id }),
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    expect(statuses.filter((status) => status >= 500)).toHaveLength(0);
    expect(responses.find((r) => r.statusCode === 409)?.json().error.json.message).toBe(
      "You have already voted in this month's poll.",
    );
    expect(db.select({ n: count() }).from(pollVotes).get()?.n).toBe(1);
    await app.close();
  });

  it("answers a visitor's vote with 401 and the spec's sentence", async () => {
    const { app, db } = await buildTestApp();
    const { poll, candidates } = createPoll(db);
    const response = await app.inject({
      method: 'POST',
      url: '/trpc/polls.vote',
      headers: { 'content-type': 'application/json', ...sameOrigin },
      payload: trpcBody({ pollId: poll.id, candidateId: candidates[0]?.id }),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.json.message).toBe('Please sign in to vote');
    await app.close();
  });
});
