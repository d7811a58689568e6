import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { fixDueElectionRecords } from '../services/election-record/record';
import { closeDueVerifiable } from '../services/verifiable/tally';

/** How often the server looks for elections whose end has passed without a record (an admin's close fixes it at once). */
export const ELECTION_RECORD_CHECK_MS = 60_000;

/**
 * Fixes the record of every election that ended on its schedule: once when the server is ready (elections that
 * ended while it was down, or before records existed), then every minute. A write from a timer, never from a
 * read: the record page and the results page only read what this fixed.
 */
export function registerElectionRecords(app: FastifyInstance, db: Db): void {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const fixDue = async () => {
    // A large record takes longer than a minute on a slow machine: never two runs at once.
    if (running) return;
    running = true;
    try {
      const fixed = await fixDueElectionRecords(db);
      if (fixed > 0) app.log.info({ fixed }, 'election records fixed');
      // A verifiable election that ended on its schedule: end of ballots and its encrypted tally.
      const tallied = await closeDueVerifiable(db);
      if (tallied > 0) app.log.info({ tallied }, 'verifiable elections tallied');
    } catch (error) {
      app.log.error({ err: error }, 'fixing election records failed');
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    void fixDue();
    timer = setInterval(() => void fixDue(), ELECTION_RECORD_CHECK_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
