import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). @node-rs/argon2 hashes on
// libuv's thread pool, so a storm of sign-ins does not block the event loop.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Off the event loop is not enough: libuv's four pool threads hashing at once take every core of a small
 * VM, and the event loop, starved of CPU, answered public reads in half a second (measured in R3, see
 * docs/scaling.md). At most one core less than the machine has hashes at a time; the rest wait in line.
 */
const MAX_CONCURRENT_HASHES = Math.max(1, availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is freed.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return inTurn(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    // Spend the same time as a real check so response timing does not reveal which accounts exist.
    await inTurn(() => hash(password, OPTIONS));
    return false;
  }
  try {
    return await inTurn(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}
