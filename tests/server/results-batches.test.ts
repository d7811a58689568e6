import type { Db } from '@server/db/client';
import { elections, pollVotes, users, votes } from '@server/db/schema';
import {
  publishDueResultBatches,
  RESULT_BATCH_MAX_DELAY_MS,
  resultBatchBoundary,
  resultBatchClock,
} from '@server/jobs/result-batches';
import { castVote } from '@server/services/voting';
import { RESULTS_BATCH_MIN_VOTES } from '@shared/election-rules';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerAs, callerFor, createTestDeps, type TestDeps } from '../helpers/caller';
import { createElection } from '../helpers/election-factories';
import { createAdmin } from '../helpers/factories';
import { createPoll } from '../helpers/poll-factories';

const MINUTE = 60_000;

/** A citizen row without a password: casting through the service needs no sign-in. */
function voter(db: Db) {
  return db
    .insert(users)
    .values({ email: `${crypto.randomUUID()}@voters.codka.example` })
    .returning({ id: users.id })
    .get().id;
}

async function setUp() {
  const deps = createTestDeps();
  const { election, candidates } = createElection(deps.db, {
    resultsVisible: true,
    hideResultsUntilClose: false,
    startTime: new Date(Date.now() - 5 * 60 * MINUTE),
  });
  const readers = {
    visitor: (await callerAs(deps, 'visitor')).caller,
    citizen: (await callerAs(deps, 'user')).caller,
    admin: callerFor(deps, await createAdmin(deps.db), undefined, { steppedUp: true }).caller,
  };
  const countsFor = async (reader: keyof typeof readers) => {
    const answer = await readers[reader].elections.results({ id: election.id });
    return answer.results?.rows.map((row) => row.votes);
  };
  return { deps, election, candidates, readers, countsFor };
}

/** The whole results answer as one reader sees it. */
async function resultsAs(deps: TestDeps, electionId: string, reader: 'visitor' | 'user' | 'admin') {
  const { caller } =
    reader === 'admin'
      ? callerFor(deps, await createAdmin(deps.db), undefined, { steppedUp: true })
      : await callerAs(deps, reader);
  const answer = await caller.elections.results({ id: electionId });
  return answer;
}

