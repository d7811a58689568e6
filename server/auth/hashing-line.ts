import { availableParallelism } from 'node:os';
import { TRPCError } from '@trpc/server';

/**
 * Off the event loop is not enough: libuv's four pool threads hashing at once take every core of a small
 * VM, and the event loop, starved of CPU, answered public reads in half a second (measured in R3, see
 * docs/scaling.md). At most one core less than the machine has hashes at a time; the rest wait in line.
 */
const MAX_CONCURRENT_HASHES = Math.max(1, availableParallelism() - 1);
/**
 * The line is bounded: 500 queued sign-ins for accounts that do not exist made a real citizen wait 28 s.
 * Past these bounds a request is refused at once (429) instead of waiting. One caller (an address, a /64
 * for IPv6, client-address.ts; or an account) holds at most PER_CALLER places, so it cannot fill the line.
 */
export const HASH_QUEUE_LIMIT = 64;
export const HASH_QUEUE_PER_CALLER = 32;
export const HASHING_BUSY = 'Too many sign-in attempts right now. Please try again in a minute.';

/** Work of the server itself (start-up, seeds, tests' factories): not a caller's, so never refused. */
export const SERVER_CALLER = '\u0000server';

interface Waiter {
  start: () => void;
  refuse: (error: Error) => void;
}

interface Lane {
  waiting: Waiter[];
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

const busy = () => {
  refused += 1;
  return new TRPCError({ code: 'TOO_MANY_REQUESTS', message: HASHING_BUSY });
};

function forgetIfIdle(caller: string, lane: Lane) {
  if (lane.running === 0 && lane.waiting.length === 0) lanes.delete(caller);
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

/**
 * The line is full: a caller with fewer waiting than the longest lane takes the place of that lane's
 * newest request, which is refused. So a full line refuses the callers who filled it, not a citizen
 * arriving from another address; only when every lane holds as few as the newcomer is the newcomer refused.
 */
function makeRoom(mine: number): boolean {
  let longest: [string, Lane] | undefined;
  for (const entry of lanes) {
    if (entry[0] !== SERVER_CALLER && entry[1].waiting.length > (longest?.[1].waiting.length ?? 0))
      longest = entry;
  }
  if (!longest || longest[1].waiting.length <= mine + 1) return false;
  const victim = longest[1].waiting.pop();
  waitingTotal -= 1;
  forgetIfIdle(longest[0], longest[1]);
  victim?.refuse(busy());
  return true;
}

function release(caller: string, lane: Lane) {
  lane.running -= 1;
  running -= 1;
  forgetIfIdle(caller, lane);
  const next = nextLane();
  const waiter = next?.waiting.shift();
  if (next && waiter) {
    waitingTotal -= 1;
    next.servedAt = ++turn;
    next.running += 1;
    running += 1;
    waiter.start();
  }
}

/** Runs `work` (one argon2id hash) in `caller`'s turn, or throws TOO_MANY_REQUESTS (HASHING_BUSY) at once. */
export async function inTurn<T>(caller: string, work: () => Promise<T>): Promise<T> {
  const existing = lanes.get(caller);
  const mine = existing?.waiting.length ?? 0;
  const mustWait = running >= MAX_CONCURRENT_HASHES;
  if (caller !== SERVER_CALLER) {
    if (mine + (existing?.running ?? 0) >= HASH_QUEUE_PER_CALLER) throw busy();
    if (mustWait && waitingTotal >= HASH_QUEUE_LIMIT && !makeRoom(mine)) throw busy();
  }
  const lane = lanes.get(caller) ?? { waiting: [], running: 0, servedAt: 0 };
  lanes.set(caller, lane);
  if (mustWait) {
    waitingTotal += 1;
    // release() counts this call as running before it starts it; makeRoom() may refuse it instead.
    await new Promise<void>((start, refuse) => lane.waiting.push({ start, refuse }));
  } else {
    lane.servedAt = ++turn;
    lane.running += 1;
    running += 1;
  }
  try {
    hashesRun += 1;
    return await work();
  } finally {
    release(caller, lane);
  }
}
