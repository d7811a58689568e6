import { createSession } from '@server/auth/sessions';
import { polls } from '@server/db/schema';
import { PUBLIC_CACHE_TTL_MS } from '@server/http/public-cache';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, sameOrigin, trpcBody } from '../helpers/app';
import { createAdmin, createUser } from '../helpers/factories';
import { createPoll } from '../helpers/poll-factories';

const HOUR = 3_600_000;
const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const currentPollUrl = '/trpc/polls.current';
const homeBatchUrl = `/trpc/elections.active,polls.current,directory.members?batch=1&input=${input({
  2: { json: { page: 1, pageSize: 20 } },
})}`;

afterEach(() => vi.useRealTimers());

async function setUp() {
  const built = await buildTestApp();
  const { poll, candidates } = createPoll(built.db, {
    title: 'First poll',
    opensAt: new Date(Date.now() - 2 * HOUR),
  });
  const citizen = await createUser(built.db);
  const cookie = `codka_session=${createSession(built.db, citizen.id).token}`;
  const get = (url: string, headers: Record<string, string> = {}) =>
    built.app.inject({ method: 'GET', url, headers });
  const currentTitle = async () => JSON.parse((await get(currentPollUrl)).body).result.data.json.poll.title;
  return { ...built, poll, candidates, cookie, get, currentTitle };
}

describe('public cache', () => {
  it('answers anonymous public reads with exactly the bytes tRPC answers, with an ETag', async () => {
    const { app, db, get } = await setUp();
    // A System Admin's reads always go through tRPC (signed-in citizens share the cache, and a
    // forged cookie counts as no session); with no drafts and no step-up, their answers are a visitor's.
    const admin = await createAdmin(db);
    const throughTrpc = { cookie: `codka_session=${createSession(db, admin.id).token}` };
    for (const url of [currentPollUrl, homeBatchUrl]) {
      const cached = await get(url);
      const trpc = await get(url, throughTrpc);
      expect(cached.statusCode).toBe(200);
      expect(cached.body).toBe(trpc.body);
      expect(cached.headers['content-type']).toMatch(/^application\/json/);
      expect(cached.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(cached.headers['cache-control']).toBe(
        'public, max-age=0, s-maxage=2, stale-while-revalidate=10',
      );
      expect(trpc.headers['cache-control']).toBe('no-store');
    }
    await app.close();
  });

  it('answers 304 to a matching If-None-Match, and the full answer to a stale one', async () => {
    const { app, get } = await setUp();
    const first = await get(currentPollUrl);
    const again = await get(currentPollUrl, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
    const other = await get(currentPollUrl, { 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
    await app.close();
  });

  it('keeps an answer for its TTL when nothing is written through the server, then reads again', async () => {
    const { app, db, poll, currentTitle } = await setUp();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    expect(await currentTitle()).toBe('First poll');
    // A change no request announces (as the photo job's or the passing of time): the TTL bounds it.
    db.update(polls).set({ title: 'Renamed poll' }).where(eq(polls.id, poll.id)).run();
    expect(await currentTitle()).toBe('First poll');
    vi.advanceTimersByTime(PUBLIC_CACHE_TTL_MS + 1);
    expect(await currentTitle()).toBe('Renamed poll');
    await app.close();
  });

  it('is emptied by a vote, so the next anonymous read is recomputed', async () => {
    const { app, db, poll, candidates, cookie, currentTitle } = await setUp();
    expect(await currentTitle()).toBe('First poll');
    db.update(polls).set({ title: 'Renamed poll' }).where(eq(polls.id, poll.id)).run();
    const vote = await app.inject({
      method: 'POST',
      url: '/trpc/polls.vote',
      headers: { ...sameOrigin, cookie, 'content-type': 'application/json' },
      payload: trpcBody({ pollId: poll.id, candidateId: candidates[0]?.id }),
    });
    expect(vote.statusCode).toBe(200);
    expect(await currentTitle()).toBe('Renamed poll');
    await app.close();
  });

  it('never stores an error: the next read after the cause is gone succeeds', async () => {
    const { app, db, poll, get } = await setUp();
    const url = `/trpc/polls.results?input=${input({ json: { pollId: poll.id } })}`;
    // Results of an open poll are for those who voted: an anonymous visitor is refused...
    const refused = await get(url, { 'accept-language': 'en' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.headers.etag).toBeUndefined();
    // ...and once the poll closes (without any request that would empty the cache) everyone sees them.
    db.update(polls).set({ status: 'closed' }).where(eq(polls.id, poll.id)).run();
    const shown = await get(url);
    expect(shown.statusCode).toBe(200);
    expect(JSON.parse(shown.body).result.data.json.results.totalVotes).toBe(0);
    await app.close();
  });

  it('serves a citizen who just voted their own vote, and never private procedures from it', async () => {
    const { app, poll, candidates, cookie, get } = await setUp();
    await get(currentPollUrl);
    await app.inject({
      method: 'POST',
      url: '/trpc/polls.vote',
      headers: { ...sameOrigin, cookie, 'content-type': 'application/json' },
      payload: trpcBody({ pollId: poll.id, candidateId: candidates[0]?.id }),
    });
    await get(currentPollUrl);
    // The citizen who just voted sees their own vote (the vote emptied the cache), never the visitors' copy.
    const mine = await get(currentPollUrl, { cookie });
    expect(JSON.parse(mine.body).result.data.json.userHasVoted).toBe(true);
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(mine.headers.etag).toBeUndefined();
    for (const url of ['/trpc/votes.mine', '/trpc/elections.hub', '/trpc/auth.me']) {
      const answer = await get(url, { cookie });
      expect(answer.headers['cache-control'], url).toBe('no-store');
      expect(answer.headers.etag, url).toBeUndefined();
    }
    // A batch that names one private procedure is not cached as a whole.
    const mixed = await get('/trpc/polls.current,votes.mine?batch=1');
    expect(mixed.headers['cache-control']).toBe('no-store');
    await app.close();
  });

  it('is not emptied by sign-ins, which change no public answer', async () => {
    const { app, db, poll, currentTitle } = await setUp();
    expect(await currentTitle()).toBe('First poll');
    db.update(polls).set({ title: 'Renamed poll' }).where(eq(polls.id, poll.id)).run();
    const citizen = await createUser(db);
    const signIn = await app.inject({
      method: 'POST',
      url: '/trpc/auth.signIn',
      headers: { ...sameOrigin, 'content-type': 'application/json' },
      payload: trpcBody({ email: citizen.email, password: citizen.password }),
    });
    expect(signIn.statusCode).toBe(200);
    expect(await currentTitle()).toBe('First poll');
    await app.close();
  });
});
