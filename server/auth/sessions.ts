import { isAdminRole, type StaffRole } from '@shared/roles';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { profiles, sessions, users } from '../db/schema';
import {
  cachedSession,
  dropCachedSession,
  forgetCachedSessions,
  rememberSession,
  SESSION_CACHE_MAX_AGE_MS,
  sessionCacheKey,
} from './session-cache';
import { generateSecureRandomString, hashSecret, secretMatches, splitToken } from './tokens';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** A session unused for this long ends. */
export const SESSION_INACTIVITY_TIMEOUT_MS = 7 * DAY;
/** No session lives longer than this, however active. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * DAY;
/** last_active_at is written at most this often, so reads do not become writes. */
const ACTIVITY_WRITE_INTERVAL_MS = HOUR;

export interface SessionUser {
  id: string;
  /** Null for an account made on a phone number. */
  email: string | null;
  fullName: string;
  role: StaffRole | null;
  isAdmin: boolean;
  emailVerified: boolean;
  /** E.164; null for an account without a number. */
  phone: string | null;
  phoneConfirmed: boolean;
}

export interface ValidSession {
  id: string;
  user: SessionUser;
  /** Until when the session counts as re-authenticated (auth.stepUp); null when it never stepped up. */
  steppedUpUntil: Date | null;
}

export function createSession(db: Db, userId: string, now = new Date()): { token: string; id: string } {
  const id = generateSecureRandomString();
  const secret = generateSecureRandomString();
  db.insert(sessions)
    .values({ id, userId, secretHash: hashSecret(secret), createdAt: now, lastActiveAt: now })
    .run();
  return { token: `${id}.${secret}`, id };
}

/**
 * The session, its user and profile by session id: run on every request that carries a cookie, so it is
 * prepared once per database (drizzle otherwise builds and SQLite re-prepares the join each time).
 */
const sessionLookup = preparedOnce((db) =>
  db
    .select({
      id: sessions.id,
      secretHash: sessions.secretHash,
      createdAt: sessions.createdAt,
      lastActiveAt: sessions.lastActiveAt,
      steppedUpUntil: sessions.steppedUpUntil,
      userId: users.id,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      phone: users.phone,
      phoneConfirmedAt: users.phoneConfirmedAt,
      fullName: profiles.fullName,
      role: profiles.role,
      isActive: profiles.isActive,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare(),
);

/**
 * Returns the session for a cookie token, or null (and deletes it) when expired or the account is inactive.
 * A session read lately comes from memory (session-cache.ts), with the same expiry checks made on the copy; a
 * copy due for its hourly activity write is read again, so that write still happens.
 */
export function validateSessionToken(db: Db, token: string, now = new Date()): ValidSession | null {
  const parts = splitToken(token);
  if (!parts) return null;
  const key = sessionCacheKey(token);
  const time = now.getTime();
  const copy = cachedSession(db, key);
  if (
    copy &&
    time - copy.readAt <= SESSION_CACHE_MAX_AGE_MS &&
    time - copy.createdAt <= SESSION_ABSOLUTE_LIFETIME_MS &&
    time - copy.lastActiveAt <= ACTIVITY_WRITE_INTERVAL_MS
  ) {
    return copy.session;
  }
  if (copy) dropCachedSession(db, key);
  const row = sessionLookup(db).get({ id: parts.id });
  if (!row || !secretMatches(parts.secret, row.secretHash)) return null;

  const age = time - row.createdAt.getTime();
  const idle = time - row.lastActiveAt.getTime();
  if (age > SESSION_ABSOLUTE_LIFETIME_MS || idle > SESSION_INACTIVITY_TIMEOUT_MS || row.isActive === false) {
    invalidateSession(db, row.id);
    return null;
  }
  let lastActiveAt = row.lastActiveAt.getTime();
  if (idle > ACTIVITY_WRITE_INTERVAL_MS) {
    db.update(sessions).set({ lastActiveAt: now }).where(eq(sessions.id, row.id)).run();
    lastActiveAt = time;
  }
  const session: ValidSession = {
    id: row.id,
    steppedUpUntil: row.steppedUpUntil,
    user: {
      id: row.userId,
      email: row.email,
      fullName: row.fullName ?? 'User',
      role: row.role ?? null,
      isAdmin: isAdminRole(row.role),
      emailVerified: row.emailVerifiedAt !== null,
      phone: row.phone,
      phoneConfirmed: row.phone !== null && row.phoneConfirmedAt !== null,
    },
  };
  rememberSession(db, key, { session, createdAt: row.createdAt.getTime(), lastActiveAt, readAt: time });
  return session;
}

export function invalidateSession(db: Db, sessionId: string): void {
  db.delete(sessions).where(eq(sessions.id, sessionId)).run();
  forgetCachedSessions();
}

/** Ends every session of a user: on password change and on deactivation. */
export function invalidateUserSessions(db: Pick<Db, 'delete'>, userId: string): void {
  invalidateOtherSessions(db, userId, null);
}

/**
 * Ends every session of a user but the one that asked (none kept when it is null): on turning two-factor sign-in
 * on. Returns how many ended.
 */
export function invalidateOtherSessions(
  db: Pick<Db, 'delete'>,
  userId: string,
  keepSessionId: string | null,
): number {
  const ended = db
    .delete(sessions)
    .where(
      keepSessionId === null
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)),
    )
    .run().changes;
  forgetCachedSessions();
  return ended;
}
