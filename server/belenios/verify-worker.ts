import { parentPort } from 'node:worker_threads';
import { BeleniosError, setModularExponentiation } from '@shared/belenios';
import { opensslPowMod } from './openssl-modexp';
import { runTask, type VerifyTask } from './verify-tasks';

/**
 * One verification worker (verify-pool.ts): runs Belenios tasks off the event loop, with OpenSSL's modular
 * exponentiation. A refusal comes back as the core's check; anything else as an unexpected failure.
 */
setModularExponentiation(opensslPowMod);

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
