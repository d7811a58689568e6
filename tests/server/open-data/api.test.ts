import { encodeCursor } from '@server/services/open-data/api';
import {
  electionResultsById,
  electionsWithResults,
  pollResultsById,
  pollsWithResults,
} from '@server/services/open-data/collections';
import { openDataOf } from '@server/services/open-data/store';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { createMember } from '../../helpers/directory-factories';
import { openDataWorld } from '../../helpers/open-data-factories';

let opened: TestApp[] = [];
afterEach(async () => {
  await Promise.all(opened.map(({ app }) => app.close()));
  opened = [];
});
async function worldApp(env?: Record<string, string>) {
  const test = await buildTestApp({ env });
  opened.push(test);
  return { ...test, world: openDataWorld(test.db) };
}

type Page = { items: Array<{ id: string; seatNumber?: string }>; next: string | null; total: number };

async function walk(test: TestApp, path: string, limit: number, between?: (page: number) => void) {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page += 1) {
    const query: string = cursor ? `&cursor=${cursor}` : '';
    const answer = await test.app.inject({ url: `${path}?limit=${limit}${query}` });
    expect(answer.statusCode).toBe(200);
    const body = answer.json() as Page;
    expect(body.items.length).toBeLessThanOrEqual(limit);
    seen.push(...body.items.map((item) => item.id));
    between?.(page);
    if (!body.next) return seen;
    cursor = body.next;
  }
  throw new Error('the walk never ended');
}

