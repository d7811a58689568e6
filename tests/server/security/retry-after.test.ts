import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sameOrigin, type TestApp, trpcBody } from '../../helpers/app';
import { createUser } from '../../helpers/factories';
import { sessionCookie } from '../../helpers/security/world';

let built: TestApp;

beforeAll(async () => {
  built = await buildTestApp();
});
afterAll(() => built.app.close());

/**
 * The votes' limits per address (1,200 a minute) spent by calls that name nothing, then one more: the votes'
 * fast path (server/http/vote-fast-path.ts) answers it, not the tRPC adapter, and must say when to come back
 * as the adapter's answers do.
 */
describe('a limit’s 429 says when to come back in Retry-After', { timeout: 60_000 }, () => {
  it.each([
    ['votes.cast', 'limit.votes', () => ({ electionId: randomUUID(), candidateId: randomUUID() })],
    ['polls.vote', 'limit.pollVotes', () => ({ pollId: randomUUID(), candidateId: randomUUID() })],
  ])('on %s, answered by the votes’ fast path', async (path, code, input) => {
    const voter = await createUser(built.db);
    const cookie = sessionCookie(built.db, voter.id);
    const remoteAddress = `198.51.100.${path === 'votes.cast' ? 7 : 8}`;
    const send = () =>
      built.app.inject({
        method: 'POST',
        url: `/trpc/${path}`,
        remoteAddress,
        headers: { ...sameOrigin, 'content-type': 'application/json', cookie },
        payload: trpcBody(input()),
      });
    for (let i = 0; i < 1200; i += 1) expect((await send()).statusCode).not.toBe(429);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body).error.json.data.errorCode).toBe(code);
    expect(refused.headers['retry-after']).toBe('60');
  });
});
