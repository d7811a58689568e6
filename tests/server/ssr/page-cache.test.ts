import { SESSION_COOKIE } from '@server/auth/cookies';
import { createSession } from '@server/auth/sessions';
import { PUBLIC_CACHE_TTL_MS } from '@server/http/public-cache';
import { CALLS_PER_MINUTE } from '@server/http/trpc-calls';
import superjson from 'superjson';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sameOrigin, stepUpOverHttp, type TestApp } from '../../helpers/app';
import { createElection } from '../../helpers/election-factories';
import { createAdmin, createUser } from '../../helpers/factories';
import { firstHeading, renders, serverRenderingApps, stateBlock } from '../../helpers/ssr';

/**
 * The page cache (server/http/page-cache.ts, renders by ssr.ts): one render serves every reader of a language and
 * address for the public cache's TTL; any successful write empties it; renders past a short queue get the busy
 * page; a miss is charged to the address's call ceiling. What was rendered is read from the renderer's probe.
 */
const openApp = serverRenderingApps();

afterEach(() => {
  vi.useRealTimers();
});

const get = (test: TestApp, url: string, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'GET', url, headers });

const mutation = (test: TestApp, procedure: string, input: unknown, cookie?: string) =>
  test.app.inject({
    method: 'POST',
    url: `/trpc/${procedure}`,
    headers: { 'content-type': 'application/json', ...sameOrigin, ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(superjson.serialize(input)),
  });

describe('the page cache', () => {
  it('keeps one copy per language and address, whoever asks and however their language is said', async () => {
    const test = await openApp();
    const user = await createUser(test.db);
    const cookie = `${SESSION_COOKIE}=${createSession(test.db, user.id).token}`;
    await get(test, '/senators');
    await get(test, '/senators', { cookie });
    await get(test, '/senators', { 'accept-language': 'en-GB' });
    expect(renders.asked).toEqual(['en /senators']);
    await get(test, '/senators', { cookie: 'lang=so' });
    await get(test, '/senators', { 'accept-language': 'so-SO' });
    await get(test, '/senators', { cookie: `lang=so; ${cookie}` });
    await get(test, '/senators?search=Ali');
    await get(test, '/senators?search=Ali');
    expect(renders.asked).toEqual(['en /senators', 'so /senators', 'en /senators?search=Ali']);
  });

  it('is emptied by an admin’s edit through tRPC: the next page is rendered again', async () => {
    const test = await openApp();
    const { election } = createElection(test.db, { title: 'Before The Edit' });
    const admin = await createAdmin(test.db);
    const cookie = `${SESSION_COOKIE}=${createSession(test.db, admin.id).token}`;
    await stepUpOverHttp(test.app, cookie, admin.password);
    const url = `/election/${election.id}`;
    await get(test, url);
    const rendersBefore = renders.asked.length;
    await get(test, url);
    expect(renders.asked.length).toBe(rendersBefore);

    const edit = await mutation(
      test,
      'admin.elections.update',
      {
        id: election.id,
        title: 'After The Edit',
        startTime: election.startTime,
        endTime: election.endTime,
        status: election.status,
      },
      cookie,
    );
    expect(edit.statusCode, edit.body).toBe(200);
    await get(test, url);
    expect(renders.asked.slice(rendersBefore)).toEqual([`en ${url}`]);
    await get(test, url);
    expect(renders.asked.slice(rendersBefore)).toEqual([`en ${url}`]);
  });

  it('is kept by writes that change nothing public: a sign-in, an edit refused', async () => {
    // The clock stands still: a sign-in's password hashing may outlast the copy's TTL on a busy machine.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const test = await openApp();
    const user = await createUser(test.db);
    const admin = await createAdmin(test.db);
    const adminCookie = `${SESSION_COOKIE}=${createSession(test.db, admin.id).token}`;
    await get(test, '/regions');
    const signedIn = await mutation(test, 'auth.signIn', { email: user.email, password: user.password });
    expect(signedIn.statusCode).toBe(200);
    await get(test, '/regions');
    const refused = await mutation(test, 'admin.elections.update', { id: 'not-an-id' }, adminCookie);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    await get(test, '/regions');
    expect(renders.asked).toEqual(['en /regions']);
  });

  it(`renders a page again once its copy is older than ${PUBLIC_CACHE_TTL_MS} ms`, async () => {
    const startedAt = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: startedAt });
    const test = await openApp();
    await get(test, '/parliament-members');
    vi.setSystemTime(startedAt + PUBLIC_CACHE_TTL_MS);
    await get(test, '/parliament-members');
    expect(renders.asked).toHaveLength(1);
    vi.setSystemTime(startedAt + PUBLIC_CACHE_TTL_MS + 1);
    await get(test, '/parliament-members');
    expect(renders.asked).toHaveLength(2);
  });
});

