import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SESSION_CACHE_MAX_AGE_MS } from '@server/auth/session-cache';
import {
  createSession,
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_INACTIVITY_TIMEOUT_MS,
  validateSessionToken,
} from '@server/auth/sessions';
import { closeDb, createDb, type Db, migrateDb } from '@server/db/client';
import { profiles, sessions } from '@server/db/schema';
import { setUserActive, updateUser } from '@server/services/admin/users';
import { endStepUp } from '@server/services/step-up';
import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, sameOrigin, sessionCookieFrom, trpcBody } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { createAdmin, createUser } from '../helpers/factories';

/**
 * Sessions remembered in memory (server/auth/session-cache.ts) are never served after the write that ended or
 * changed them: each attack below first makes sure the session is remembered (a request with it), then changes
 * it and uses the same cookie at once.
 */
type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

function post(app: App, path: string, input: unknown, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { 'content-type': 'application/json', ...sameOrigin, ...(cookie ? { cookie } : {}) },
    payload: trpcBody(input),
  });
}

async function sessionUser(app: App, cookie: string) {
  const response = await app.inject({ method: 'GET', url: '/trpc/auth.session', headers: { cookie } });
  return response.json().result.data.json.user as {
    id: string;
    role: string | null;
    isAdmin: boolean;
  } | null;
}

async function signIn(app: App, account: { email: string; password: string }) {
  const response = await post(app, 'auth.signIn', { email: account.email, password: account.password });
  expect(response.statusCode).toBe(200);
  return sessionCookieFrom(response.headers['set-cookie']);
}

const profileIdOf = (db: Db, userId: string) =>
  db.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, userId)).get()?.id ?? '';

describe('remembered sessions over HTTP', () => {
  it('forgets a signed-out session at once: the same cookie reused right away is a visitor', async () => {
    const { app, db } = await buildTestApp();
    const user = await createUser(db);
    const cookie = await signIn(app, user);
    expect((await sessionUser(app, cookie))?.id).toBe(user.id);
    expect((await post(app, 'auth.signOut', undefined, cookie)).statusCode).toBe(200);
    expect(await sessionUser(app, cookie)).toBeNull();
    await app.close();
  });

  it('sees a demoted System Admin as a citizen on the next request, not the remembered admin', async () => {
    const { app, db } = await buildTestApp();
    const demoted = await createAdmin(db);
    const other = await createAdmin(db);
    const cookie = await signIn(app, demoted);
    expect((await sessionUser(app, cookie))?.isAdmin).toBe(true);
    updateUser(
      db,
      { id: profileIdOf(db, demoted.id), fullName: 'Former Admin', phone: null, role: null, isActive: true },
      other.id,
    );
    const after = await sessionUser(app, cookie);
    expect(after?.id).toBe(demoted.id);
    expect(after?.isAdmin).toBe(false);
    const adminRead = await app.inject({ method: 'GET', url: '/trpc/admin.stats', headers: { cookie } });
    expect(adminRead.statusCode).toBe(403);
    await app.close();
  });

  it('ends a deactivated account and the other devices of a changed password at once', async () => {
    const { app, db } = await buildTestApp();
    const admin = await createAdmin(db);
    const blocked = await createUser(db);
    const blockedCookie = await signIn(app, blocked);
    const user = await createUser(db);
    const phone = await signIn(app, user);
    const laptop = await signIn(app, user);
    for (const cookie of [blockedCookie, phone, laptop])
      expect(await sessionUser(app, cookie)).not.toBeNull();

    setUserActive(db, profileIdOf(db, blocked.id), false, admin.id);
    expect(await sessionUser(app, blockedCookie)).toBeNull();

    const change = { currentPassword: user.password, newPassword: 'a new password 42' };
    expect((await post(app, 'auth.changePassword', change, laptop)).statusCode).toBe(200);
    expect(await sessionUser(app, phone)).toBeNull();
    expect((await sessionUser(app, laptop))?.id).toBe(user.id);
    await app.close();
  });
});

