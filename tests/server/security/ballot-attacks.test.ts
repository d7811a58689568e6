import { encryptedBallots } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sameOrigin, type TestApp } from '../../helpers/app';
import { createUser } from '../../helpers/factories';
import { cookieOf, listening } from '../../helpers/verifiable';
import { verifiableElection } from '../../helpers/verifiable-factories';

let built: TestApp;
let base: string;

beforeAll(async () => {
  built = await buildTestApp();
  base = await listening(built);
});
afterAll(() => built.app.close());

/** A call's answer, or a whole request's refusal before any call (`error.errorCode`, server/http/trpc-calls.ts). */
type Answer = { error?: { json?: { data: { errorCode?: string } }; errorCode?: string } };

/** votes.castBallot as a script sends it: one call, or several batched in one request, with forged headers. */
async function post(cookie: string, calls: unknown[], forwardedFor: string) {
  const body = Object.fromEntries(calls.map((input, i) => [i, { json: input }]));
  const path = calls.map(() => 'votes.castBallot').join(',');
  const response = await fetch(`${base}/trpc/${path}?batch=1`, {
    method: 'POST',
    headers: { ...sameOrigin, 'content-type': 'application/json', cookie, 'x-forwarded-for': forwardedFor },
    body: JSON.stringify(body),
  });
  // A request refused whole is answered with one error, not one per call.
  const answer = (await response.json()) as Answer | Answer[];
  const first = Array.isArray(answer) ? answer[0] : answer;
  return {
    status: response.status,
    code: first?.error?.json?.data.errorCode ?? first?.error?.errorCode,
    retryAfter: response.headers.get('retry-after'),
  };
}

// Each test makes a Belenios election: the time a busy machine needs.
describe('one account’s ballots, attacked over HTTP', { timeout: 60_000 }, () => {
  it('50 at once with a stolen cookie and forged X-Forwarded-For: 20 are checked, 30 refused before any check', async () => {
    const voter = await createUser(built.db);
    const { electionId } = await verifiableElection(built.db);
    const cookie = cookieOf(built, voter);
    // Well-formed JSON that reaches the worker's check and fails it: what a flooder sends to keep it busy.
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(cookie, [{ electionId, ballot: '[1,2,3]' }], `203.0.113.${i}`),
      ),
    );
    const tally = (code: string) => answers.filter((a) => a.code === code).length;
    expect(tally('verifiable.ballotMalformed')).toBe(20);
    expect(tally('limit.ballots')).toBe(30);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    for (const a of answers.filter((a) => a.code === 'limit.ballots')) {
      expect(a.status).toBe(429);
      expect(a.retryAfter).toBe('3600');
    }
    expect(
      built.db.select().from(encryptedBallots).where(eq(encryptedBallots.electionId, electionId)).all(),
    ).toEqual([]);
  });

  it('ballots batched in one request are refused whole, before any check', async () => {
    const voter = await createUser(built.db);
    const { electionId } = await verifiableElection(built.db);
    const refused = await post(
      cookieOf(built, voter),
      Array.from({ length: 5 }, () => ({ electionId, ballot: '[1,2,3]' })),
      '203.0.113.99',
    );
    expect(`${refused.status} ${refused.code}`).toBe('400 batch.aloneOnly');
  });
});
