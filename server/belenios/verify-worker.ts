import { parentPort } from 'node:worker_threads';
import { BeleniosError, useModularExponentiation as setModularExponentiation } from '@shared/belenios';
import { serverPowMod } from './server-modexp';
import { runTask, type VerifyTask } from './verify-tasks';

/**
 * One verification worker (verify-pool.ts): runs Belenios tasks off the event loop, with OpenSSL's modular
 * exponentiation. A refusal comes back as the core's check; anything else as an unexpected failure.
 */
// Named as the core names it; not a React hook.
setModularExponentiation(serverPowMod);

parentPort?.on('message', (message: { id: number; task: VerifyTask }) => {
  try {
    parentPort?.postMessage({ id: message.id, result: runTask(message.task) });
  } catch (error) {
    if (error instanceof BeleniosError) {
      parentPort?.postMessage({ id: message.id, refused: error.check, message: error.message });
    } else {
      parentPort?.postMessage({
        id: message.id,
        failed: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
    }
  }
});
