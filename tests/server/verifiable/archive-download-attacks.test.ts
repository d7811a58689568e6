import { SESSION_COOKIE } from '@server/auth/cookies';
import { createSession } from '@server/auth/sessions';
import { DomainError } from '@server/errors/domain-error';
import { errorText } from '@server/errors/texts';
import { archiveCharge, ELECTION_ARCHIVE_CACHE_CONTROL } from '@server/http/election-archive';
import { CALLS_PER_MINUTE } from '@server/http/trpc-calls';
import { archiveBytes } from '@server/services/verifiable/archive';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { createUser } from '../../helpers/factories';
import { rawRequest } from '../../helpers/raw-http';
import { cookieOf, listening, trpc } from '../../helpers/verifiable';
import { ballotFor, verifiableElection } from '../../helpers/verifiable-factories';

/**
 * Attacks on GET /api/v1/elections/:id/archive.bel over real HTTP: conditional requests (If-None-Match in each
 * spelling and some that are none), Range headers, HEAD, and forged X-Forwarded-For, Host and X-Forwarded-Host
 * headers. Each gets the archive whole and exact, a 304, or a sentence; never a 5xx, never a shorter copy
 * presented as the archive, never a header taken from the request.
 */

let built: TestApp;
let base: string;
let electionId: string;
let archive: Buffer;
let etag: string;
let path: string;