describe('remembered sessions: expiry checked on the copy', () => {
  it('refuses a remembered session past its absolute lifetime, and deletes it', async () => {
    const db = createTestDb();
    const user = await createUser(db);
    const start = Date.now();
    const { token, id } = createSession(db, user.id, new Date(start));
    expect(validateSessionToken(db, token, new Date(start + 1000))?.user.id).toBe(user.id);
    expect(validateSessionToken(db, token, new Date(start + SESSION_ABSOLUTE_LIFETIME_MS + 1))).toBeNull();
    expect(db.select().from(sessions).where(eq(sessions.id, id)).get()).toBeUndefined();
  });

  it('refuses a remembered session left idle past the inactivity timeout', async () => {
    const db = createTestDb();
    const user = await createUser(db);
    const start = Date.now();
    const { token } = createSession(db, user.id, new Date(start));
    expect(validateSessionToken(db, token, new Date(start + 1000))?.user.id).toBe(user.id);
    expect(
      validateSessionToken(db, token, new Date(start + SESSION_INACTIVITY_TIMEOUT_MS + 2000)),
    ).toBeNull();
  });

  it('serves a copy from memory until its maximum age, then reads the row again', async () => {
    const db = createTestDb();
    const user = await createUser(db);
    const start = Date.now();
    const { token } = createSession(db, user.id, new Date(start));
    expect(validateSessionToken(db, token, new Date(start))?.user.fullName).toBe('Test Citizen');
    // Written behind the cache's back (as only another process could): the copy is what is served...
    db.update(profiles).set({ fullName: 'Renamed' }).where(eq(profiles.userId, user.id)).run();
    expect(validateSessionToken(db, token, new Date(start + 1000))?.user.fullName).toBe('Test Citizen');
    // ...until it is SESSION_CACHE_MAX_AGE_MS old.
    const later = new Date(start + SESSION_CACHE_MAX_AGE_MS + 1);
    expect(validateSessionToken(db, token, later)?.user.fullName).toBe('Renamed');
  });

  it('finds a copy only with the exact token: a right id with a wrong secret is refused', async () => {
    const db = createTestDb();
    const user = await createUser(db);
    const { token } = createSession(db, user.id);
    expect(validateSessionToken(db, token)?.user.id).toBe(user.id);
    const [id] = token.split('.');
    expect(validateSessionToken(db, `${id}.${'a'.repeat(24)}`)).toBeNull();
  });

  it('sees the end of a step-up at once', async () => {
    const db = createTestDb();
    const admin = await createAdmin(db);
    const { token, id } = createSession(db, admin.id);
    db.update(sessions)
      .set({ steppedUpUntil: new Date(Date.now() + 60_000) })
      .where(eq(sessions.id, id))
      .run();
    expect(validateSessionToken(db, token)?.steppedUpUntil).not.toBeNull();
    endStepUp(db, id);
    expect(validateSessionToken(db, token)?.steppedUpUntil).toBeNull();
  });
});

/** Every file of the server that writes sessions, users or profiles. */
function filesWritingAccounts(folder: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      found.push(...filesWritingAccounts(path));
    } else if (path.endsWith('.ts')) {
      const text = readFileSync(path, 'utf8');
      const writes =
        /\.(update|delete)\(\s*(sessions|users|profiles)\s*\)/.test(text) ||
        /\b(UPDATE|DELETE\s+FROM)\s+`?(sessions|users|profiles)\b/i.test(text);
      if (writes) found.push(path);
    }
  }
  return found;
}

describe('remembered sessions and writes from outside the server', () => {
  it('forgets them when another process changes the database (a deactivation written by the CLI or a shell)', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'codka-session-cache-'));
    const db = createDb(join(folder, 'codka.db'));
    try {
      migrateDb(db);
      const user = await createUser(db);
      const { token } = createSession(db, user.id);
      expect(validateSessionToken(db, token)?.user.id).toBe(user.id);
      // Another connection, as another process would open it: the server's forgetCachedSessions() never runs.
      const outside = new Database(join(folder, 'codka.db'));
      outside.prepare('DELETE FROM sessions').run();
      outside.close();
      expect(validateSessionToken(db, token)).toBeNull();
    } finally {
      closeDb(db);
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('every write to sessions, users or profiles forgets the remembered sessions', () => {
  it('is followed by forgetCachedSessions() in the same file', () => {
    const files = filesWritingAccounts('server').filter((path) => !path.startsWith(join('server', 'db')));
    expect(files.length).toBeGreaterThan(5);
    const missing = files.filter((path) => !readFileSync(path, 'utf8').includes('forgetCachedSessions('));
    expect(missing).toEqual([]);
  });
});
