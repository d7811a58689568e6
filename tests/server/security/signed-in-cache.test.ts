import { createSession } from '@server/auth/sessions';
import { polls } from '@server/db/schema';
import { castVote } from '@server/services/voting';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, sameOrigin, trpcBody } from '../../helpers/app';
import { callerFor, createTestDeps } from '../../helpers/caller';
import { createElection } from '../../helpers/election-factories';
import { createAdmin, createUser } from '../../helpers/factories';
import { createPoll, createVoters, insertPollVote } from '../../helpers/poll-factories';

/**
 * The public cache serves signed-in citizens too, from the visitors' copy or, for a read that
 * depends on the reader's vote in a poll, from a copy shared by that poll's voters. The attacks: make a copy
 * computed for one person reach another who may not see it.
 */
const url = (path: string, input?: unknown) =>
  input === undefined
    ? `/trpc/${path}`
    : `/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

async function setUp(env: Record<string, string> = {}) {
  const built = await buildTestApp({ env });
  const { poll, candidates } = createPoll(built.db, { title: 'Open poll' });
  const cookieOf = async (options: { admin?: boolean } = {}) => {
    const user = options.admin ? await createAdmin(built.db) : await createUser(built.db);
    return { user, cookie: `codka_session=${createSession(built.db, user.id).token}` };
  };
  const voters = [await cookieOf(), await cookieOf()];
  for (const [index, voter] of voters.entries()) {
    insertPollVote(built.db, {
      pollId: poll.id,
      userId: voter.user.id,
      candidateId: candidates[index]?.id ?? '',
    });
  }
  const citizen = await cookieOf();
  const get = (path: string, cookie?: string) =>
    built.app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });
  return { ...built, poll, candidates, voters, citizen, cookieOf, get };
}

describe('the public cache for signed-in readers', () => {
  it("an open poll's results read by its voters never reach a citizen who has not voted, a visitor or a forged cookie", async () => {
    const { app, db, poll, voters, citizen, get } = await setUp();
    const results = url('polls.results', { pollId: poll.id });
    const first = await get(results, voters[0]?.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json().result.data.json.results.totalVotes).toBe(2);
    // The second voter is served the voters' copy: a change no request announced is not seen yet.
    db.update(polls).set({ title: 'Renamed poll' }).where(eq(polls.id, poll.id)).run();
    expect((await get(results, voters[1]?.cookie)).body).toBe(first.body);
    expect(first.body).toContain('Open poll');
    for (const [who, cookie, status] of [
      ['citizen who has not voted', citizen.cookie, 403],
      ['visitor', undefined, 401],
      ['forged cookie', 'codka_session=forged.token', 401],
      ['a real session id with a wrong secret', `${voters[0]?.cookie.split('.')[0]}.wrong`, 401],
    ] as const) {
      const refused = await get(results, cookie);
      expect(refused.statusCode, who).toBe(status);
      expect(refused.body, who).not.toContain('totalVotes');
    }
    await app.close();
  });

  it('the current poll tells each reader whether they voted, whoever read it first', async () => {
    const { app, voters, citizen, get } = await setUp();
    const standing = async (cookie?: string) => {
      const { userHasVoted, resultsVisible } = (await get(url('polls.current'), cookie)).json().result.data
        .json;
      return { userHasVoted, resultsVisible };
    };
    const voted = { userHasVoted: true, resultsVisible: true };
    const notVoted = { userHasVoted: false, resultsVisible: false };
    expect(await standing(voters[0]?.cookie)).toEqual(voted);
    expect(await standing(citizen.cookie)).toEqual(notVoted);
    expect(await standing()).toEqual(notVoted);
    expect(await standing(voters[1]?.cookie)).toEqual(voted);
    expect(await standing(citizen.cookie)).toEqual(notVoted);
    await app.close();
  });

  it('a citizen who votes sees their vote counted at once: the vote empties every copy before it answers', async () => {
    const { app, poll, candidates, voters, citizen, get } = await setUp();
    const results = url('polls.results', { pollId: poll.id });
    expect((await get(results, voters[0]?.cookie)).json().result.data.json.results.totalVotes).toBe(2);
    expect((await get(url('polls.current'), citizen.cookie)).json().result.data.json.userHasVoted).toBe(
      false,
    );
    const vote = await app.inject({
      method: 'POST',
      url: '/trpc/polls.vote',
      headers: { ...sameOrigin, cookie: citizen.cookie, 'content-type': 'application/json' },
      payload: trpcBody({ pollId: poll.id, candidateId: candidates[0]?.id }),
    });
    expect(vote.statusCode).toBe(200);
    expect((await get(url('polls.current'), citizen.cookie)).json().result.data.json.userHasVoted).toBe(true);
    expect((await get(results, citizen.cookie)).json().result.data.json.results.totalVotes).toBe(3);
    expect((await get(results, voters[0]?.cookie)).json().result.data.json.results.totalVotes).toBe(3);
    await app.close();
  });

  it('System Admins always go through tRPC: their drafts never reach a citizen, a voter copy never reaches them', async () => {
    const { app, db, poll, voters, citizen, cookieOf, get } = await setUp();
    const { poll: draft } = createPoll(db, { status: 'draft', title: 'Draft poll' });
    const admin = await cookieOf({ admin: true });
    const adminList = await get(url('polls.list'), admin.cookie);
    expect(adminList.body).toContain(draft.id);
    expect(adminList.headers['cache-control']).toBe('no-store');
    for (const cookie of [citizen.cookie, voters[0]?.cookie, undefined]) {
      expect((await get(url('polls.list'), cookie)).body).not.toContain(draft.id);
    }
    // A voter's copy of the open poll's results is stored; a stolen admin cookie without step-up is refused.
    expect((await get(url('polls.results', { pollId: poll.id }), voters[0]?.cookie)).statusCode).toBe(200);
    expect((await get(url('polls.results', { pollId: poll.id }), admin.cookie)).statusCode).toBe(403);
    await app.close();
  });

  it("when the current poll changes unannounced, a voters' copy of the old one never carries the new one", async () => {
    const { app, db, poll, voters, citizen, cookieOf, get } = await setUp();
    // The cache learns which poll is current from a citizen's read...
    expect((await get(url('polls.current'), citizen.cookie)).json().result.data.json.poll.id).toBe(poll.id);
    // ...then that poll closes and another opens, with no request to empty the cache (its hour passing).
    db.update(polls).set({ status: 'closed' }).where(eq(polls.id, poll.id)).run();
    const { poll: next, candidates: nextCandidates } = createPoll(db, { title: 'Next poll' });
    const both = voters[0];
    insertPollVote(db, {
      pollId: next.id,
      userId: both?.user.id ?? '',
      candidateId: nextCandidates[0]?.id ?? '',
    });
    // A voter of both polls reads first: their answer (the next poll, voted) is theirs alone...
    const mine = (await get(url('polls.current'), both?.cookie)).json().result.data.json;
    expect(mine.poll.id).toBe(next.id);
    expect(mine.userHasVoted).toBe(true);
    // ...never stored as the old poll's voters' copy: a voter of the old poll only is not told they voted.
    const other = (await get(url('polls.current'), voters[1]?.cookie)).json().result.data.json;
    expect(other.poll.id).toBe(next.id);
    expect(other.userHasVoted).toBe(false);
    expect(other.resultsVisible).toBe(false);
    const late = await cookieOf();
    expect((await get(url('polls.current'), late.cookie)).json().result.data.json.userHasVoted).toBe(false);
    await app.close();
  });

  it('a signed-in answer is no-store, without an ETag, and still honours a time no request announced', async () => {
    const { app, db, poll, voters, citizen, get } = await setUp();
    for (const cookie of [citizen.cookie, voters[0]?.cookie]) {
      const answer = await get(url('polls.current'), cookie);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers.etag).toBeUndefined();
    }
    // The poll closes without a request (its hour passing): once the short TTL is over, the citizen sees results.
    db.update(polls).set({ status: 'closed' }).where(eq(polls.id, poll.id)).run();
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const shown = await get(url('polls.results', { pollId: poll.id }), citizen.cookie);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().result.data.json.results.totalVotes).toBe(2);
    await app.close();
  });

  it('a signed-in read is counted against the address ceiling before any work, even one the cache holds', async () => {
    const { app, citizen, get } = await setUp({ RATE_LIMITS: 'true' });
    const ip = '198.51.100.70';
    const batch = `/trpc/${Array(100).fill('auth.session').join(',')}?batch=1&input=${encodeURIComponent('{}')}`;
    expect((await get(url('polls.current'), citizen.cookie)).statusCode).toBe(200);
    for (let i = 0; i < 100; i++) {
      const spent = await app.inject({
        method: 'GET',
        url: batch,
        remoteAddress: ip,
        headers: { cookie: citizen.cookie },
      });
      if (spent.statusCode !== 200) throw new Error(`batch ${i} answered ${spent.statusCode}`);
    }
    const over = await app.inject({
      method: 'GET',
      url: url('polls.current'),
      remoteAddress: ip,
      headers: { cookie: citizen.cookie },
    });
    expect(over.statusCode).toBe(429);
    await app.close();
  });
});

/**
 * Why sharing is sound, checked on the procedures themselves (no cache): two voters of a poll get the same
 * bytes, and a citizen who voted everywhere gets a visitor's answer from reads that do not declare cacheByVote.
 */
describe('what the shared copies rest on', () => {
  afterEach(() => vi.useRealTimers());

  it('two voters of one poll read the same current poll and results', async () => {
    const deps = createTestDeps();
    const { poll, candidates } = createPoll(deps.db);
    const [first, second] = [await createUser(deps.db), await createUser(deps.db)];
    insertPollVote(deps.db, { pollId: poll.id, userId: first.id, candidateId: candidates[0]?.id ?? '' });
    insertPollVote(deps.db, { pollId: poll.id, userId: second.id, candidateId: candidates[1]?.id ?? '' });
    const [a, b] = [callerFor(deps, first).caller, callerFor(deps, second).caller];
    expect(JSON.stringify(await a.polls.current())).toBe(JSON.stringify(await b.polls.current()));
    expect(JSON.stringify(await a.polls.results({ pollId: poll.id }))).toBe(
      JSON.stringify(await b.polls.results({ pollId: poll.id })),
    );
  });

  it('a citizen who voted in a hidden-results election reads its results as a visitor does', async () => {
    const deps = createTestDeps();
    const { election, candidates } = createElection(deps.db, { hideResultsUntilClose: true });
    const citizen = await createUser(deps.db);
    castVote(deps.db, citizen.id, { electionId: election.id, candidateId: candidates[0]?.id ?? '' });
    for (const userId of createVoters(deps.db, 2)) {
      castVote(deps.db, userId, { electionId: election.id, candidateId: candidates[1]?.id ?? '' });
    }
    const asCitizen = callerFor(deps, citizen).caller;
    const asVisitor = callerFor(deps, null).caller;
    // Results carry the time they were read: one instant for both readers.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    for (const read of [
      (c: typeof asCitizen) => c.elections.results({ id: election.id }),
      (c: typeof asCitizen) => c.elections.active(),
      (c: typeof asCitizen) => c.polls.list(),
    ]) {
      expect(JSON.stringify(await read(asCitizen))).toBe(JSON.stringify(await read(asVisitor)));
    }
  });
});
