import { availableParallelism } from 'node:os';
import { DomainError } from '../errors/domain-error';
import { messageText } from '../errors/texts';

/**
 * Off the event loop is not enough: libuv's four pool threads hashing at once take every core of a small
 * VM, and the event loop, starved of CPU, answered public reads in half a second (measured in R3, see
 * docs/scaling.md). At most one core less than the machine has hashes at a time; the rest wait in line.
 */
const MAX_CONCURRENT_HASHES = Math.max(1, availableParallelism() - 1);
/**
 * The line is bounded: 500 queued sign-ins for accounts that do not exist made a real citizen wait 28 s.
 * Past these bounds a request is refused at once (429) instead of waiting. One lane (an address; for IPv6 a
 * whole /56, see hashingLane) holds at most HASH_QUEUE_PER_CALLER places, and one account or email inside
 * it at most HASH_QUEUE_PER_HOLDER, so one device behind a carrier NAT cannot take its neighbours' places.
 */
export const HASH_QUEUE_LIMIT = 64;
export const HASH_QUEUE_PER_CALLER = 32;
export const HASH_QUEUE_PER_HOLDER = 4;
/** The refusal's English sentence (errors.json's signIn.hashingBusy). */
export const HASHING_BUSY = messageText({ key: 'signIn.hashingBusy' });

/** Work of the server itself (start-up, seeds, tests' factories): not a caller's, so never refused. */
export const SERVER_CALLER = '\u0000server';

/**
 * Whose turn a hash is: the requester's address key (client-address.ts) and, inside it, the account or
 * email it is for. A bare string is an address with no holder (the server's own work, or tests).
 */
export type HashingCaller = string | { address: string; holder?: string | undefined };

interface Waiter {
  holder: string | undefined;
  start: () => void;
  refuse: (error: Error) => void;
}

interface Lane {
  waiting: Waiter[];
  running: number;
  /** Places held (waiting or running) per account/email. */
  held: Map<string, number>;
}

const lanes = new Map<string, Lane>();
/**
 * When each lane last got a turn, kept after the lane empties: an attacker in a closed loop re-enters
 * with a fresh request at once, and must not look like a newcomer that was never served. Oldest first
 * (re-inserted on every turn); forgotten after SERVED_MEMORY turns.
 */
const lastServed = new Map<string, number>();
const SERVED_MEMORY = 10_000;
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
  return new DomainError('signIn.hashingBusy');
};

/**
 * The lane of an address key. Limits count IPv6 per /64, but one subscriber often gets a /56 (256 /64s):
 * a lane per /64 let one home take 100 lanes and fill the line, so hashing groups IPv6 per /56.
 */
export function hashingLane(address: string): string {
  const v6 = /^([0-9a-f]+):([0-9a-f]+):([0-9a-f]+):([0-9a-f]+)::\/64$/.exec(address);
  if (!v6) return address;
  const fourth = (Number.parseInt(v6[4] ?? '0', 16) & 0xff00).toString(16);
  return `${v6[1]}:${v6[2]}:${v6[3]}:${fourth}::/56`;
}

const servedAt = (key: string) => lastServed.get(key) ?? 0;

function markServed(key: string) {
  turn += 1;
  lastServed.delete(key);
  lastServed.set(key, turn);
  for (const [old, at] of lastServed) {
    if (turn - at <= SERVED_MEMORY) break;
    lastServed.delete(old);
  }
}

function forgetIfIdle(caller: string, lane: Lane) {
  if (lane.running === 0 && lane.waiting.length === 0) lanes.delete(caller);
}

function hold(lane: Lane, holder: string | undefined, change: number) {
  if (holder === undefined) return;
  const now = (lane.held.get(holder) ?? 0) + change;
  if (now > 0) lane.held.set(holder, now);
  else lane.held.delete(holder);
}

/**
 * Fair turns: the next free slot goes to the lane served longest ago, not to the oldest request. One
 * address with a full lane then delays a citizen from another address by about one hash, not by its
 * whole backlog (Map order breaks ties by arrival).
 */
function nextLane(): [string, Lane] | undefined {
  let best: [string, Lane] | undefined;
  for (const entry of lanes) {
    if (entry[1].waiting.length > 0 && (!best || servedAt(entry[0]) < servedAt(best[0]))) best = entry;
  }
  return best;
}

