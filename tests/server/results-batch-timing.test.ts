import type { Db } from '@server/db/client';
import { users } from '@server/db/schema';
import {
  publishDueResultBatches,
  RESULT_BATCH_BOUNDARY_MS,
  resultBatchBoundary,
  resultBatchClock,
} from '@server/jobs/result-batches';
import { castVote } from '@server/services/voting';
import { describe, expect, it } from 'vitest';
import { callerAs, createTestDeps } from '../helpers/caller';
import { createElection } from '../helpers/election-factories';

const MINUTE = 60_000;
const voter = (db: Db) =>
  db
    .insert(users)
    .values({ email: `${crypto.randomUUID()}@v.example` })
    .returning({ id: users.id })
    .get().id;

// Attack report finding 4: a coercer fills a batch with 19 votes of their own, then makes the victim vote.
// The old vote trigger published the batch inside the victim's vote and stamped it with the victim's
// millisecond (also in the receipt): the coercer knew that vote released the batch.
describe('a results batch is never released by a vote (attack report 4)', () => {
  it('publishes at a quarter hour from the timer, stamped with it, not with the victim’s casting time', async () => {
    const deps = createTestDeps();
    const { election, candidates } = createElection(deps.db, {
      resultsVisible: true,
      hideResultsUntilClose: false,
      startTime: new Date(Date.now() - 5 * 60 * MINUTE),
    });
    const visitor = (await callerAs(deps, 'visitor')).caller;
    const counts = async () => {
      const answer = await visitor.elections.results({ id: election.id });
      const rows = Object.fromEntries((answer.results?.rows ?? []).map((row) => [row.name, row.votes]));
      return { rows, at: answer.countsUpdatedAt?.getTime() ?? null };
    };
    const vote = (index: number, at: number) =>
      castVote(
        deps.db,
        voter(deps.db),
        { electionId: election.id, candidateId: candidates[index]?.id ?? '' },
        new Date(at),
      );

    // Votes and the server's checks, in time order: a check each minute, 13 s past it, as the timer does.
    const base = resultBatchBoundary(new Date(Date.now() - 4 * 60 * MINUTE)).getTime();
    const due = resultBatchClock(() => 0.5);
    const published: number[] = [];
    const events: { at: number; run: () => void }[] = [];
    for (let index = 0; index < 20; index += 1)
      events.push({
        at: base - 5 * MINUTE + index * 1000,
        run: () => vote(index % 3, base - 5 * MINUTE + index * 1000),
      });
    // The coercer's 19 throwaway accounts, all for Candidate 1.
    for (let index = 0; index < 19; index += 1)
      events.push({
        at: base + 2 * MINUTE + index * 1000,
        run: () => vote(0, base + 2 * MINUTE + index * 1000),
      });
    for (let minute = 0; minute <= 45; minute += 1) {
      const at = base + minute * MINUTE + 13_000;
      events.push({
        at,
        run: () => {
          if (due(new Date(at)) && publishDueResultBatches(deps.db, new Date(at)) > 0) {
            published.push(at);
          }
        },
      });
    }
    events.sort((a, b) => a.at - b.at);
    const victimAt = base + 17 * MINUTE + 7_345; // 16 minutes after the first batch went out
    for (const event of events.filter((item) => item.at < victimAt)) event.run();
    const before = await counts();
    expect(before.at).toBe(base);

    const receipt = vote(2, victimAt);
    expect(receipt.receiptId).toContain(String(victimAt));
    // The victim's vote published nothing: the counts and their time stand as before it.
    expect(await counts()).toEqual(before);

    for (const event of events.filter((item) => item.at > victimAt)) event.run();
    const after = await counts();
    // Two batches in 45 minutes, each at a check past a quarter hour, stamped with the quarter hour.
    expect(published).toEqual([base + MINUTE + 13_000, base + 31 * MINUTE + 13_000]);
    expect(after.at).toBe(base + 30 * MINUTE);
    expect(after.at).not.toBe(victimAt);
    expect((after.at ?? 1) % RESULT_BATCH_BOUNDARY_MS).toBe(0);
    // What remains until the voter roll: 19 throwaway accounts still make the rest of a batch one vote.
    const delta = Object.fromEntries(
      Object.entries(after.rows).map(([name, n]) => [name, n - (before.rows[name] ?? 0)]),
    );
    console.info(
      `[batches] victim cast at +${victimAt - base} ms, batch stamped +${(after.at ?? 0) - base} ms, delta ${JSON.stringify(delta)}`,
    );
  });
});
