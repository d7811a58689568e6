import type { InjectOptions } from 'fastify';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sameOrigin } from '../../helpers/app';
import { changedTables, snapshot } from '../../helpers/security/db-snapshot';
import { reportFigures } from '../../helpers/security/figures';
import { encodeInput, errorMessage, looksInternal, worldApp } from '../../helpers/security/http';

/**
 * Requests no client of ours sends: oversized and broken bodies, odd content types and methods, unknown and
 * crafted paths, forged cookies, and batches that mix or overflow. Each answers 4xx JSON with a sentence,
 * never 5xx or a stack trace, and none changes the database.
 */
type World = Awaited<ReturnType<typeof worldApp>>;
let test: World;
let before: Map<string, string>;
let requests = 0;

beforeAll(async () => {
  test = await worldApp();
  before = snapshot(test.db);
});
afterAll(async () => {
  expect(changedTables(before, snapshot(test.db))).toEqual([]);
  await test.app.close();
  reportFigures('hostile-http', `hostile HTTP: ${requests} malformed requests, all 4xx JSON, no change`, {
    requests,
  });
});

async function expectClean4xx(request: InjectOptions, status?: number) {
  requests += 1;
  const response = await test.app.inject({ remoteAddress: '10.99.0.1', ...request });
  const label = `${request.method ?? 'GET'} ${String(request.url).slice(0, 80)}: ${response.body.slice(0, 200)}`;
  if (status) expect(response.statusCode, label).toBe(status);
  expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, label).toBeLessThan(500);
  // tRPC labels the errors it raises before a procedure runs (batch and content-type checks) text/plain;
  // the body is JSON all the same, and nosniff keeps a browser from reading it as anything else.
  expect(response.headers['content-type'], label).toMatch(/^(application\/json|text\/plain)/);
  expect(() => JSON.parse(response.body), label).not.toThrow();
  expect(looksInternal(response.body), label).toBe(false);
  expect(errorMessage(response.body), label).toBeTruthy();
  return response;
}

const post = (url: string, payload: string | Buffer, contentType = 'application/json') => ({
  method: 'POST' as const,
  url,
  headers: { ...sameOrigin, 'content-type': contentType, cookie: test.adminCookie },
  payload,
});

describe('bodies', () => {
  it.each([
    [
      'an oversized body (2 MB)',
      encodeInput({ email: 'a@b.example', password: 'x'.repeat(2 * 1024 * 1024) }),
      413,
    ],
    ['broken JSON', '{"json": {', 400],
    ['an empty body', '', 400],
    ['JSON null', 'null', 400],
    ['a bare string', '"hello"', 400],
    ['NaN, which JSON does not have', '{"json":NaN}', 400],
    ['a byte-order mark before the JSON', '\uFEFF{"json":{}}', 400],
    ['a __proto__ key', '{"json":{"__proto__":{"isAdmin":true}}}', 400],
  ])('answers %s with a clean 4xx', async (_label, payload, status) => {
    const response = await expectClean4xx(post('/trpc/auth.signUp', payload));
    if (status) expect(response.statusCode).toBe(status);
  });

  it('answers bytes that are not UTF-8 with a clean 400', async () => {
    await expectClean4xx(post('/trpc/auth.signUp', Buffer.from([0x7b, 0xff, 0xfe, 0x7d])), 400);
  });

  it.each([
    ['text/plain', 415],
    ['application/xml', 415],
    ['application/json; charset=utf-16', 400],
    ['application/x-www-form-urlencoded', 415],
  ])('answers content type %s with a clean %i', async (contentType, status) => {
    const response = await expectClean4xx(post('/trpc/auth.signUp', '{"json":{}}', contentType), status);
    expect(errorMessage(response.body)).not.toBe('An unexpected error occurred.');
  });

  it('answers a POST without a content type with a clean 4xx', async () => {
    await expectClean4xx({
      method: 'POST',
      url: '/trpc/auth.signOut',
      headers: { ...sameOrigin, cookie: test.adminCookie },
      payload: 'x',
    });
  });
});

