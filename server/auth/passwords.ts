import { hash, verify } from '@node-rs/argon2';
import { type HashingCaller, inTurn, SERVER_CALLER } from './hashing-line';

// argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). @node-rs/argon2 hashes on
// libuv's thread pool, so a storm of sign-ins does not block the event loop; the hashing line
// (hashing-line.ts) bounds how many run and wait.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes a new password. `caller` is whose turn it is in the hashing line (the request's address key and
 * the account or email it is for); without one it is the server's own work (start-up, seeds). Throws TOO_MANY_REQUESTS
 * (signIn.hashingBusy) at once when the line is full.
 */
export function hashPassword(password: string, caller: HashingCaller = SERVER_CALLER): Promise<string> {
  return inTurn(caller, () => hash(password, OPTIONS));
}

/** Checks a password against its hash, in turn like hashPassword (and refused like it when the line is full). */
export async function verifyPassword(
  passwordHash: string | null,
  password: string,
  caller: HashingCaller = SERVER_CALLER,
): Promise<boolean> {
  if (!passwordHash) {
    // Spend the same time as a real check so response timing does not reveal which accounts exist.
    await inTurn(caller, () => hash(password, OPTIONS));
    return false;
  }
  return inTurn(caller, () => verify(passwordHash, password).catch(() => false));
}
