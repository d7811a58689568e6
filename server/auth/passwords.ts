import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { TRPCError } from '@trpc/server';

// argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). @node-rs/argon2 hashes on
// libuv's thread pool, so a storm of sign-ins does not block the event loop.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Off the event loop is not enough: libuv's four pool threads hashing at once take every core of a small
 * VM, and the event loop, starved of CPU, answered public reads in half a second (measured in R3, see
 * docs/scaling.md). At most one core less than the machine has hashes at a time; the rest wait in line.
 */
const MAX_CONCURRENT_HASHES = Math.max(1, availableParallelism() - 1);
/**
 * The line is bounded: 500 queued sign-ins for accounts that do not exist made a real citizen wait 28 s.
 * Past these bounds a request is refused at once (429) instead of waiting. One address (a /64 for IPv6,
 * client-address.ts) holds at most PER_CALLER of the places, so it cannot fill the line alone.
 */
export const HASH_QUEUE_LIMIT = 64;
export const HASH_QUEUE_PER_CALLER = 16;
export const HASHING_BUSY = 'Too many sign-in attempts right now. Please try again in a minute.';

/** Work of the server itself (start-up, seeds, tests' factories): not a caller's, so never refused. */
const SERVER = '\u0000server';

interface Lane {
  waiting: (() => void)[];
  running: number;
  /** When this lane last got a turn; 0 for never, so a newcomer goes before lanes already served. */
  servedAt: number;
}

const lanes = new Map<string, Lane>();
let running = 0;
let waitingTotal = 0;
let turn = 0;
let hashesRun = 0;
let refused = 0;

/** How much hashing ran and how much was refused since start (tests and the bench read it). */
export function hashingStats() {
  return { hashesRun, refused, waiting: waitingTotal, running };
}

/**
 * Fair turns: the next free slot goes to the lane served longest ago, not to the oldest request. One
 * address with a full lane then delays a citizen from another address by about one hash, not by its
 * whole backlog (Map order breaks ties by arrival).
 */
function nextLane(): Lane | undefined {
  let best: Lane | undefined;
  for (const lane of lanes.values()) {
    if (lane.waiting.length > 0 && (!best || lane.servedAt < best.servedAt)) best = lane;
  }
  return best;
}

function release(caller: string, lane: Lane) {
  lane.running -= 1;
  running -= 1;
  if (lane.running === 0 && lane.waiting.length === 0) lanes.delete(caller);
  const next = nextLane();
  const start = next?.waiting.shift();
  if (next && start) {
    waitingTotal -= 1;
    next.servedAt = ++turn;
    next.running += 1;
    running += 1;
    start();
  }
}

async function inTurn<T>(caller: string, work: () => Promise<T>): Promise<T> {
  let lane = lanes.get(caller);
  const queued = (lane?.running ?? 0) + (lane?.waiting.length ?? 0);
  const mustWait = running >= MAX_CONCURRENT_HASHES;
  if (
    caller !== SERVER &&
    (queued >= HASH_QUEUE_PER_CALLER || (mustWait && waitingTotal >= HASH_QUEUE_LIMIT))
  ) {
    refused += 1;
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: HASHING_BUSY });
  }
  if (!lane) {
    lane = { waiting: [], running: 0, servedAt: 0 };
    lanes.set(caller, lane);
  }
  const mine = lane;
  if (mustWait) {
    waitingTotal += 1;
    // release() counts this call as running before it resolves.
    await new Promise<void>((resolve) => mine.waiting.push(resolve));
  } else {
    mine.servedAt = ++turn;
    mine.running += 1;
    running += 1;
  }
  try {
    hashesRun += 1;
    return await work();
  } finally {
    release(caller, mine);
  }
}

/**
 * Hashes a new password. `caller` is whose turn it is (the address key of the request, or a user's id);
 * without one it is the server's own work. Throws TOO_MANY_REQUESTS (HASHING_BUSY) when the line is full.
 */
export function hashPassword(password: string, caller = SERVER): Promise<string> {
  return inTurn(caller, () => hash(password, OPTIONS));
}

/** Checks a password against its hash, in turn like hashPassword (and refused like it when the line is full). */
export async function verifyPassword(
  passwordHash: string | null,
  password: string,
  caller = SERVER,
): Promise<boolean> {
  if (!passwordHash) {
    // Spend the same time as a real check so response timing does not reveal which accounts exist.
    await inTurn(caller, () => hash(password, OPTIONS));
    return false;
  }
  return inTurn(caller, () => verify(passwordHash, password).catch(() => false));
}
