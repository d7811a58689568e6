import { count, eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { profiles, users } from '../../server/db/schema';
import { testEnv } from '../../server/env';
import { prepareDatabase } from '../../server/startup';
import { signedInUser } from '../helpers/account';
import { callerFor, createTestDeps } from '../helpers/caller';
import { createTestDb } from '../helpers/db';
import { createUser } from '../helpers/factories';

const log = pino({ level: 'silent' });

describe('start-up', () => {
  it('seeds an empty database only when SEED_DEMO is on, and only once', async () => {
    const db = createTestDb();
    expect(await prepareDatabase(db, testEnv({ SEED_DEMO: 'false' }), log)).toEqual({ seeded: false });
    expect(db.select({ n: count() }).from(users).get()?.n).toBe(0);
    expect(await prepareDatabase(db, testEnv({ SEED_DEMO: 'true' }), log)).toEqual({ seeded: true });
    expect(await prepareDatabase(db, testEnv({ SEED_DEMO: 'true' }), log)).toEqual({ seeded: false });
  });

  it('creates the ADMIN_EMAIL System Admin, who can then sign in', async () => {
    const deps = createTestDeps();
    const env = testEnv({ ADMIN_EMAIL: 'Chief@Codka.example', ADMIN_PASSWORD: 'a-strong-password' });
    await prepareDatabase(deps.db, env, log);
    const result = await callerFor(deps, null).caller.auth.signIn({
      email: 'chief@codka.example',
      password: 'a-strong-password',
    });
    expect(signedInUser(result).isAdmin).toBe(true);
  });

  it('promotes an existing ADMIN_EMAIL account without changing its password', async () => {
    const db = createTestDb();
    const existing = await createUser(db);
    await prepareDatabase(
      db,
      testEnv({ ADMIN_EMAIL: existing.email, ADMIN_PASSWORD: 'other-password' }),
      log,
    );
    const profile = db.select().from(profiles).where(eq(profiles.userId, existing.id)).get();
    expect(profile?.role).toBe('System Admin');
    const hash = db.select({ h: users.passwordHash }).from(users).where(eq(users.id, existing.id)).get()?.h;
    expect(hash).toBeTruthy();
  });
});