describe('open-election counts advance in batches', () => {
  it('shows non-admins nothing new until 20 votes AND 15 minutes, while admins see every vote', async () => {
    const { deps, election, candidates, countsFor } = await setUp();
    // A quarter hour of the clock, four hours ago: batches are stamped with such boundaries only.
    const base = resultBatchBoundary(new Date(Date.now() - 4 * 60 * MINUTE)).getTime();
    const cast = (candidateIndex: number, at: number) =>
      castVote(
        deps.db,
        voter(deps.db),
        { electionId: election.id, candidateId: candidates[candidateIndex]?.id ?? '' },
        new Date(at),
      );
    const zero = [0, 0, 0];
    // 19 votes one by one, all for the first candidate: an onlooker learns nothing from any of them.
    for (let index = 1; index < RESULTS_BATCH_MIN_VOTES; index += 1) {
      cast(0, base + index * 1000);
      expect(await countsFor('visitor')).toEqual(zero);
      expect(await countsFor('citizen')).toEqual(zero);
      expect((await countsFor('admin'))?.[0]).toBe(index);
    }
    // The next quarter hour's check: 19 votes are too few.
    expect(publishDueResultBatches(deps.db, new Date(base + 16 * MINUTE))).toBe(0);
    // The 20th vote publishes nothing itself: a batch never leaves inside a vote.
    cast(1, base + 16 * MINUTE + 20_000);
    expect(await countsFor('visitor')).toEqual(zero);
    // The next quarter hour's check publishes all twenty at once, stamped with the quarter hour.
    expect(publishDueResultBatches(deps.db, new Date(base + 31 * MINUTE + 7_000))).toBe(1);
    expect(await countsFor('visitor')).toEqual([19, 1, 0]);
    expect(await countsFor('citizen')).toEqual([19, 1, 0]);
    const first = await resultsAs(deps, election.id, 'user');
    expect(first).toMatchObject({ countsInBatches: true, countsUpdatedAt: new Date(base + 30 * MINUTE) });

    // 25 more within the same quarter hour: enough votes, not enough time. Nothing moves for a non-admin.
    for (let index = 0; index < 25; index += 1) cast(2, base + 32 * MINUTE + index * 10_000);
    expect(publishDueResultBatches(deps.db, new Date(base + 44 * MINUTE))).toBe(0);
    expect(await countsFor('visitor')).toEqual([19, 1, 0]);
    expect(await countsFor('citizen')).toEqual([19, 1, 0]);
    expect(await countsFor('admin')).toEqual([25, 19, 1]);
    // At the next quarter hour, everything since goes out in one step.
    expect(publishDueResultBatches(deps.db, new Date(base + 46 * MINUTE))).toBe(1);
    expect(await countsFor('visitor')).toEqual([25, 19, 1]);
    expect(await resultsAs(deps, election.id, 'visitor')).toMatchObject({
      countsUpdatedAt: new Date(base + 45 * MINUTE),
    });
    // Enough time but too few votes (5 since the last batch, an hour later): nothing moves.
    for (let index = 0; index < 5; index += 1) cast(1, base + 80 * MINUTE + index);
    expect(publishDueResultBatches(deps.db, new Date(base + 130 * MINUTE))).toBe(0);
    expect(await countsFor('citizen')).toEqual([25, 19, 1]);
    expect(await countsFor('admin')).toEqual([25, 19, 6]);
    expect(await resultsAs(deps, election.id, 'admin')).toMatchObject({ countsInBatches: false });

    // Once the election has ended (its end time passed, or closed by an admin), everyone sees exact counts.
    deps.db
      .update(elections)
      .set({ endTime: new Date(Date.now() - MINUTE) })
      .where(eq(elections.id, election.id))
      .run();
    expect(await countsFor('visitor')).toEqual([25, 19, 6]);
    deps.db
      .update(elections)
      .set({ endTime: new Date(Date.now() + MINUTE), status: 'Closed' })
      .where(eq(elections.id, election.id))
      .run();
    expect(await countsFor('citizen')).toEqual([25, 19, 6]);
    expect(await resultsAs(deps, election.id, 'visitor')).toMatchObject({
      countsInBatches: false,
      countsUpdatedAt: null,
    });
  });

  it('checks each quarter hour once, after a random delay of under two minutes', () => {
    let draws = 0;
    const due = resultBatchClock(() => {
      draws += 1;
      return 0.5;
    });
    const quarter = resultBatchBoundary(new Date(Date.now() - 60 * MINUTE)).getTime();
    expect(due(new Date(quarter))).toBe(false);
    expect(due(new Date(quarter + 59_999))).toBe(false);
    expect(due(new Date(quarter + 60_000))).toBe(true);
    // Once per quarter hour, however many checks follow.
    expect(due(new Date(quarter + 3 * MINUTE))).toBe(false);
    expect(due(new Date(quarter + 14 * MINUTE))).toBe(false);
    expect(due(new Date(quarter + 15 * MINUTE + 61_000))).toBe(true);
    // One delay drawn per quarter hour, whatever the votes did.
    expect(draws).toBe(2);
    expect(RESULT_BATCH_MAX_DELAY_MS).toBeLessThanOrEqual(2 * MINUTE);
  });

  it('batches the verified-results page the same way', async () => {
    const { deps, election, candidates, readers } = await setUp();
    for (let index = 0; index < RESULTS_BATCH_MIN_VOTES - 1; index += 1) {
      castVote(deps.db, voter(deps.db), { electionId: election.id, candidateId: candidates[0]?.id ?? '' });
    }
    const row = (await readers.visitor.elections.verified()).find((item) => item.id === election.id);
    expect(row).toMatchObject({ countsInBatches: true, countsUpdatedAt: null, results: { total: 0 } });
  });

  it('tells /verify the minute of a vote, never its seconds, while the receipt keeps the millisecond', async () => {
    const { deps, election, candidates, readers } = await setUp();
    const castAt = new Date(Date.now() - 37 * MINUTE);
    castAt.setUTCSeconds(42, 789);
    const { receiptId } = castVote(
      deps.db,
      voter(deps.db),
      { electionId: election.id, candidateId: candidates[0]?.id ?? '' },
      castAt,
    );
    expect(receiptId).toContain(String(castAt.getTime()));
    const answer = await readers.visitor.votes.verifyReceipt({ receiptId });
    expect(answer.recordedAt.getTime() % MINUTE).toBe(0);
    expect(answer.recordedAt.getTime()).toBe(castAt.getTime() - 42_789);
  });
});

describe('running counts', () => {
  it('stay exact when a vote is deleted or moved, for elections and polls', async () => {
    const { deps, election, candidates } = await setUp();
    const [a, b] = candidates;
    const { receiptId } = castVote(deps.db, voter(deps.db), {
      electionId: election.id,
      candidateId: a?.id ?? '',
    });
    castVote(deps.db, voter(deps.db), { electionId: election.id, candidateId: a?.id ?? '' });
    const exact = () =>
      deps.db.$client
        .prepare('SELECT vote_count AS n FROM candidates WHERE election_id = ? ORDER BY order_index')
        .all(election.id)
        .map((row) => (row as { n: number }).n);
    expect(exact()).toEqual([2, 0, 0]);
    deps.db
      .update(votes)
      .set({ candidateId: b?.id ?? '' })
      .where(eq(votes.receiptId, receiptId))
      .run();
    expect(exact()).toEqual([1, 1, 0]);
    deps.db.delete(votes).where(eq(votes.receiptId, receiptId)).run();
    expect(exact()).toEqual([1, 0, 0]);

    const { poll, candidates: pollChoices } = createPoll(deps.db, {});
    const [first, second] = pollChoices;
    const row = deps.db
      .insert(pollVotes)
      .values({ pollId: poll.id, userId: voter(deps.db), candidateId: first?.id ?? '' })
      .returning({ id: pollVotes.id })
      .get();
    const pollCounts = () =>
      deps.db.$client
        .prepare('SELECT vote_count AS n FROM poll_candidates WHERE poll_id = ? ORDER BY order_index, id')
        .all(poll.id)
        .map((item) => (item as { n: number }).n)
        .slice(0, 2);
    expect(pollCounts()).toEqual([1, 0]);
    deps.db
      .update(pollVotes)
      .set({ candidateId: second?.id ?? '' })
      .where(eq(pollVotes.id, row.id))
      .run();
    expect(pollCounts()).toEqual([0, 1]);
    deps.db.delete(pollVotes).where(eq(pollVotes.id, row.id)).run();
    expect(pollCounts()).toEqual([0, 0]);
  });
});
