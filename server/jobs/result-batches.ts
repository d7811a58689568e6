import { RESULTS_BATCH_MIN_VOTES, RESULTS_BATCH_MINUTES } from '@shared/election-rules';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';

/** How often the server looks for a batch that is due. */
export const RESULT_BATCH_CHECK_MS = 60_000;
/** Batches are published only at these boundaries of the clock (:00 :15 :30 :45), never when a vote arrives. */
export const RESULT_BATCH_BOUNDARY_MS = RESULTS_BATCH_MINUTES * 60_000;
/** Each boundary's batch goes out after a random delay below this, so its moment depends on no vote. */
export const RESULT_BATCH_MAX_DELAY_MS = 120_000;

/** The last boundary at or before `now`: the time a batch published now is stamped with. */
export function resultBatchBoundary(now: Date): Date {
  return new Date(Math.floor(now.getTime() / RESULT_BATCH_BOUNDARY_MS) * RESULT_BATCH_BOUNDARY_MS);
}

// At least 20 votes since the last batch and at least 15 minutes since it. Only this timer publishes:
// a batch released by a vote (the old trigger) carried that vote's millisecond as its time, which is
// also in the receipt, so whoever held the receipt knew that vote completed the batch (attack report 4).
const DUE = `status = 'Active'
  AND vote_count - published_vote_count >= :minVotes
  AND :boundary - coalesce(results_published_at, 0) >= :minMs`;

/**
 * Publishes every open election's due batch, stamped with the boundary at or before `now` (never a
 * vote's time); returns how many elections moved. Votes that came in between the boundary and this
 * call (under RESULT_BATCH_MAX_DELAY_MS plus one check) are in the batch too.
 */
export function publishDueResultBatches(db: Db, now = new Date()): number {
  const params = {
    boundary: resultBatchBoundary(now).getTime(),
    minVotes: RESULTS_BATCH_MIN_VOTES,
    minMs: RESULT_BATCH_BOUNDARY_MS,
  };
  return db.$client.transaction(() => {
    db.$client
      .prepare(
        `UPDATE candidates SET published_votes = vote_count
         WHERE election_id IN (SELECT id FROM elections WHERE ${DUE})`,
      )
      .run(params);
    return db.$client
      .prepare(
        `UPDATE elections SET published_vote_count = vote_count, results_published_at = :boundary WHERE ${DUE}`,
      )
      .run(params).changes;
  })();
}

/**
 * Decides, at each minute's check, whether the current boundary's batch is due: once per boundary,
 * after a delay drawn when the boundary is first seen. `random` is injectable for tests.
 */
export function resultBatchClock(random: () => number = Math.random) {
  let boundary = -1;
  let publishAt = 0;
  let published = false;
  return (now: Date): boolean => {
    const current = resultBatchBoundary(now).getTime();
    if (current !== boundary) {
      boundary = current;
      publishAt = current + Math.floor(random() * RESULT_BATCH_MAX_DELAY_MS);
      published = false;
    }
    if (published || now.getTime() < publishAt) return false;
    published = true;
    return true;
  };
}

/** Checks every minute while the server is up (a write from a timer, never from a read or a vote). */
export function registerResultBatches(app: FastifyInstance, db: Db): void {
  let timer: NodeJS.Timeout | undefined;
  const due = resultBatchClock();
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      const now = new Date();
      if (!due(now)) return;
      try {
        publishDueResultBatches(db, now);
      } catch (error) {
        app.log.error({ err: error }, 'publishing due result batches failed');
      }
    }, RESULT_BATCH_CHECK_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