/** Refuses `lane`'s newest waiter (of `holder` when given) to free its place for someone else. */
function evictNewest(key: string, lane: Lane, holder?: string): boolean {
  const at =
    holder === undefined ? lane.waiting.length - 1 : lane.waiting.findLastIndex((w) => w.holder === holder);
  const [victim] = at < 0 ? [] : lane.waiting.splice(at, 1);
  if (!victim) return false;
  waitingTotal -= 1;
  hold(lane, victim.holder, -1);
  forgetIfIdle(key, lane);
  victim.refuse(busy());
  return true;
}

/**
 * The line is full. A lane with two more waiting than the newcomer's gives up its newest request. When no
 * lane holds that many (many addresses, one place each), the lane served most recently gives one up if the
 * newcomer was served longer ago: an address with nothing in the line, never served, always gets in, and
 * the callers who keep the line full refuse each other. Otherwise the newcomer is refused.
 */
function makeRoom(caller: string, mine: number): boolean {
  let longest: [string, Lane] | undefined;
  let latest: [string, Lane] | undefined;
  for (const entry of lanes) {
    if (entry[0] === SERVER_CALLER || entry[0] === caller || entry[1].waiting.length === 0) continue;
    if (entry[1].waiting.length > (longest?.[1].waiting.length ?? 0)) longest = entry;
    if (!latest || servedAt(entry[0]) > servedAt(latest[0])) latest = entry;
  }
  if (longest && longest[1].waiting.length > mine + 1) return evictNewest(...longest);
  if (latest && servedAt(latest[0]) > servedAt(caller)) return evictNewest(...latest);
  return false;
}

/**
 * The lane is at its bound: the account/email with the most places in it gives up its newest waiting
 * request if it holds two more than the newcomer's; otherwise the newcomer is refused.
 */
function makeRoomInLane(key: string, lane: Lane, holder: string | undefined): boolean {
  if (holder === undefined) return false;
  const mine = lane.held.get(holder) ?? 0;
  let biggest: [string, number] | undefined;
  for (const entry of lane.held) if (entry[1] > (biggest?.[1] ?? 0)) biggest = entry;
  return !!biggest && biggest[1] > mine + 1 && evictNewest(key, lane, biggest[0]);
}

function release(caller: string, lane: Lane, holder: string | undefined) {
  lane.running -= 1;
  running -= 1;
  hold(lane, holder, -1);
  forgetIfIdle(caller, lane);
  const next = nextLane();
  const waiter = next?.[1].waiting.shift();
  if (next && waiter) {
    waitingTotal -= 1;
    markServed(next[0]);
    next[1].running += 1;
    running += 1;
    waiter.start();
  }
}

/** Runs `work` (one argon2id hash) in `who`'s turn, or throws signIn.hashingBusy (429) at once. */
export async function inTurn<T>(who: HashingCaller, work: () => Promise<T>): Promise<T> {
  const caller = typeof who === 'string' ? hashingLane(who) : hashingLane(who.address);
  const holder = typeof who === 'string' ? undefined : who.holder;
  const existing = lanes.get(caller);
  const mine = existing?.waiting.length ?? 0;
  const mustWait = running >= MAX_CONCURRENT_HASHES;
  if (caller !== SERVER_CALLER) {
    if (holder !== undefined && (existing?.held.get(holder) ?? 0) >= HASH_QUEUE_PER_HOLDER) throw busy();
    const laneFull = existing && mine + existing.running >= HASH_QUEUE_PER_CALLER;
    if (laneFull && !makeRoomInLane(caller, existing, holder)) throw busy();
    if (mustWait && !laneFull && waitingTotal >= HASH_QUEUE_LIMIT && !makeRoom(caller, mine)) throw busy();
  }
  const lane = lanes.get(caller) ?? { waiting: [], running: 0, held: new Map<string, number>() };
  lanes.set(caller, lane);
  hold(lane, holder, 1);
  if (mustWait) {
    waitingTotal += 1;
    // release() counts this call as running before it starts it; makeRoom() may refuse it instead.
    await new Promise<void>((start, refuse) => lane.waiting.push({ holder, start, refuse }));
  } else {
    markServed(caller);
    lane.running += 1;
    running += 1;
  }
  try {
    hashesRun += 1;
    return await work();
  } finally {
    release(caller, lane, holder);
  }
}