describe('paths and methods', () => {
  it.each([
    '/trpc/auth.nothingHere',
    '/trpc/admin',
    '/trpc/admin.users',
    '/trpc/__proto__',
    '/trpc/constructor',
    '/trpc/toString',
    '/trpc/hasOwnProperty',
    '/trpc/auth.session.extra',
    `/trpc/${'a'.repeat(10_000)}`,
    '/api/admin/candidates',
    '/api/admin/polls/x/votes.csv/extra',
    '/api/admin/audit-log.csv/extra',
    '/api/admin/audit-log.csv?from=%00',
    `/api/admin/audit-log.csv?recordId=${'x'.repeat(5000)}`,
    '/api/admin/audit-log.csv?actorId=..%2f..%2fetc',
    '/api/admin/audit-log.csv?from=2026-13-01&to[]=x',
    '/uploads/..%2f..%2fpackage.json',
    '/uploads/%2e%2e%2f%2e%2e%2fpackage.json',
    '/healthz/extra',
  ])('answers GET %s with a clean 4xx', async (url) => {
    await expectClean4xx({ method: 'GET', url, headers: { cookie: test.adminCookie } });
  });

  it.each(['/%ZZ', '/trpc/%ZZ', '/api/%E0%A4%A'])(
    'answers the unreadable URL %s with a clean 400',
    async (url) => {
      await expectClean4xx({ method: 'GET', url }, 400);
    },
  );

  it.each(['PUT', 'PATCH', 'DELETE', 'TRACE', 'QUERY', 'PROPFIND', 'SEARCH'])(
    'answers %s to a query and a mutation with a clean 4xx',
    async (method) => {
      for (const url of ['/trpc/auth.signOut', '/trpc/auth.session', '/api/admin/candidates/x/image']) {
        await expectClean4xx({ ...post(url, '{}'), method: method as 'PUT' });
      }
    },
  );

  it('never serves a file from outside the uploads folder', async () => {
    for (const url of [
      '/uploads/../../etc/passwd',
      '/uploads/%2e%2e/%2e%2e/etc/passwd',
      '/uploads/../package.json',
    ]) {
      requests += 1;
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toMatch(/root:|"name": "codka"/);
    }
  });

  it('answers a query sent as POST and a mutation sent as GET with 405', async () => {
    await expectClean4xx(post('/trpc/auth.session', '{}'), 405);
    await expectClean4xx(
      { method: 'GET', url: '/trpc/auth.signOut', headers: { cookie: test.adminCookie } },
      405,
    );
  });

  it.each([
    ['broken JSON in ?input', '/trpc/elections.byId?input=%7Bbad'],
    ['an unreadable ?input', '/trpc/elections.byId?input=%ZZ'],
    [
      'a superjson class reference',
      `/trpc/elections.byId?input=${encodeURIComponent('{"json":{"id":1},"meta":{"values":{"id":["class","X"]}}}')}`,
    ],
    [
      'two ?input values',
      `/trpc/elections.byId?input=${encodeURIComponent(encodeInput({ id: 'x' }))}&input=1`,
    ],
  ])('answers %s with a clean 400', async (_label, url) => {
    await expectClean4xx({ method: 'GET', url }, 400);
  });
});

