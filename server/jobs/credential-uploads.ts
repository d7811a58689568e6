import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { startUploadSweeps } from '../services/verifiable/credential-upload-sweeps';

/**
 * Outside authorities' public credentials files given in parts (server/services/verifiable/credentials.ts): an
 * upload's hash lives in this process, so the uploads a stopped server left are ended at its start, and a sweep
 * every minute ends the ones whose next part is overdue and removes the rows of every ended one.
 */
export function registerCredentialUploads(app: FastifyInstance, db: Db): void {
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = startUploadSweeps(db, (error) =>
      app.log.error({ err: error }, 'removing ended credential uploads failed'),
    );
  });
  app.addHook('preClose', async () => stop?.());
}
