import { createSession } from '@server/auth/sessions';
import { describe, expect, it } from 'vitest';
import { buildTestApp, sameOrigin } from '../helpers/app';
import { createElection } from '../helpers/election-factories';
import { createUser } from '../helpers/factories';
import { createPoll } from '../helpers/poll-factories';

// The fast path answers exactly these URLs; an extra query parameter (ignored by tRPC) sends the same
// call through tRPC's own adapter, the reference every answer is compared with byte for byte.
const ADAPTER = '&via=adapter';

async function setUp() {
  const built = await buildTestApp();
  const { election, candidates } = createElection(built.db, { candidateCount: 2 });
  const { poll, candidates: pollCandidates } = createPoll(built.db);
  const citizen = async () => {
    const user = await createUser(built.db);
    return `codka_session=${createSession(built.db, user.id).token}`;
  };
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    built.app.inject({
      method: 'POST',
      url,
      headers: { ...sameOrigin, 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });
  return { ...built, election, candidates, poll, pollCandidates, citizen, post };
}

describe('vote fast path', () => {
  it('records a vote and answers as tRPC does, batched or not', async () => {
    const { app, election, candidates, poll, pollCandidates, citizen, post } = await setUp();
    const first = await citizen();
    const cast = await post(
      '/trpc/votes.cast?batch=1',
      { 0: { json: { electionId: election.id, candidateId: candidates[0]?.id } } },
      { cookie: first },
    );
    expect(cast.statusCode).toBe(200);
    expect(JSON.parse(cast.body)).toEqual([
      { result: { data: { json: { receiptId: expect.any(String) } } } },
    ]);
    const vote = await post(
      '/trpc/polls.vote',
      { json: { pollId: poll.id, candidateId: pollCandidates[0]?.id } },
      { cookie: first },
    );
    expect(vote.statusCode).toBe(200);
    // Dates travel as superjson does it, with their meta.
    expect(JSON.parse(vote.body)).toEqual({
      result: {
        data: {
          json: { voteId: expect.any(String), recordedAt: expect.any(String) },
          meta: expect.objectContaining({ values: { recordedAt: ['Date'] } }),
        },
      },
    });
    const second = await citizen();
    const viaAdapter = await post(
      `/trpc/polls.vote?batch=1${ADAPTER}`,
      { 0: { json: { pollId: poll.id, candidateId: pollCandidates[1]?.id } } },
      { cookie: second },
    );
    expect(viaAdapter.statusCode).toBe(200);
    expect(Object.keys(JSON.parse(viaAdapter.body)[0].result.data.json)).toEqual(['voteId', 'recordedAt']);
    await app.close();
  });

  it.each([
    ['English', 'en'],
    ['Somali', 'so'],
  ])('answers refusals with the same status and bytes as the adapter (%s)', async (_label, language) => {
    const { app, db, election, candidates, poll, citizen, post } = await setUp();
    const cookie = await citizen();
    const castInput = { 0: { json: { electionId: election.id, candidateId: candidates[0]?.id } } };
    await post('/trpc/votes.cast?batch=1', castInput, { cookie });
    const cases: [string, unknown, Record<string, string>][] = [
      // Already voted: 409.
      ['/trpc/votes.cast?batch=1', castInput, { cookie }],
      // Not signed in: 401 with the poll's own sentence.
      ['/trpc/polls.vote?batch=1', { 0: { json: { pollId: poll.id, candidateId: 'x' } } }, {}],
      // Invalid input: 400 with field errors.
      ['/trpc/polls.vote?batch=1', { 0: { json: { pollId: 42 } } }, { cookie }],
      // A candidate from another poll: 400.
      [
        '/trpc/polls.vote?batch=1',
        { 0: { json: { pollId: poll.id, candidateId: candidates[1]?.id } } },
        { cookie },
      ],
    ];
    for (const [url, body, headers] of cases) {
      const fast = await post(url, body, { ...headers, 'accept-language': language });
      const adapter = await post(`${url}${ADAPTER}`, body, { ...headers, 'accept-language': language });
      expect(fast.statusCode, url).toBe(adapter.statusCode);
      expect(fast.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(fast.body, url).toBe(adapter.body);
      expect(fast.headers['cache-control']).toBe('no-store');
    }
    db.$client.close();
    // A database failure is a 500 in tRPC's shape, never a stack trace.
    const broken = await post('/trpc/votes.cast?batch=1', castInput, { cookie });
    expect(broken.statusCode).toBe(500);
    expect(broken.body).not.toMatch(/at .*\.ts/);
    await app.close();
  });
});
