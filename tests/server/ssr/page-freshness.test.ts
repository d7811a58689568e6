import { SESSION_COOKIE } from '@server/auth/cookies';
import { createSession } from '@server/auth/sessions';
import { PAGE_REFRESH_MS, PAGE_STALE_AFTER_ADD_MS } from '@server/http/page-cache';
import { SHARE_RENDERS_AT_ONCE } from '@server/http/render-shares';
import { RENDER_BURST_MS, SHARED_BELOW_MS } from '@server/http/ssr';
import { proceduresWith, procedureType } from '@server/routers/policy';
import superjson from 'superjson';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sameOrigin, stepUpOverHttp, type TestApp, trpcBody } from '../../helpers/app';
import { createElection } from '../../helpers/election-factories';
import { createAdmin, createUser } from '../../helpers/factories';
import { createPoll } from '../../helpers/poll-factories';
import { firstHeading, renders, serverRenderingApps, stateBlock } from '../../helpers/ssr';

/**
 * Pages after a vote (server/http/page-cache.ts): a write whose calls all declare `onlyAdds` (a vote) leaves
 * the page copies in place for PAGE_STALE_AFTER_ADD_MS while one render refreshes each in the background; any
 * other write drops them at once, even a copy a vote had just outdated; and with votes arriving between readers,
 * a page still has at most two renders under way.
 */
const openApp = serverRenderingApps();

afterEach(() => {
  vi.useRealTimers();
});

const get = (test: TestApp, url: string) => test.app.inject({ method: 'GET', url });

function holdRenders() {
  let release = () => {};
  renders.gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return () => {
    renders.gate = null;
    release();
  };
}

/** An open poll and a way to cast one more vote in it (each by a new citizen). */
function pollVotes(test: TestApp) {
  const { poll, candidates } = createPoll(test.db, { title: 'Open poll' });
  return async () => {
    const voter = await createUser(test.db);
    const cookie = `${SESSION_COOKIE}=${createSession(test.db, voter.id).token}`;
    const vote = await test.app.inject({
      method: 'POST',
      url: '/trpc/polls.vote',
      headers: { ...sameOrigin, cookie, 'content-type': 'application/json' },
      payload: trpcBody({ pollId: poll.id, candidateId: candidates[0]?.id }),
    });
    expect(vote.statusCode, vote.body).toBe(200);
  };
}

/** Whether the promise has settled by now (after the event loop had a turn). */
async function settled(promise: Promise<unknown>) {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  return done;
}

describe('the policy that lets pages lag behind a write', () => {
  it('is declared only by mutations: the two votes', () => {
    const onlyAdds = proceduresWith('onlyAdds');
    expect(onlyAdds.length).toBeGreaterThan(0);
    for (const path of onlyAdds) expect(procedureType(path)).toBe('mutation');
  });
});

