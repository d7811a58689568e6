import { addressKey, parseTrustProxy } from '@server/auth/client-address';
import { createSession } from '@server/auth/sessions';
import { pollVotes } from '@server/db/schema';
import { parseEnv } from '@server/env';
import { CALLS_PER_MINUTE } from '@server/http/trpc-calls';
import { pollIpHash } from '@server/services/polls/ip-hash';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, sameOrigin, sessionCookieFrom, trpcBody } from '../helpers/app';
import { createUser } from '../helpers/factories';
import { createPoll } from '../helpers/poll-factories';

/** Rate-limit keys that an attacker cannot multiply (IPv6) or forge (X-Forwarded-For). */

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

function post(app: App, path: string, input: unknown, options: { ip?: string; headers?: object } = {}) {
  return app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: { 'content-type': 'application/json', ...sameOrigin, ...options.headers },
    payload: trpcBody(input),
  });
}

describe('the address a limit counts', () => {
  it('is the IPv4 address itself, the IPv4 inside ::ffff:, and the /64 of any other IPv6 address', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::FFFF:cb00:7109')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(addressKey('2001:0DB8:00aa:00bb::ffff')).toBe('2001:db8:aa:bb::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('2001:db8:aa:bb::1')).toBe(addressKey('2001:db8:aa:bb:ffff:ffff:ffff:ffff'));
    expect(addressKey('2001:db8:aa:bb::1')).not.toBe(addressKey('2001:db8:aa:bc::1'));
  });

  it('is the IPv4 address inside a 6to4 or NAT64 address: one IPv4 holder does not get 65,536 /64s', () => {
    expect(addressKey('2002:cb00:7109:1::5')).toBe('203.0.113.9');
    expect(addressKey('2002:cb00:7109:2::5')).toBe('203.0.113.9');
    expect(addressKey('64:ff9b::cb00:7109')).toBe('203.0.113.9');
    expect(addressKey('64:ff9b::203.0.113.10')).toBe('203.0.113.10');
  });

  it('31 password-reset requests from 31 addresses of one IPv6 /64 share one limit (30 an hour)', async () => {
    const { app } = await buildTestApp();
    const statuses: number[] = [];
    for (let i = 1; i <= 31; i++) {
      const response = await post(
        app,
        'auth.requestPasswordReset',
        { email: `someone-${i}@example.com` },
        { ip: `2001:db8:5:6:${i.toString(16)}::${i.toString(16)}` },
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    // The next /64 is another subscriber.
    const neighbour = await post(
      app,
      'auth.requestPasswordReset',
      { email: 'x@example.com' },
      { ip: '2001:db8:5:7::1' },
    );
    expect(neighbour.statusCode).toBe(200);
    await app.close();
  });

  it('guesses at one account from 11 addresses of one /64 are one guesser: the 11th, right password and all, is refused', async () => {
    const { app, db } = await buildTestApp();
    const citizen = await createUser(db);
    for (let i = 1; i <= 10; i++) {
      const wrong = await post(
        app,
        'auth.signIn',
        { email: citizen.email, password: `g${i}` },
        { ip: `2001:db8:9:9::${i}` },
      );
      expect(wrong.statusCode).toBe(401);
    }
    const right = await post(
      app,
      'auth.signIn',
      { email: citizen.email, password: citizen.password },
      { ip: '2001:db8:9:9:abcd::1' },
    );
    expect(right.statusCode).toBe(429);
    await app.close();
  });
});

