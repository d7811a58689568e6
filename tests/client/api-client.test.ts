import { createApiClient } from '@client/lib/trpc';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The server refuses a batch that names a limited mutation (sign-in, a vote...: server/http/trpc-calls.ts),
 * so the client must never batch mutations: two quick actions would otherwise both be refused.
 */
const requested: string[] = [];

async function fakeTrpc(input: string | URL | Request): Promise<Response> {
  const url = new URL(String(input), 'http://codka.test');
  requested.push(`${url.pathname}${url.search}`);
  const calls = url.pathname.slice('/trpc/'.length).split(',');
  const one = { result: { data: { json: { ok: true } } } };
  const body = url.searchParams.get('batch') === '1' ? calls.map(() => one) : one;
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  requested.length = 0;
});

describe('the API client', () => {
  it('sends two mutations made at the same moment as two requests, and still batches queries', async () => {
    vi.stubGlobal('fetch', vi.fn(fakeTrpc));
    const client = createApiClient();
    await Promise.all([
      client.auth.signIn.mutate({ email: 'a@example.so', password: 'secret 1' }),
      client.votes.cast.mutate({ electionId: 'e1', candidateId: 'c1' }),
      client.auth.session.query(),
      client.elections.active.query(),
    ]);
    const mutations = requested.filter((url) => /auth\.signIn|votes\.cast/.test(url));
    expect(mutations).toHaveLength(2);
    for (const url of mutations) expect(url).not.toMatch(/,|%2C/i);
    expect(requested.filter((url) => url.includes('auth.session,elections.active'))).toHaveLength(1);
  });
});
