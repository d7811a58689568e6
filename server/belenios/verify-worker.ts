import { parentPort } from 'node:worker_threads';
import { BeleniosError, setModularExponentiation, setPbkdf2Sha256, setSha256 } from '@shared/belenios';
import { opensslPowMod } from './openssl-modexp';
import { opensslPbkdf2 } from './openssl-pbkdf2';
import { opensslSha256 } from './openssl-sha256';
import {
  type CredentialList,
  keepCredentialList,
  MissingCredentialList,
  runTask,
  type VerifyTask,
} from './verify-tasks';

/**
 * One verification worker (verify-pool.ts): runs Belenios tasks off the event loop, with OpenSSL's modular
 * exponentiation, PBKDF2 and SHA-256. A refusal comes back as the core's check, a task naming a list this worker does not hold as
 * that list's name (the pool sends it again with the list); anything else as an unexpected failure.
 */
setModularExponentiation(opensslPowMod);
setPbkdf2Sha256(opensslPbkdf2);
setSha256(opensslSha256);

parentPort?.on('message', (message: { id: number; task: VerifyTask; list?: CredentialList }) => {
  try {
    if (message.list) keepCredentialList(message.list);
    parentPort?.postMessage({ id: message.id, result: runTask(message.task) });
  } catch (error) {
    if (error instanceof BeleniosError) {
      parentPort?.postMessage({ id: message.id, refused: error.check, message: error.message });
    } else if (error instanceof MissingCredentialList) {
      parentPort?.postMessage({ id: message.id, missingList: error.listName });
    } else {
      parentPort?.postMessage({
        id: message.id,
        failed: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
    }
  }
});