describe('TRUST_PROXY', () => {
  it('refuses true at start, naming TRUST_PROXY and what to set instead', () => {
    for (const value of ['true', 'yes', 'on', 'TRUE']) {
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY.*(number of proxies|addresses)/s);
    }
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.1,' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses ranges no proxy has, which would believe every client: 0.0.0.0/0, two /1 halves, ::/0', () => {
    for (const value of ['0.0.0.0/0', '0.0.0.0/1,128.0.0.0/1', '::/0', '2000::/3', '10.0.0.0/7']) {
      expect(() => parseEnv({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
    // Cloudflare's widest published ranges still fit.
    expect(parseEnv({ TRUST_PROXY: '104.16.0.0/13,2606:4700::/32' }).TRUST_PROXY).toEqual([
      '104.16.0.0/13',
      '2606:4700::/32',
    ]);
  });

  it('takes false, a hop count, or a list of IPv4 and IPv6 addresses and CIDR ranges', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1, fd00::/8' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
    expect(parseTrustProxy('loopback')).toEqual(['loopback']);
  });
});

/** Signs a new citizen in through `ip` and casts one poll vote with the given X-Forwarded-For. */
async function voteThrough(
  app: App,
  db: Parameters<typeof createUser>[0],
  via: { ip: string; forwardedFor: string },
) {
  const citizen = await createUser(db);
  const signIn = await post(
    app,
    'auth.signIn',
    { email: citizen.email, password: citizen.password },
    { ip: via.ip },
  );
  const cookie = sessionCookieFrom(signIn.headers['set-cookie']);
  const { poll, candidates } = createPoll(db);
  const vote = await post(
    app,
    'polls.vote',
    { pollId: poll.id, candidateId: candidates[0]?.id },
    { ip: via.ip, headers: { cookie, 'x-forwarded-for': via.forwardedFor } },
  );
  expect(vote.statusCode).toBe(200);
  return db.select({ ipHash: pollVotes.ipHash }).from(pollVotes).where(eq(pollVotes.pollId, poll.id)).get()
    ?.ipHash;
}

describe('forwarded addresses', () => {
  it('with TRUST_PROXY=1, a forged left-most X-Forwarded-For entry does not choose the poll ip_hash: the proxy’s hop does', async () => {
    const { app, db } = await buildTestApp({ env: { TRUST_PROXY: '1' } });
    // nginx on the same host appends the address it saw to whatever the client sent.
    const first = await voteThrough(app, db, { ip: '127.0.0.1', forwardedFor: '6.6.6.6, 198.51.100.23' });
    const second = await voteThrough(app, db, { ip: '127.0.0.1', forwardedFor: '7.7.7.7, 198.51.100.23' });
    expect(first).toBe(pollIpHash(db, '198.51.100.23'));
    expect(second).toBe(first);
    await app.close();
  });

  it('with a list of proxies, only a request from a listed proxy has its header believed', async () => {
    const { app, db } = await buildTestApp({ env: { TRUST_PROXY: '10.0.0.1' } });
    const fromProxy = await voteThrough(app, db, { ip: '10.0.0.1', forwardedFor: '198.51.100.40' });
    expect(fromProxy).toBe(pollIpHash(db, '198.51.100.40'));
    const direct = await voteThrough(app, db, { ip: '203.0.113.41', forwardedFor: '198.51.100.40' });
    expect(direct).toBe(pollIpHash(db, '203.0.113.41'));
    await app.close();
  });

  it('with TRUST_PROXY off (the default), X-Forwarded-For is ignored', async () => {
    const { app, db } = await buildTestApp();
    const hash = await voteThrough(app, db, { ip: '203.0.113.42', forwardedFor: '198.51.100.50' });
    expect(hash).toBe(pollIpHash(db, '203.0.113.42'));
    await app.close();
  });
});

describe('the /trpc ceiling', () => {
  it(`counts calls, not requests: ${CALLS_PER_MINUTE / 10} batches of 10 calls use up one address’s ${CALLS_PER_MINUTE} a minute`, async () => {
    const { app } = await buildTestApp();
    const batch = `/trpc/${Array(10).fill('auth.session').join(',')}?batch=1&input=${encodeURIComponent('{}')}`;
    const get = (url: string, ip: string) =>
      app.inject({ method: 'GET', url, remoteAddress: ip, headers: sameOrigin });
    for (let i = 0; i < CALLS_PER_MINUTE / 10; i++) {
      const response = await get(batch, '198.51.100.60');
      if (response.statusCode !== 200) throw new Error(`batch ${i} answered ${response.statusCode}`);
    }
    const over = await get('/trpc/auth.session', '198.51.100.60');
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toMatch(
      /^Too many requests\. Please wait \d+ seconds and try again\.$/,
    );
    // Another address is not touched.
    expect((await get('/trpc/auth.session', '198.51.100.61')).statusCode).toBe(200);
    await app.close();
  });

  it('behind one carrier NAT, a device flooding cached reads does not lock out its signed-in neighbour', async () => {
    const { app, db } = await buildTestApp({ env: { RATE_LIMITS: 'true' } });
    const neighbour = await createUser(db);
    const cookie = `codka_session=${createSession(db, neighbour.id).token}`;
    const nat = '203.0.113.60';
    const reads = `/trpc/${Array(10).fill('elections.active').join(',')}?batch=1`;
    // More calls than the whole ceiling, all answered from the public cache after the first.
    const requests = CALLS_PER_MINUTE / 10 + 100;
    const started = Date.now();
    for (let i = 0; i < requests; i++) {
      const response = await app.inject({ method: 'GET', url: reads, remoteAddress: nat });
      if (response.statusCode !== 200) throw new Error(`read ${i} answered ${response.statusCode}`);
    }
    const spent = Date.now() - started;
    const session = await app.inject({
      method: 'GET',
      url: '/trpc/auth.session',
      remoteAddress: nat,
      headers: { cookie },
    });
    expect(session.statusCode, `after ${requests * 10} cached calls in ${spent} ms`).toBe(200);
    expect(session.json().result.data.json.user.id).toBe(neighbour.id);
    await app.close();
  });
  it('a public read the cache must compute is counted before it is computed; one it holds is not', async () => {
    const { app } = await buildTestApp({ env: { RATE_LIMITS: 'true' } });
    const ip = '198.51.100.62';
    const get = (url: string) => app.inject({ method: 'GET', url, remoteAddress: ip });
    const members = (searches: string[]) => {
      const input = Object.fromEntries(
        searches.map((search, i) => [String(i), { json: { page: 1, search } }]),
      );
      const names = Array(searches.length).fill('directory.members').join(',');
      return `/trpc/${names}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
    };
    const session = `/trpc/${Array(10).fill('auth.session').join(',')}?batch=1&input=${encodeURIComponent('{}')}`;
    for (let i = 0; i < CALLS_PER_MINUTE / 10 - 1; i++) await get(session); // 9,990 calls
    const held = members(['held']);
    expect((await get(held)).statusCode).toBe(200); // computed: 1 call counted, 9 left
    // A batch of 10 reads the cache does not hold is refused before any is computed...
    expect((await get(members(Array.from({ length: 10 }, (_, i) => `new-${i}`)))).statusCode).toBe(429);
    // ...while the one it holds is still served, free, to the same address, again and again.
    for (let i = 0; i < 20; i++) {
      const again = await get(held);
      expect(again.statusCode).toBe(200);
      expect(again.headers['cache-control']).toMatch(/^public/);
    }
    await app.close();
  });
});