describe('batches', () => {
  it('answers a batch mixing queries and mutations with a clean 400, by GET and by POST', async () => {
    await expectClean4xx({ method: 'GET', url: '/trpc/auth.session,auth.signOut?batch=1&input={}' }, 400);
    await expectClean4xx(post('/trpc/auth.signOut,auth.session?batch=1', '{}'), 400);
  });

  it('answers a batch over 100 calls with a clean 400', async () => {
    const paths = Array.from({ length: 101 }, () => 'auth.session').join(',');
    await expectClean4xx({ method: 'GET', url: `/trpc/${paths}?batch=1&input={}` }, 400);
  });

  it('answers a batch whose input is not an object with a clean 400', async () => {
    await expectClean4xx({ method: 'GET', url: '/trpc/elections.byId,elections.byId?batch=1&input=7' }, 400);
  });

  it('runs a batch of many long procedure names (what one admin page asks for at once)', async () => {
    const paths = [
      'admin.candidates.electionChoices',
      'admin.candidates.list',
      'admin.dashboard.status',
      'admin.districts.list',
      'admin.centers.list',
      'admin.auditLog.filters',
      'directory.mapSettings',
    ].join(',');
    expect(paths.length).toBeGreaterThan(100);
    requests += 1;
    const response = await test.app.inject({
      method: 'GET',
      url: `/trpc/${paths}?batch=1&input={}`,
      headers: { cookie: test.adminCookie },
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.json()).toHaveLength(7);
  });

  it('answers a batch with an unknown procedure and a bad input per call, without a 5xx', async () => {
    requests += 1;
    const input = encodeURIComponent(JSON.stringify({ 0: { json: { id: 'bad' } }, 2: { json: 5 } }));
    const response = await test.app.inject({
      method: 'GET',
      url: `/trpc/elections.byId,elections.nothing,directory.members?batch=1&input=${input}`,
    });
    // 207: each call of the batch answers for itself; every one of these fails, each with a sentence.
    expect(response.statusCode).toBe(207);
    const calls = response.json() as {
      error?: { json: { message: string; data: { httpStatus: number } } };
    }[];
    expect(calls.map((call) => call.error?.json.data.httpStatus)).toEqual([400, 404, 400]);
    for (const call of calls) expect(looksInternal(call.error?.json.message ?? 'missing')).toBe(false);
  });
});

describe('superjson envelopes', () => {
  /** An envelope whose `meta.values` superjson would walk (tRPC's transformer checks it first). */
  const envelope = (values: string) => `{"json":{"email":"a@b.example"},"meta":{"values":${values}}}`;
  const deep = (levels: number) => `${'["map",{"a":'.repeat(levels)}"Date"${'}]'.repeat(levels)}`;
  /** Many paths whose annotations are text where superjson expects a tree, just under the body limit. */
  const wide = (bytes: number) => {
    const entries: string[] = [];
    for (let size = 2, index = 0; size < bytes - 64; index += 1) {
      const entry = `"k${index}":["class","Admin"]`;
      entries.push(entry);
      size += entry.length + 1;
    }
    return `{${entries.join(',')}}`;
  };

  it.each([
    ['a class reference (60 bytes)', envelope('{"a":["class","Admin"]}'), 400],
    ['annotations nested 70,000 levels deep (just under the body limit)', envelope(deep(70_000)), 400],
    ['a megabyte of malformed annotations', envelope(wide(1024 * 1024 - 200)), 400],
    ['ten megabytes of annotations', envelope(`{"a":["Date","${'A'.repeat(10 * 1024 * 1024)}"]}`), 413],
  ])('answers %s with a clean 4xx', async (_label, payload, status) => {
    expect(payload.length).toBeGreaterThan(0);
    await expectClean4xx(post('/trpc/auth.signUp', payload), status);
  });

  it('answers the same malformed envelope sent fifty times at once over a socket with 400s, then serves', async () => {
    const origin = await test.app.listen({ port: 0, host: '127.0.0.1' });
    const body = envelope(deep(20_000));
    // The cost is superjson's walk, not the answer: the envelope must be refused before superjson reads it.
    const superjsonReads = vi.spyOn(superjson, 'deserialize');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        fetch(`${origin}/trpc/auth.signUp`, {
          method: 'POST',
          headers: { ...sameOrigin, 'content-type': 'application/json' },
          body,
        }).then(async (response) => ({ status: response.status, text: await response.text() })),
      ),
    );
    requests += answers.length;
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(looksInternal(answer.text)).toBe(false);
      expect(errorMessage(answer.text)).toBeTruthy();
    }
    expect(superjsonReads).not.toHaveBeenCalled();
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
  });
});

describe('cookies', () => {
  it.each([
    ['a forged token', 'codka_session=aaaaaaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbbbb'],
    ['a token with SQL', "codka_session=x' OR '1'='1.y"],
    ['a token without a secret', 'codka_session=abc'],
    ['a percent-encoding that does not decode', 'codka_session=%E0%A4%A'],
    ['a huge cookie', `codka_session=${'a'.repeat(8000)}`],
    ['many session cookies', Array.from({ length: 50 }, (_, i) => `codka_session=${i}`).join('; ')],
  ])('treats %s as no session', async (_label, cookie) => {
    requests += 1;
    const response = await test.app.inject({ method: 'GET', url: '/trpc/auth.session', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data.json.user).toBeNull();
    await expectClean4xx({ method: 'GET', url: '/trpc/votes.mine', headers: { cookie } }, 401);
  });
});
