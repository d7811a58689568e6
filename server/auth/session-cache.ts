import { createHash } from 'node:crypto';
import type { ValidSession } from './sessions';

/**
 * Sessions remembered in memory, so a signed-in read does not pay the session lookup (a three-table join, about
 * 28% of the server's CPU under the signed-in read benchmark's load (bench/server-load.mjs) in a CPU profile) on every request.
 *
 * Keyed by a hash of the whole token (id and secret), so only the exact cookie finds its entry and the secret is
 * never kept in memory in clear. Never served after a change: this server is the only process
 * that writes accounts and sessions while it runs, and every write to the sessions, users or profiles tables
 * (sign-out, password change or reset, role change, deactivation, step-up, e-mail verification) calls
 * `forgetCachedSessions()` right after it, which empties every remembered session at once. A test reads the
 * server's sources and fails on a file that writes those tables without calling it
 * (tests/server/session-cache.test.ts). A commit by any other connection to the database (another process)
 * changes SQLite's data_version, which empties them too. Expiry is checked on the remembered copy (sessions.ts),
 * and a copy is looked up again after SESSION_CACHE_MAX_AGE_MS whatever happens.
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

/** What the cache needs of the database: its SQLite connection, to notice writes made by other connections. */
interface SessionDb {
  $client: { prepare(sql: string): { pluck(): { get(): unknown } } };
}

interface Remembered {
  sessions: Map<string, CachedSession>;
  epoch: number;
  /** SQLite's data_version when the copies were read: it changes when another connection commits. */
  dataVersion: unknown;
  readDataVersion: () => unknown;
}

// Per database (tests open many), emptied all at once by any write that could change a session.
const remembered = new WeakMap<object, Remembered>();
let epoch = 0;

function cacheOf(db: SessionDb): Map<string, CachedSession> {
  let entry = remembered.get(db);
  if (!entry) {
    const statement = db.$client.prepare('PRAGMA data_version').pluck();
    entry = { sessions: new Map(), epoch, dataVersion: undefined, readDataVersion: () => statement.get() };
    entry.dataVersion = entry.readDataVersion();
    remembered.set(db, entry);
  }
  // A write by this process calls forgetCachedSessions(); one by another process or connection (the CLI's
  // create-admin, an operator's sqlite3 shell, a test confirming an e-mail address) changes data_version, which
  // costs a microsecond to read: either empties the copies, so none outlives a change made from anywhere.
  const dataVersion = entry.readDataVersion();
  if (entry.epoch !== epoch || entry.dataVersion !== dataVersion) {
    entry.sessions.clear();
    entry.epoch = epoch;
    entry.dataVersion = dataVersion;
  }
  return entry.sessions;
}

export const sessionCacheKey = (token: string) => createHash('sha256').update(token).digest('base64url');

export function cachedSession(db: SessionDb, key: string): CachedSession | undefined {
  return cacheOf(db).get(key);
}

export function rememberSession(db: SessionDb, key: string, entry: CachedSession): void {
  const cache = cacheOf(db);
  if (cache.size >= MAX_SESSIONS && !cache.has(key)) cache.delete(cache.keys().next().value as string);
  cache.set(key, entry);
}

export function dropCachedSession(db: SessionDb, key: string): void {
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