describe('a page after a vote', () => {
  it('is the copy from before the vote, served at once while one render refreshes it', async () => {
    const startedAt = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: startedAt });
    const test = await openApp();
    const vote = pollVotes(test);
    const first = await get(test, '/polls/presidential');
    expect(renders.asked).toHaveLength(1);
    await vote();
    // Served as it is, not rendered again, until it is PAGE_REFRESH_MS old.
    expect(stateBlock((await get(test, '/polls/presidential')).body)).toBe(stateBlock(first.body));
    expect(renders.asked).toHaveLength(1);

    vi.setSystemTime(startedAt + PAGE_REFRESH_MS);
    const release = holdRenders();
    const stale = await get(test, '/polls/presidential');
    // Answered from the copy although its refresh is held: the reader did not wait for a render.
    expect(stale.statusCode).toBe(200);
    expect(stateBlock(stale.body)).toBe(stateBlock(first.body));
    expect(renders.asked).toHaveLength(2);
    // One refresh at a time, however many read the copy meanwhile.
    await get(test, '/polls/presidential');
    expect(renders.asked).toHaveLength(2);
    release();

    // The refreshed copy is stored and served without another render.
    await vi.waitFor(async () => {
      const after = await get(test, '/polls/presidential');
      expect(stateBlock(after.body)).not.toBe(stateBlock(first.body));
    });
    expect(renders.asked).toHaveLength(2);
  });

  it('is refreshed on the account of the reader who found it due: one address reading many outdated copies refreshes few', async () => {
    const startedAt = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: startedAt });
    const test = await openApp();
    const vote = pollVotes(test);
    const pages = Array.from({ length: 12 }, (_, index) => `/senators?copy=${index}`);
    // Copies of twelve pages, each rendered for a reader of its own; then the budget refills.
    for (const [index, url] of pages.entries()) {
      await test.app.inject({ method: 'GET', url, remoteAddress: `10.4.${index}.1` });
    }
    expect(renders.asked).toHaveLength(pages.length);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await vote();

    vi.setSystemTime(startedAt + PAGE_REFRESH_MS);
    const release = holdRenders();
    for (const url of pages) {
      // Each reader gets the copy at once, whether or not a refresh starts.
      const stale = await test.app.inject({ method: 'GET', url, remoteAddress: '192.0.2.9' });
      expect(stale.statusCode).toBe(200);
    }
    // Its share's renders at once, and what the budget's reserve allows, each counted as a heavy page's.
    const refreshed = renders.asked.length - pages.length;
    expect(refreshed).toBeGreaterThan(0);
    expect(refreshed).toBeLessThanOrEqual(
      SHARE_RENDERS_AT_ONCE + Math.ceil((RENDER_BURST_MS - SHARED_BELOW_MS) / 100),
    );
    release();
  });

  it(`is never the copy from before the vote more than ${PAGE_STALE_AFTER_ADD_MS} ms after it`, async () => {
    const startedAt = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: startedAt });
    const test = await openApp();
    const vote = pollVotes(test);
    await get(test, '/regions');
    await vote();
    const release = holdRenders();
    vi.setSystemTime(startedAt + PAGE_STALE_AFTER_ADD_MS + 1);
    const late = get(test, '/regions');
    await vi.waitFor(() => expect(renders.asked).toHaveLength(2));
    // It waits for the render (the copy is too old to serve), not a moment behind the vote.
    expect(await settled(late)).toBe(false);
    release();
    expect(stateBlock((await late).body)).not.toBeNull();
  });
});

describe('a write that may hide something', () => {
  it('drops the copies at once, even one a vote had just outdated and a refresh under way', async () => {
    const startedAt = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: startedAt });
    const test = await openApp();
    const vote = pollVotes(test);
    const { election } = createElection(test.db, { title: 'Before The Edit' });
    const admin = await createAdmin(test.db);
    const cookie = `${SESSION_COOKIE}=${createSession(test.db, admin.id).token}`;
    await stepUpOverHttp(test.app, cookie, admin.password);
    const url = `/election/${election.id}`;
    expect((await get(test, url)).body).toContain('Before The Edit');
    await vote();
    vi.setSystemTime(startedAt + PAGE_REFRESH_MS);
    const release = holdRenders();
    // The stale copy starts a refresh (held), which began before the edit below.
    expect((await get(test, url)).body).toContain('Before The Edit');
    expect(renders.asked).toHaveLength(2);

    const edit = await test.app.inject({
      method: 'POST',
      url: '/trpc/admin.elections.update',
      headers: { 'content-type': 'application/json', ...sameOrigin, cookie },
      payload: JSON.stringify(
        superjson.serialize({
          id: election.id,
          title: 'After The Edit',
          startTime: election.startTime,
          endTime: election.endTime,
          status: election.status,
        }),
      ),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = get(test, url);
    // A render of its own, not the copy and not the refresh that started before the edit.
    await vi.waitFor(() => expect(renders.asked).toHaveLength(3));
    expect(await settled(after)).toBe(false);
    release();
    const page = await after;
    expect(page.body).toContain('After The Edit');
    expect(page.body).not.toContain('Before The Edit');
  });
});

describe('readers of a page with no copy while votes arrive', () => {
  it('start at most two renders of it, and each gets the page', async () => {
    const test = await openApp();
    const vote = pollVotes(test);
    const release = holdRenders();
    const readers = [get(test, '/senators?flood=1')];
    await vi.waitFor(() => expect(renders.asked).toHaveLength(1));
    for (let index = 0; index < 6; index += 1) {
      await vote();
      readers.push(get(test, '/senators?flood=1'));
    }
    await vi.waitFor(() => expect(renders.asked).toHaveLength(2));
    expect(await settled(readers[readers.length - 1] as Promise<unknown>)).toBe(false);
    expect(renders.asked).toEqual(['en /senators?flood=1', 'en /senators?flood=1']);
    release();
    for (const response of await Promise.all(readers)) {
      expect(response.statusCode).toBe(200);
      expect(firstHeading(response.body)).toBe('Somalia Senate');
    }
  });
});