beforeAll(async () => {
  built = await buildTestApp();
  base = await listening(built);
  const voter = await createUser(built.db);
  ({ electionId } = await verifiableElection(built.db));
  const cast = await trpc(
    base,
    'votes.castBallot',
    { electionId, ballot: ballotFor(built.db, electionId, voter.id) },
    { cookie: cookieOf(built, voter) },
  );
  expect(cast.status).toBe(200);
  archive = archiveBytes(built.db, electionId) ?? Buffer.alloc(0);
  path = `/api/v1/elections/${electionId}/archive.bel`;
  const first = await fetch(`${base}${path}`);
  etag = first.headers.get('etag') ?? '';
  expect(etag).toMatch(/^"/);
}, 60_000);
afterAll(() => built.app.close());

async function get(headers: Record<string, string> = {}, method = 'GET') {
  const response = await fetch(`${base}${path}`, { method, headers });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The whole archive, as stored, with its version and caching headers. */
function expectWhole({ response, bytes }: Awaited<ReturnType<typeof get>>) {
  expect(response.status).toBe(200);
  expect(bytes.equals(archive)).toBe(true);
  expect(response.headers.get('etag')).toBe(etag);
  expect(response.headers.get('cache-control')).toBe(ELECTION_ARCHIVE_CACHE_CONTROL);
  expect(response.headers.get('content-type')).toBe('application/octet-stream');
  expect(response.headers.get('content-length')).toBe(String(archive.length));
  expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${electionId}.bel"`);
}

function expectHeld({ response, bytes }: Awaited<ReturnType<typeof get>>, method = 'GET') {
  expect(response.status).toBe(304);
  expect(bytes.length).toBe(0);
  // A 304 to a GET carries no Content-Length, or the archive's (RFC 9110 §8.6). Fastify gives a HEAD's 304 a 0:
  // what the same request by GET would have sent, which §8.6 allows for HEAD.
  const lengths = [null, String(archive.length), ...(method === 'HEAD' ? ['0'] : [])];
  expect(lengths).toContain(response.headers.get('content-length'));
  expect(response.headers.get('etag')).toBe(etag);
  expect(response.headers.get('cache-control')).toBe(ELECTION_ARCHIVE_CACHE_CONTROL);
}

describe('If-None-Match on an election’s archive', () => {
  it('answers 304 for the version held, in every spelling RFC 9110 allows', async () => {
    for (const held of [etag, `W/${etag}`, `"elsewhere", ${etag}`, ` ${etag} ,"x"`, '*']) {
      expectHeld(await get({ 'if-none-match': held }));
    }
  });

  it('answers the whole archive for an older version, another election’s, and for headers that name none', async () => {
    const version = Number(/-(\d+)"$/.exec(etag)?.[1]);
    const other = await verifiableElection(built.db);
    const otherTag = (await fetch(`${base}/api/v1/elections/${other.electionId}/archive.bel`)).headers.get(
      'etag',
    );
    for (const header of [
      etag.replace(/-\d+"$/, `-${version - 1}"`),
      otherTag ?? '',
      etag.slice(1, -1),
      `"${electionId}"`,
      ',,,,',
      '""',
      'W/',
      `${',"x"'.repeat(1500)}`,
    ]) {
      expectWhole(await get({ 'if-none-match': header }));
    }
  }, 30_000);
});

describe('Range on an election’s archive', () => {
  it('answers the exact bytes asked for or the whole archive, never a 5xx, and a 304 when the version is held', async () => {
    for (const range of [
      'bytes=0-99',
      `bytes=${archive.length - 10}-`,
      'bytes=-10',
      'bytes=999999999-',
      'bytes=10-5',
      'bytes=-0',
      'lines=1-2',
      `bytes=${Array.from({ length: 500 }, (_, i) => `${i}-${i}`).join(',')}`,
    ]) {
      const answer = await get({ range });
      expect(answer.response.status, range).toBeLessThan(500);
      if (answer.response.status === 206) {
        const [, from, to, total] =
          /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.response.headers.get('content-range') ?? '') ?? [];
        expect(Number(total)).toBe(archive.length);
        expect(answer.bytes.equals(archive.subarray(Number(from), Number(to) + 1))).toBe(true);
      } else if (answer.response.status === 200) {
        // A server that does not serve ranges answers the whole file, and does not claim it would.
        expectWhole(answer);
        expect(answer.response.headers.get('accept-ranges')).not.toBe('bytes');
      } else {
        expect(answer.response.status, range).toBe(416);
      }
    }
    expectHeld(await get({ range: 'bytes=0-99', 'if-none-match': etag }));
  });
});

describe('HEAD on an election’s archive', () => {
  it('has the GET’s headers and no body; 304 for the version held; 404 with a sentence for none', async () => {
    const head = await get({}, 'HEAD');
    expect(head.response.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    for (const name of ['etag', 'cache-control', 'content-type', 'content-length', 'content-disposition']) {
      expect(head.response.headers.get(name), name).toBe(
        name === 'content-length' ? String(archive.length) : (await get()).response.headers.get(name),
      );
    }
    expectHeld(await get({ 'if-none-match': etag }, 'HEAD'), 'HEAD');
    const draft = await verifiableElection(built.db, { open: false });
    for (const method of ['HEAD', 'GET']) {
      const missing = await fetch(`${base}/api/v1/elections/${draft.electionId}/archive.bel`, {
        method,
        headers: { 'accept-language': 'so' },
      });
      expect(missing.status).toBe(404);
      expect(missing.headers.get('cache-control')).toBe('no-store');
      if (method === 'GET') {
        expect((await missing.json()).error.message).toBe(
          errorText(new DomainError('election.notFound', { id: draft.electionId }), 'so'),
        );
      }
    }
  });
});

describe('forged forwarding and Host headers on an election’s archive', () => {
  const forged: Record<string, string>[] = [
    { 'x-forwarded-for': '203.0.113.9' },
    { 'x-forwarded-for': '203.0.113.9, 198.51.100.1, 127.0.0.1' },
    { 'x-forwarded-for': 'not-an-address' },
    { 'x-forwarded-for': `${'::'.repeat(20)}, , ,` },
    { 'x-forwarded-for': Array.from({ length: 300 }, (_, i) => `10.0.${i >> 8}.${i & 255}`).join(', ') },
    { 'x-forwarded-host': 'evil.example' },
    { 'x-forwarded-proto': 'gopher' },
    { forwarded: 'for=203.0.113.9;host=evil.example;proto=https' },
  ];

  it('answers the same archive whatever they say, and never writes them back', async () => {
    for (const headers of forged) {
      const answer = await get(headers);
      expectWhole(answer);
      const written = [...answer.response.headers.entries()].join('\n');
      expect(written).not.toMatch(/evil|gopher|203\.0\.113|not-an-address/);
    }
    // A Host the site is not (fetch sets Host itself, so these go on a raw socket).
    for (const host of [
      'evil.example',
      'localhost:3000@evil.example',
      `${'a'.repeat(200)}.example`,
      '[::1]:1',
    ]) {
      const answer = await rawRequest(built.app.server, {
        method: 'GET',
        target: path,
        headers: { host },
      });
      expect(answer.status, host).toBe(200);
      expect(answer.head).not.toContain(host);
      expect(Buffer.byteLength(answer.body, 'latin1')).toBeGreaterThan(0);
    }
  });

  it('behind a proxy (TRUST_PROXY=1), forwarding headers that name no address still get the archive', async () => {
    const proxied = await buildTestApp({ db: built.db, env: { TRUST_PROXY: '1' } });
    try {
      const proxiedBase = await listening(proxied);
      for (const headers of forged) {
        const response = await fetch(`${proxiedBase}${path}`, { headers });
        expect(response.status, JSON.stringify(headers)).toBe(200);
        expect(Buffer.from(await response.arrayBuffer()).equals(archive)).toBe(true);
      }
    } finally {
      await proxied.app.close();
    }
  });

  it('does not give a flooding address a fresh ceiling: past it, a forged X-Forwarded-For gets 429 and its sentence', async () => {
    // An app of its own: its own per-address ceiling (server/http/trpc-calls.ts), spent by signed-in batches.
    const flooded = await buildTestApp({ db: built.db });
    try {
      const floodedBase = await listening(flooded);
      const user = await createUser(flooded.db);
      const cookie = `${SESSION_COOKIE}=${createSession(flooded.db, user.id).token}`;
      const batch = `/trpc/${Array.from({ length: 101 }, () => 'auth.session').join(',')}?batch=1`;
      for (let index = 0; index < Math.ceil(CALLS_PER_MINUTE / 101); index += 1) {
        await flooded.app.inject({ method: 'GET', url: batch, headers: { cookie } });
      }
      for (const [lang, headers] of [
        ['en', { 'x-forwarded-for': '203.0.113.50' }],
        ['so', { 'x-forwarded-for': '198.51.100.7, 203.0.113.51', forwarded: 'for=192.0.2.1' }],
      ] as const) {
        const response = await fetch(`${floodedBase}${path}`, {
          headers: { ...headers, 'accept-language': lang },
        });
        expect(response.status).toBe(429);
        const seconds = Number(response.headers.get('retry-after'));
        expect(seconds).toBeGreaterThan(0);
        expect(response.headers.get('etag')).toBeNull();
        expect((await response.json()).error.message).toBe(
          errorText(new DomainError('request.tooManyRequests', { seconds }), lang),
        );
      }
    } finally {
      await flooded.app.close();
    }
  }, 30_000);
});

describe('what a download of an election’s archive costs against the address’s ceiling', () => {
  it('grows with its size, up to a tenth of the ceiling: a national archive stays downloadable', () => {
    expect(archiveCharge(10 * 1024)).toBe(0);
    expect(archiveCharge(640 * 1024)).toBe(10);
    // A national archive: a setup of 620 MB, then ten gigabytes of ballots.
    for (const bytes of [620e6, 10e9]) {
      expect(archiveCharge(bytes)).toBe(CALLS_PER_MINUTE / 10);
      expect(archiveCharge(bytes) + 1).toBeLessThan(CALLS_PER_MINUTE);
    }
  });
});