describe('the read API', () => {
  it('walks every item exactly once, page by page, for any page size', async () => {
    const test = await worldApp();
    for (const path of ['/api/v1/members', '/api/v1/senators', '/api/v1/states', '/api/v1/regions']) {
      const all = (await test.app.inject({ url: `${path}?limit=500` })).json() as Page;
      for (const limit of [1, 2, 3, 500]) {
        const seen = await walk(test, path, limit);
        expect(seen, `${path} limit ${limit}`).toEqual(all.items.map((item) => item.id));
        expect(new Set(seen).size).toBe(all.total);
      }
    }
  });

  it('keeps the walk whole while members are added between pages: none twice, none of the first ones missed', async () => {
    const test = await worldApp();
    const before = (await test.app.inject({ url: '/api/v1/members?limit=500' })).json() as Page;
    const added: string[] = [];
    const seen = await walk(test, '/api/v1/members', 2, () => {
      added.push(createMember(test.db, { name: 'Joined meanwhile' }).id);
      openDataOf(test).invalidate();
    });
    expect(new Set(seen).size).toBe(seen.length);
    for (const item of before.items) expect(seen).toContain(item.id);
    // Seats are numbered upwards, so each one added lands after the cursor and is met later in the walk.
    expect(seen.filter((id) => added.includes(id)).length).toBeGreaterThan(0);
  });

  it('answers 304 to a reader who holds the current version, and a new tag once the data changed', async () => {
    const test = await worldApp();
    const first = await test.app.inject({ url: '/api/v1/members' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=60');
    for (const held of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await test.app.inject({ url: '/api/v1/members', headers: { 'if-none-match': held } });
      expect(again.statusCode, held).toBe(304);
      expect(again.body).toBe('');
    }
    createMember(test.db, { name: 'New member' });
    openDataOf(test).invalidate();
    const changed = await test.app.inject({ url: '/api/v1/members', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const file = await test.app.inject({ url: '/api/v1/datasets/parliament.csv' });
    const held = { 'if-none-match': String(file.headers.etag) };
    expect(
      (await test.app.inject({ url: '/api/v1/datasets/parliament.csv', headers: held })).statusCode,
    ).toBe(304);
  });

  it('is open to every origin for reading, preflight included, without touching cookies', async () => {
    const test = await worldApp();
    const origin = { origin: 'https://newsroom.example' };
    const answer = await test.app.inject({ url: '/api/v1/elections', headers: origin });
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['access-control-expose-headers']).toContain('ETag');
    expect(answer.headers['set-cookie']).toBeUndefined();
    const preflight = await test.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/members?limit=5',
      headers: {
        ...origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'if-none-match',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('If-None-Match');
    // Read only: a write from another site is refused (the CSRF check), and there is no write to make.
    expect(
      (await test.app.inject({ method: 'POST', url: '/api/v1/members', headers: origin })).statusCode,
    ).toBe(403);
  });

  it('refuses a bad cursor, limit, query or id with a 4xx in the reader language, never a 500', async () => {
    const test = await worldApp();
    const cases: Array<[string, number, string]> = [
      ['/api/v1/members?limit=1e9', 400, 'openData.badQuery'],
      ['/api/v1/members?limit=0', 400, 'openData.badQuery'],
      ['/api/v1/members?limit=-5', 400, 'openData.badQuery'],
      ['/api/v1/members?limit=abc', 400, 'openData.badQuery'],
      ['/api/v1/members?limit=2&limit=3', 400, 'openData.badQuery'],
      ['/api/v1/members?page=2', 400, 'openData.badQuery'],
      [`/api/v1/members?cursor=${'A'.repeat(5000)}`, 400, 'openData.badCursor'],
      ['/api/v1/members?cursor=AAAA', 400, 'openData.badCursor'],
      ['/api/v1/members?cursor=%00%27--', 400, 'openData.badCursor'],
      [`/api/v1/members?cursor=${encodeCursor('x'.repeat(101))}`, 400, 'openData.badCursor'],
      // The same key, spelled with base64's padding: not a cursor this API gave out.
      [`/api/v1/members?cursor=${encodeCursor('HOP#901')}%3D`, 400, 'openData.badCursor'],
      ['/api/v1/elections/not-an-id/results', 404, 'election.notFound'],
      [`/api/v1/elections/${crypto.randomUUID()}/results`, 404, 'election.notFound'],
      [`/api/v1/polls/${'9'.repeat(3000)}/results`, 404, 'poll.notFound'],
    ];
    for (const [url, status, code] of cases) {
      const answer = await test.app.inject({ url, headers: { 'accept-language': 'so' } });
      expect(answer.statusCode, url.slice(0, 80)).toBe(status);
      const error = answer.json().error;
      expect(error.errorCode, url.slice(0, 80)).toBe(code);
      expect(error.message.length).toBeLessThan(300);
    }
    const english = await test.app.inject({ url: '/api/v1/members?cursor=AAAA' });
    expect(english.json().error.message).toMatch(/^This cursor is not valid/);
    const somali = await test.app.inject({
      url: '/api/v1/members?cursor=AAAA',
      headers: { 'accept-language': 'so' },
    });
    expect(somali.json().error.message).toMatch(/^Cursor-kan sax ma aha/);
    // A cursor past the last key is simply the end.
    const past = await test.app.inject({ url: `/api/v1/members?cursor=${encodeCursor('ZZZ')}` });
    expect(past.json()).toMatchObject({ items: [], next: null });
  });

  it('reads one result alone exactly as the list gives it (an id the snapshot lacks is read this way)', async () => {
    const test = await worldApp();
    const { publicElection, closedPoll } = test.world;
    expect(electionResultsById(test, publicElection.id)).toEqual(electionsWithResults(test)[0]);
    expect(pollResultsById(test, closedPoll.id)).toEqual(pollsWithResults(test)[0]);
    const refusal = (read: () => unknown) => {
      try {
        read();
      } catch (error) {
        return (error as { code?: string }).code;
      }
      return 'answered';
    };
    expect(refusal(() => electionResultsById(test, test.world.hiddenElection.id))).toBe(
      'openData.resultsNotPublic',
    );
    expect(refusal(() => electionResultsById(test, test.world.draftElection.id))).toBe('election.notFound');
    expect(refusal(() => pollResultsById(test, test.world.openPoll.id))).toBe('openData.resultsNotPublic');
    expect(refusal(() => pollResultsById(test, test.world.draftPoll.id))).toBe('poll.notFound');
  });

  it("writes links with the configured origin, whatever the request's Host header says", async () => {
    const test = await worldApp({ PUBLIC_ORIGIN: 'https://codka.example' });
    const headers = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    const bodies = await Promise.all(
      [
        '/api/v1/elections',
        '/api/v1/members?limit=500',
        '/api/v1/openapi.json',
        '/api/v1/datasets/parliament.json',
      ].map(async (url) => (await test.app.inject({ url, headers })).body),
    );
    for (const body of bodies) expect(body).not.toContain('evil.example');
    expect(bodies[0]).toContain(
      `https://codka.example/api/v1/elections/${test.world.publicElection.id}/results`,
    );
    expect(bodies[1]).toContain('https://codka.example/uploads/members/a.jpg');
  });

  it('counts each answer against the per-address ceiling of /trpc, preflights too, and says when to come back', async () => {
    const test = await worldApp();
    const held = (await test.app.inject({ url: '/api/v1/regions' })).headers.etag as string;
    const flooder = { remoteAddress: '203.0.113.9' };
    let refused = null;
    for (let i = 0; i < 10_010 && !refused; i += 1) {
      const answer = await test.app.inject({
        ...flooder,
        method: i % 2 ? 'OPTIONS' : 'GET',
        url: '/api/v1/regions',
        headers: { 'if-none-match': held },
      });
      if (answer.statusCode === 429) refused = { answer, after: i };
    }
    expect(refused?.after).toBe(10_000);
    expect(Number(refused?.answer.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused?.answer.headers['access-control-allow-origin']).toBe('*');
    const neighbour = await test.app.inject({ remoteAddress: '198.51.100.7', url: '/api/v1/regions' });
    expect(neighbour.statusCode).toBe(200);
  }, 60_000);
});
