import {
  createSession,
  invalidateUserSessions,
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_INACTIVITY_TIMEOUT_MS,
  validateSessionToken,
} from '@server/auth/sessions';
import { profiles, sessions } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDb } from '../helpers/db';
import { createUser } from '../helpers/factories';

describe('sessions', () => {
  it('stores only a hash of the secret', async () => {
    const db = createTestDb();
    const user = await createUser(db);
    const { token, id } = createSession(db, user.id);
    const row = db.select().from(sessions).where(eq(sessions.id, id)).get();
    const secret = token.split('.')[1] ?? '';
    expect(row?.secretHash.length).toBe(32);
    expect(row?.secretHash.toString('utf8')).not.toContain(secret);
  });

  it('validates the right token and rejects a tampered or malformed one', async () => {
    const db = createTestDb();
    const user = await createUser(db);
    const { token } = createSession(db, user.id);
    expect(validateSessionToken(db, token)?.user.id).toBe(user.id);
    const [id] = token.split('.');
    expect(validateSessionToken(db, `${id}.${'a'.repeat(24)}`)).toBeNull();
    expect(validateSessionToken(db, 'garbage')).toBeNull();
    expect(validateSessionToken(db, `${token}.extra`)).toBeNull();
  });

  it('ends a session after the inactivity timeout', async () => {
    const db = createTestDb();
    const user = await createUser(db);
    const start = new Date('2026-01-01T00:00:00Z');
    const { token, id } = createSession(db, user.id, start);
    const beforeTimeout = new Date(start.getTime() + SESSION_INACTIVITY_TIMEOUT_MS - 1000);
    expect(validateSessionToken(db, token, beforeTimeout)?.user.id).toBe(user.id);
    // Activity was recorded above, so the idle clock restarted from that moment.
    const later = new Date(start.getTime() + 2 * SESSION_INACTIVITY_TIMEOUT_MS);
    expect(validateSessionToken(db, token, later)).toBeNull();
    expect(db.select().from(sessions).where(eq(sessions.id, id)).get()).toBeUndefined();
  });

  it('ends a session at its absolute lifetime however active it is', async () => {
    const db = createTestDb();
    const user = await createUser(db);
    const start = new Date('2026-01-01T00:00:00Z');
    const { token } = createSession(db, user.id, start);
    const step = SESSION_INACTIVITY_TIMEOUT_MS / 2;
    let now = start.getTime();
    while (now + step < start.getTime() + SESSION_ABSOLUTE_LIFETIME_MS) {
      now += step;
      expect(validateSessionToken(db, token, new Date(now))?.user.id).toBe(user.id);
    }
    expect(
      validateSessionToken(db, token, new Date(start.getTime() + SESSION_ABSOLUTE_LIFETIME_MS + 1)),
    ).toBeNull();
  });

  it('ends the sessions of a deactivated account', async () => {
    const db = createTestDb();
    const user = await createUser(db);
    const { token } = createSession(db, user.id);
    db.update(profiles).set({ isActive: false }).where(eq(profiles.userId, user.id)).run();
    expect(validateSessionToken(db, token)).toBeNull();
    expect(db.select().from(sessions).all()).toHaveLength(0);
  });

  it('invalidates every session of a user at once', async () => {
    const db = createTestDb();
    const user = await createUser(db);
    const other = await createUser(db);
    createSession(db, user.id);
    createSession(db, user.id);
    const kept = createSession(db, other.id);
    invalidateUserSessions(db, user.id);
    expect(
      db
        .select()
        .from(sessions)
        .all()
        .map((s) => s.id),
    ).toEqual([kept.id]);
  });
});
