import { ANONYMOUS_BATCH_TOO_LARGE } from '@server/http/batch-cap';
import { CALLS_PER_MINUTE, LIMITED_IN_BATCH } from '@server/http/trpc-calls';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, sameOrigin } from '../../helpers/app';
import { createElection } from '../../helpers/election-factories';
import { createUser } from '../../helpers/factories';
import { rawRequest } from '../../helpers/raw-http';

/**
 * Fastify decodes the path before routing, so these all reach tRPC; a hook that tested the raw
 * `request.url.startsWith('/trpc/')` would skip every one but the first.
 * Each must be refused, capped and counted exactly like /trpc/.
 */
const SPELLINGS = ['/trpc/', '/%74rpc/', '/t%72pc/', '/%74%72%70%63/'];
const post = { ...sameOrigin, 'content-type': 'application/json' };

let close: (() => Promise<unknown>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

async function app(env: Record<string, string> = {}) {
  const built = await buildTestApp({ env });
  close = () => built.app.close();
  return built;
}

/** Nine wrong passwords, then the right one, as one tRPC batch. */
function signInBatch(email: string, password: string) {
  const guesses = [
    ...Array.from({ length: 9 }, (_, i) => ({ email, password: `guess-${i}` })),
    { email, password },
  ];
  return {
    names: Array(guesses.length).fill('auth.signIn').join(','),
    body: JSON.stringify(Object.fromEntries(guesses.map((g, i) => [String(i), { json: g }]))),
  };
}

describe('an absolute-form request target (raw socket)', () => {
  it('is refused with a sentence before any hook or route: no sign-in batch, no 100-read batch', async () => {
    const { app: server, db } = await app();
    const citizen = await createUser(db);
    await server.listen({ port: 0, host: '127.0.0.1' });
    const batch = signInBatch(citizen.email, citizen.password);
    const signIn = await rawRequest(server.server, {
      method: 'POST',
      target: `http://localhost:3000/trpc/${batch.names}?batch=1`,
      body: batch.body,
      headers: post,
    });
    expect(signIn.status).toBe(400);
    expect(signIn.head).not.toMatch(/set-cookie: codka_session=/i);
    expect(signIn.body).toContain('The request is malformed.');
    const reads = await rawRequest(server.server, {
      method: 'GET',
      target: `http://localhost:3000/trpc/${Array(100).fill('elections.active').join(',')}?batch=1`,
    });
    expect(reads.status).toBe(400);
    // The ordinary spelling on the same socket kind still works.
    expect(
      (await rawRequest(server.server, { method: 'GET', target: '/trpc/elections.active' })).status,
    ).toBe(200);
  });
});

describe.each(SPELLINGS)('%s', (prefix) => {
  it('a batch of 10 sign-ins (the last one right) is refused whole and signs no one in', async () => {
    const { app: server, db } = await app();
    const citizen = await createUser(db);
    const batch = signInBatch(citizen.email, citizen.password);
    const response = await server.inject({
      method: 'POST',
      url: `${prefix}${batch.names}?batch=1`,
      headers: post,
      payload: batch.body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(LIMITED_IN_BATCH);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('an anonymous batch of 11 reads meets the visitor cap', async () => {
    const { app: server } = await app();
    const names = Array(11).fill('directory.members').join(',');
    const response = await server.inject({ method: 'GET', url: `${prefix}${names}?batch=1` });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(ANONYMOUS_BATCH_TOO_LARGE);
  });

  it('an anonymous sign-out does not empty the public cache; a one-call read is served from it', async () => {
    const { app: server, db } = await app();
    const { election } = createElection(db, { resultsVisible: true, hideResultsUntilClose: false });
    const input = encodeURIComponent(JSON.stringify({ json: { id: election.id } }));
    const read = () => server.inject({ method: 'GET', url: `${prefix}elections.results?input=${input}` });
    const first = await read();
    expect(first.headers['cache-control']).toMatch(/^public/);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const signOut = await server.inject({
      method: 'POST',
      url: `${prefix}auth.signOut`,
      headers: post,
      payload: '{}',
    });
    expect(signOut.statusCode).toBe(200);
    // Same ETag: the entry was kept (a recomputation would carry a new time).
    expect((await read()).headers.etag).toBe(first.headers.etag);
  });
});

describe('the per-address call ceiling', () => {
  it(`counts calls under every spelling: ${CALLS_PER_MINUTE} calls shared between them, then 429 for each`, async () => {
    const { app: server } = await app({ RATE_LIMITS: 'true' });
    const ip = '198.51.100.70';
    const names = Array(10).fill('auth.session').join(',');
    const batches = CALLS_PER_MINUTE / 10;
    for (let i = 0; i < batches; i++) {
      const prefix = SPELLINGS[i % SPELLINGS.length];
      const response = await server.inject({
        method: 'GET',
        url: `${prefix}${names}?batch=1&input=${encodeURIComponent('{}')}`,
        remoteAddress: ip,
      });
      if (response.statusCode !== 200) throw new Error(`batch ${i} answered ${response.statusCode}`);
    }
    for (const prefix of SPELLINGS) {
      const over = await server.inject({ method: 'GET', url: `${prefix}auth.session`, remoteAddress: ip });
      expect(over.statusCode, prefix).toBe(429);
    }
  });
});
