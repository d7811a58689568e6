import { createSession } from '@server/auth/sessions';
import { ANONYMOUS_BATCH_TOO_LARGE } from '@server/http/batch-cap';
import { publishDueResultBatches } from '@server/jobs/result-batches';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../helpers/app';
import { insertBulkVotes } from '../helpers/bulk-votes';
import { createElection } from '../helpers/election-factories';
import { createUser } from '../helpers/factories';

// Counts how many times a results answer is really computed, whatever asked for it (tRPC or the cache).
const computed = vi.hoisted(() => ({ results: 0 }));
vi.mock('@server/services/election-views', async (importOriginal) => {
  const original = await importOriginal<typeof import('@server/services/election-views')>();
  return {
    ...original,
    electionResults: (...args: Parameters<typeof original.electionResults>) => {
      computed.results += 1;
      return original.electionResults(...args);
    },
  };
});

afterEach(() => {
  computed.results = 0;
});

const encode = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const resultsUrl = (id: string) => `/trpc/elections.results?input=${encode({ json: { id } })}`;
const resultsBatch = (id: string, calls: number) =>
  `/trpc/${Array(calls).fill('elections.results').join(',')}?batch=1&input=${encode(
    Object.fromEntries(Array.from({ length: calls }, (_, index) => [index, { json: { id } }])),
  )}`;

async function setUp() {
  const built = await buildTestApp();
  const { election, candidates } = createElection(built.db, {
    resultsVisible: true,
    hideResultsUntilClose: false,
    candidateCount: 4,
  });
  const citizen = await createUser(built.db);
  const cookie = `codka_session=${createSession(built.db, citizen.id).token}`;
  const get = (url: string, headers: Record<string, string> = {}) =>
    built.app.inject({ method: 'GET', url, headers });
  return { ...built, election, candidates, cookie, get };
}

describe('results read cost', () => {
  it('answers 100 batched results calls over 300,000 votes with one computation, reading no vote row', async () => {
    const { app, db, election, candidates, cookie, get } = await setUp();
    insertBulkVotes(db, {
      electionId: election.id,
      candidateIds: candidates.map((candidate) => candidate.id),
      count: 300_000,
    });
    // The running counts are exact: 75,000 each, as the round-robin spread wrote them.
    const exact = db.$client
      .prepare('SELECT vote_count AS votes FROM candidates WHERE election_id = ? ORDER BY order_index')
      .all(election.id);
    expect(exact).toEqual(Array(4).fill({ votes: 75_000 }));

    // The quarter hour's timer publishes them all as one batch (it reads no vote row either).
    expect(publishDueResultBatches(db, new Date())).toBe(1);
    // The read must not touch votes at all: with the table out of reach, every results read still answers.
    db.$client.exec('ALTER TABLE votes RENAME TO votes_out_of_reach');
    const startedAt = performance.now();
    const batch = await get(resultsBatch(election.id, 100), { cookie });
    const batchMs = performance.now() - startedAt;
    expect(batch.statusCode, batch.body.slice(0, 300)).toBe(200);
    const answers = batch.json() as { result: { data: { json: { results: { total: number } } } } }[];
    expect(answers).toHaveLength(100);
    // A citizen sees the last published batch while voting is open: the one the timer published.
    for (const answer of answers) expect(answer.result.data.json.results.total).toBe(300_000);
    expect(computed.results).toBe(1);
    const verified = await get('/trpc/elections.verified');
    expect(verified.statusCode, verified.body.slice(0, 300)).toBe(200);
    console.info(`[results] 100 batched elections.results over 300,000 votes: ${batchMs.toFixed(1)} ms`);
    await app.close();
  }, 60_000);

  it('refuses an anonymous batch of more than 10 calls, forged cookie or not, with a sentence', async () => {
    const { app, election, cookie, get } = await setUp();
    const forged: Record<string, string>[] = [{}, { cookie: 'codka_session=forged.forged' }];
    for (const headers of forged) {
      const refused = await get(resultsBatch(election.id, 11), headers);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(ANONYMOUS_BATCH_TOO_LARGE);
    }
    const somali = await get(resultsBatch(election.id, 11), { 'accept-language': 'so' });
    expect(somali.json().error.message).not.toBe(ANONYMOUS_BATCH_TOO_LARGE);
    // A percent-encoded comma is still a comma.
    const encoded = await get(
      `/trpc/${Array(11).fill('elections.active').join('%2C')}?batch=1&input=${encode({})}`,
    );
    expect(encoded.statusCode).toBe(400);
    expect(computed.results).toBe(0);
    // Ten is a page's worth, and a signed-in citizen keeps the bound of 100.
    expect((await get(resultsBatch(election.id, 10))).statusCode).toBe(200);
    expect((await get(resultsBatch(election.id, 11), { cookie })).statusCode).toBe(200);
    await app.close();
  });

  it('serves a junk query parameter, a re-spelled input and a repeated call from one cache entry', async () => {
    const { app, election, get } = await setUp();
    const first = await get(resultsUrl(election.id));
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toMatch(/^public/);
    const id = election.id;
    const variants = [
      `${resultsUrl(id)}&x=1`,
      `${resultsUrl(id)}&cachebuster=${Date.now()}&batch=0`,
      // Spaces and key order that JSON allows, and percent-encoding of characters that need none.
      `/trpc/elections.results?input=${encodeURIComponent(`{ "json" : { "id" : "${id}" } }`)}`,
      `/trpc/elections.results?input={"json":{"id":"${id}"},"meta":{"values":{}}}`.replace(/"/g, '%22'),
      `/trpc/elections.re%73ults?input=${encode({ json: { id } })}`,
    ];
    for (const url of variants) {
      const again = await get(url);
      expect(again.statusCode, url).toBe(200);
      expect(again.body, url).toBe(first.body);
      expect(again.headers.etag, url).toBe(first.headers.etag);
    }
    // Ten identical calls in one anonymous batch: one computation, ten answers.
    const batch = await get(resultsBatch(id, 10));
    expect(batch.json()).toHaveLength(10);
    expect(computed.results).toBe(1);
    // A forged session cookie is no session: it gets the shared copy, not a fresh computation.
    const forged = await get(`${resultsUrl(id)}&y=2`, { cookie: 'codka_session=aaaa.bbbb' });
    expect(forged.headers['cache-control']).toMatch(/^public/);
    expect(forged.body).toBe(first.body);
    expect(computed.results).toBe(1);
    await app.close();
  });
});
