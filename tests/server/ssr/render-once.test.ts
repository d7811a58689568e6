import { createSession } from '@server/auth/sessions';
import { describe, expect, it, vi } from 'vitest';
import { sameOrigin, type TestApp, trpcBody } from '../../helpers/app';
import { createUser } from '../../helpers/factories';
import { createPoll } from '../../helpers/poll-factories';
import { firstHeading, renders, serverRenderingApps, stateBlock } from '../../helpers/ssr';

/**
 * Attack: every vote empties the page cache, so on election day a popular page is a miss
 * again and again, and everyone who asked for it at that moment started a render of their own: 16 readers of
 * /senators filled the render queue with 16 copies of one page (and a seventeenth reader of any page got the
 * shell). Readers asking for one page at once share one render; a reader who asks after a later write still
 * gets a render of that write's data, never a copy started before it.
 */
const openApp = serverRenderingApps();

const get = (test: TestApp, url: string) => test.app.inject({ method: 'GET', url });

function holdRenders() {
  let release = () => {};
  renders.gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return () => release();
}

describe('readers asking for one page at once', () => {
  it('share one render, and each gets the whole page', async () => {
    const test = await openApp();
    const release = holdRenders();
    const readers = Array.from({ length: 12 }, () => get(test, '/senators?shared=1'));
    await vi.waitFor(() => expect(renders.asked).toHaveLength(1));
    // Another page still has room in the queue: the copies no longer fill it.
    const other = get(test, '/regions?meanwhile=1');
    await vi.waitFor(() => expect(renders.asked).toHaveLength(2));
    release();
    for (const response of await Promise.all(readers)) {
      expect(response.statusCode).toBe(200);
      expect(firstHeading(response.body)).toBe('Somalia Senate');
      expect(stateBlock(response.body)).not.toBeNull();
    }
    expect(stateBlock((await other).body)).not.toBeNull();
    expect(renders.asked).toEqual(['en /senators?shared=1', 'en /regions?meanwhile=1']);
  });

  it('a reader who asks after a vote gets a render of their own, not the one started before it', async () => {
    const test = await openApp();
    const { poll, candidates } = createPoll(test.db, { title: 'Open poll' });
    const voter = await createUser(test.db);
    const cookie = `codka_session=${createSession(test.db, voter.id).token}`;
    const release = holdRenders();
    const before = get(test, '/polls/presidential');
    await vi.waitFor(() => expect(renders.asked).toHaveLength(1));
    const vote = await test.app.inject({
      method: 'POST',
      url: '/trpc/polls.vote',
      headers: { ...sameOrigin, cookie, 'content-type': 'application/json' },
      payload: trpcBody({ pollId: poll.id, candidateId: candidates[0]?.id }),
    });
    expect(vote.statusCode).toBe(200);
    const after = get(test, '/polls/presidential');
    await vi.waitFor(() => expect(renders.asked).toHaveLength(2));
    release();
    expect((await before).statusCode).toBe(200);
    expect(stateBlock((await after).body)).not.toBeNull();
    expect(renders.asked).toEqual(['en /polls/presidential', 'en /polls/presidential']);
  });
});