describe('the render queue', () => {
  it('answers the busy page (503) beyond 16 renders waiting, and the page again once they are done', async () => {
    const test = await openApp();
    let release = () => {};
    renders.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Sixteen readers at addresses of their own (one address asking for many at once is held to its share).
    const held = Array.from({ length: 16 }, (_, index) =>
      test.app.inject({ method: 'GET', url: `/senators?page=${index}`, remoteAddress: `10.3.${index}.1` }),
    );
    await vi.waitFor(() => expect(renders.asked).toHaveLength(16));

    const beyond = await get(test, '/parliament-members');
    expect(beyond.statusCode).toBe(503);
    expect(beyond.headers['retry-after']).toBe('2');
    expect(stateBlock(beyond.body)).toBeNull();
    expect(beyond.body).toContain('<meta http-equiv="refresh" content="2">');
    // Not rendered later either: the busy page is the whole answer, and it asks again by itself.
    expect(renders.asked).toHaveLength(16);

    release();
    for (const response of await Promise.all(held)) {
      expect(response.statusCode).toBe(200);
      expect(firstHeading(response.body)).toBe('Somalia Senate');
    }
    const after = await get(test, '/parliament-members');
    expect(stateBlock(after.body)).not.toBeNull();
  });
});

describe('the call ceiling', () => {
  it('charges a render, not a copy from the cache: past the ceiling a new page is refused with 429', async () => {
    const test = await openApp();
    const user = await createUser(test.db);
    const cookie = `${SESSION_COOKIE}=${createSession(test.db, user.id).token}`;
    await get(test, '/senators');
    // The ceiling counts calls: a signed-in batch of 101 names costs 101 (tRPC then refuses it as too long).
    const batch = `/trpc/${Array.from({ length: 101 }, () => 'auth.session').join(',')}?batch=1`;
    const requests = Math.ceil(CALLS_PER_MINUTE / 101);
    for (let index = 0; index < requests; index += 1) {
      await test.app.inject({ method: 'GET', url: batch, headers: { cookie } });
    }
    const refused = await get(test, '/senators?new=1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(renders.asked).toEqual(['en /senators']);
    // A copy from the cache costs nothing: the page already rendered is still served.
    const cached = await get(test, '/senators');
    expect(cached.statusCode).toBe(200);
    expect(firstHeading(cached.body)).toBe('Somalia Senate');
  });

  it('counts one call per page rendered', async () => {
    const test = await openApp();
    const user = await createUser(test.db);
    const cookie = `${SESSION_COOKIE}=${createSession(test.db, user.id).token}`;
    const batch = `/trpc/${Array.from({ length: 101 }, () => 'auth.session').join(',')}?batch=1`;
    // Leaves 10,000 - 99 * 101 = 1 call: one more render passes, the next is refused.
    for (let index = 0; index < Math.floor(CALLS_PER_MINUTE / 101); index += 1) {
      await test.app.inject({ method: 'GET', url: batch, headers: { cookie } });
    }
    const remaining = CALLS_PER_MINUTE - Math.floor(CALLS_PER_MINUTE / 101) * 101;
    for (let index = 0; index < remaining; index += 1) {
      expect((await get(test, `/regions?n=${index}`)).statusCode).toBe(200);
    }
    expect((await get(test, '/regions?n=last')).statusCode).toBe(429);
  });
});
