import { votes } from '@server/db/schema';
import { selectionCandidateId } from '@server/services/voting';
import { RECEIPT_PATTERN } from '@shared/receipts';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, sameOrigin, sessionCookieFrom, trpcBody } from '../helpers/app';
import { callerFor, createTestDeps } from '../helpers/caller';
import { createElection } from '../helpers/election-factories';
import { createUser } from '../helpers/factories';

const HOUR = 3_600_000;

describe('votes.cast', () => {
  it('records one vote with a receipt in the spec format and the canonical selections shape', async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    const { election, candidates } = createElection(deps.db);
    const candidate = candidates[1];
    const { receiptId } = await callerFor(deps, user).caller.votes.cast({
      electionId: election.id,
      candidateId: candidate?.id ?? '',
    });
    expect(receiptId).toMatch(RECEIPT_PATTERN);
    const row = deps.db.select().from(votes).where(eq(votes.receiptId, receiptId)).get();
    expect(row).toMatchObject({
      userId: user.id,
      electionId: election.id,
      questionId: election.id,
      candidateId: candidate?.id,
    });
    expect(JSON.parse(row?.selections ?? '')).toEqual({ candidate_id: candidate?.id });
  });

  it('refuses a visitor', async () => {
    const deps = createTestDeps();
    const { election, candidates } = createElection(deps.db);
    await expect(
      callerFor(deps, null).caller.votes.cast({
        electionId: election.id,
        candidateId: candidates[0]?.id ?? '',
      }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses a second vote with a clear message', async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    const { election, candidates } = createElection(deps.db);
    const { caller } = callerFor(deps, user);
    await caller.votes.cast({ electionId: election.id, candidateId: candidates[0]?.id ?? '' });
    await expect(
      caller.votes.cast({ electionId: election.id, candidateId: candidates[1]?.id ?? '' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'You have already cast your vote in this election.',
    });
  });

  it.each([
    ['a Draft election', { status: 'Draft' as const }],
    ['a Closed election', { status: 'Closed' as const }],
    ['an Archived election', { status: 'Archived' as const }],
    [
      'an Active election not yet started',
      { startTime: new Date(Date.now() + HOUR), endTime: new Date(Date.now() + 2 * HOUR) },
    ],
    [
      'an Active election already ended',
      { startTime: new Date(Date.now() - 2 * HOUR), endTime: new Date(Date.now() - HOUR) },
    ],
  ])('refuses %s', async (_label, options) => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    const { election, candidates } = createElection(deps.db, options);
    await expect(
      callerFor(deps, user).caller.votes.cast({
        electionId: election.id,
        candidateId: candidates[0]?.id ?? '',
      }),
    ).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'This election is not open for voting.',
    });
    expect(deps.db.select().from(votes).all()).toHaveLength(0);
  });

  it("refuses another election's candidate, an unknown election and a missing candidate", async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    const { election } = createElection(deps.db);
    const other = createElection(deps.db);
    const { caller } = callerFor(deps, user);
    await expect(
      caller.votes.cast({ electionId: election.id, candidateId: other.candidates[0]?.id ?? '' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'The selected candidate is not standing in this election.',
    });
    await expect(
      caller.votes.cast({ electionId: crypto.randomUUID(), candidateId: other.candidates[0]?.id ?? '' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.votes.cast({ electionId: election.id, candidateId: '' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(deps.db.select().from(votes).all()).toHaveLength(0);
  });

  it('refuses a deactivated account (its session no longer validates)', async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db, { isActive: false });
    const { election, candidates } = createElection(deps.db);
    await expect(
      callerFor(deps, user).caller.votes.cast({
        electionId: election.id,
        candidateId: candidates[0]?.id ?? '',
      }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('concurrent casts over HTTP', () => {
  it('accepts exactly one of 50 simultaneous casts by one citizen; the rest answer 409, none 5xx', async () => {
    const { app, db } = await buildTestApp({ env: { RATE_LIMITS: 'off' } });
    const user = await createUser(db);
    const { election, candidates } = createElection(db);
    const signIn = await app.inject({
      method: 'POST',
      url: '/trpc/auth.signIn',
      headers: { 'content-type': 'application/json', ...sameOrigin },
      payload: trpcBody({ email: user.email, password: user.password }),
    });
    const cookie = sessionCookieFrom(signIn.headers['set-cookie']);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        app.inject({
          method: 'POST',
          url: '/trpc/votes.cast',
          headers: { 'content-type': 'application/json', ...sameOrigin, cookie },
          payload: trpcBody({
            electionId: election.id,
            candidateId: candidates[index % candidates.length]?.id,
          }),
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    expect(db.select({ n: count() }).from(votes).get()?.n).toBe(1);
  });
});

describe('receipts', () => {
  it('verify publicly with election and time, never the choice', async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    const { election, candidates } = createElection(deps.db, { title: 'Receipt test election' });
    const { receiptId } = await callerFor(deps, user).caller.votes.cast({
      electionId: election.id,
      candidateId: candidates[0]?.id ?? '',
    });
    const verified = await callerFor(deps, null).caller.votes.verifyReceipt({ receiptId });
    expect(verified).toEqual({
      receiptId,
      electionId: election.id,
      electionTitle: 'Receipt test election',
      electionTitleText: { en: 'Receipt test election', so: null },
      recordedAt: expect.any(Date),
      // The election is open: its record (docs/election-record.md) is not out yet.
      record: null,
    });
    expect(JSON.stringify(verified)).not.toContain(candidates[0]?.id ?? 'x');
    // Typed in any case, or pasted with spaces around it: the same receipt, said back in its own form.
    for (const typed of [receiptId.toUpperCase(), `  ${receiptId.toLowerCase()}\n`, ` ${receiptId} `]) {
      expect(await callerFor(deps, null).caller.votes.verifyReceipt({ receiptId: typed })).toMatchObject({
        receiptId,
        electionId: election.id,
      });
    }
  });

  it('say clearly when a receipt is unknown or malformed', async () => {
    const { caller } = callerFor(createTestDeps(), null);
    await expect(caller.votes.verifyReceipt({ receiptId: 'V1795000000000-zzzzzzzzz' })).rejects.toMatchObject(
      { code: 'NOT_FOUND' },
    );
    await expect(caller.votes.verifyReceipt({ receiptId: 'hello' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('are listed for their owner by votes.mine, and only theirs', async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    const other = await createUser(deps.db);
    const { election, candidates } = createElection(deps.db);
    const { receiptId } = await callerFor(deps, user).caller.votes.cast({
      electionId: election.id,
      candidateId: candidates[0]?.id ?? '',
    });
    await callerFor(deps, other).caller.votes.cast({
      electionId: election.id,
      candidateId: candidates[1]?.id ?? '',
    });
    const mine = await callerFor(deps, user).caller.votes.mine();
    expect(mine).toEqual([{ electionId: election.id, receiptId, createdAt: expect.any(Date) }]);
    await expect(callerFor(deps, null).caller.votes.mine()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('reading older selection shapes (docs/product.md#votes-as-stored)', () => {
  it.each([
    ['"abc"', 'abc'],
    ['abc', 'abc'],
    ['["abc","def"]', 'abc'],
    ['{"candidate_id":"abc"}', 'abc'],
    ['{"selected":"abc"}', 'abc'],
    ['[{"candidate_id":"abc"},{"candidate_id":"def"}]', 'abc'],
    ['{}', null],
    ['[]', null],
  ])('%s gives %s', (stored, expected) => {
    expect(selectionCandidateId(stored)).toBe(expected);
  });
});
