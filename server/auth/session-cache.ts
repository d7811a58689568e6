import { createHash } from 'node:crypto';
import type { ValidSession } from './sessions';

/**
 * Sessions remembered in memory, so a signed-in read does not pay the session lookup (a three-table join, about
 * 28% of the server's CPU under R1's signed-in load in a profile for issue 19) on every request.
 *
 * Keyed by a hash of the whole token (id and secret), so only the exact cookie finds its entry and the secret is
 * never kept in memory in clear. Never served after a change (issue 19's rule): this server is the only process
 * that writes accounts and sessions while it runs, and every write to the sessions, users or profiles tables
 * (sign-out, password change or reset, role change, deactivation, step-up, e-mail verification) calls
 * `forgetCachedSessions()` right after it, which empties every remembered session at once. A test reads the
 * server's sources and fails on a file that writes those tables without calling it
 * (tests/server/session-cache.test.ts). Expiry is checked on the remembered copy (sessions.ts), and a copy is
 * looked up again after SESSION_CACHE_MAX_AGE_MS whatever happens, as a floor for anything written from
 * outside the process (the CLI's `create-admin` only ever promotes).
 */
export const SESSION_CACHE_MAX_AGE_MS = 60_000;
// At most about 10 MB (a copy is a few hundred bytes); the oldest go first, and none is used past 60 s anyway.
const MAX_SESSIONS = 20_000;

export interface CachedSession {
  session: ValidSession;
  /** The row's own times, for the expiry checks on the copy. */
  createdAt: number;
  lastActiveAt: number;
  /** When the row was read. */
  readAt: number;
}

// Per database (tests open many), emptied all at once by any write that could change a session.
const remembered = new WeakMap<object, Map<string, CachedSession>>();
let epoch = 0;
const epochOf = new WeakMap<Map<string, CachedSession>, number>();

function cacheOf(db: object): Map<string, CachedSession> {
  let cache = remembered.get(db);
  if (!cache) {
    cache = new Map();
    remembered.set(db, cache);
  }
  if (epochOf.get(cache) !== epoch) {
    cache.clear();
    epochOf.set(cache, epoch);
  }
  return cache;
}

export const sessionCacheKey = (token: string) => createHash('sha256').update(token).digest('base64url');

export function cachedSession(db: object, key: string): CachedSession | undefined {
  return cacheOf(db).get(key);
}

export function rememberSession(db: object, key: string, entry: CachedSession): void {
  const cache = cacheOf(db);
  if (cache.size >= MAX_SESSIONS && !cache.has(key)) cache.delete(cache.keys().next().value as string);
  cache.set(key, entry);
}

export function dropCachedSession(db: object, key: string): void {
  cacheOf(db).delete(key);
}

/**
 * Forgets every remembered session, of every database: called right after any write to sessions, users or
 * profiles. Writes are rare next to reads (votes never touch those tables), so emptying all is the simple,
 * certain choice: no write has to know whose sessions it changed.
 */
export function forgetCachedSessions(): void {
  epoch += 1;
}
