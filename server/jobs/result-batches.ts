import type { FastifyInstance } from 'fastify';
import { RESULTS_BATCH_MIN_VOTES, RESULTS_BATCH_MINUTES } from '../../shared/election-rules';
import type { Db } from '../db/client';

/** How often the server looks for a batch that is due; a batch is never later than this after it is due. */
export const RESULT_BATCH_CHECK_MS = 60_000;

// The same rule as the vote trigger (drizzle/0006_vote_count_triggers.sql): at least 20 votes since the
// last batch and at least 15 minutes since it. The trigger publishes only when a vote arrives; this
// publishes the votes that came in before voting went quiet, so they do not wait for the next voter.
const DUE = `status = 'Active'
  AND vote_count - published_vote_count >= :minVotes
  AND :now - coalesce(results_published_at, 0) >= :minMs`;

/** Publishes every open election's due batch as of `now`; returns how many elections moved. */
export function publishDueResultBatches(db: Db, now = new Date()): number {
  const params = {
    now: now.getTime(),
    minVotes: RESULTS_BATCH_MIN_VOTES,
    minMs: RESULTS_BATCH_MINUTES * 60_000,
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
        `UPDATE elections SET published_vote_count = vote_count, results_published_at = :now WHERE ${DUE}`,
      )
      .run(params).changes;
  })();
}

/** Runs the check every minute while the server is up (a write from a timer, never from a read). */
export function registerResultBatches(app: FastifyInstance, db: Db): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      try {
        publishDueResultBatches(db);
      } catch (error) {
        app.log.error({ err: error }, 'publishing due result batches failed');
      }
    }, RESULT_BATCH_CHECK_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
