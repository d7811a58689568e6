import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { resumePreparations, stopPreparations } from '../services/verifiable/preparation';

/**
 * The preparation of verifiable drafts' credentials (server/services/verifiable/preparation.ts) runs in this
 * process while a request to open waits. Each page it finishes is committed with where it got to, so a server
 * that stops mid-way stops after its page, and goes on from the next one when it starts again.
 */
export function registerCredentialPreparations(app: FastifyInstance, db: Db): void {
  const log = (error: unknown) => app.log.error({ err: error }, 'preparing credentials failed');
  // Every job of this database says why it failed in the server's log, whoever started it.
  app.addHook('onReady', async () => resumePreparations(db, log));
  // Before onClose, where the verification workers end: a job stopped there is not one that failed.
  app.addHook('preClose', async () => stopPreparations(db));
}
