import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeDb, createDb, type Db, migrateDb } from '@server/db/client';
import { profiles, users } from '@server/db/schema';
import { testEnv } from '@server/env';
import { ConfiguredAdminRefused, ensureConfiguredAdmin } from '@server/services/accounts';
import { setUserActive, updateUser } from '@server/services/admin/users';
import { demoAccountsBanner, prepareDatabase } from '@server/startup';
import { count, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEMO_ADMIN,
  DEMO_CITIZEN,
  DEMO_REGISTRAR,
  DEMO_SECOND_ADMIN,
  DEMO_SUPERVISOR,
  readDemoAccountsFile,
} from '../../seed/demo-accounts';
import { signedInUser } from '../helpers/account';
import { callerFor, createTestDeps } from '../helpers/caller';
import { createTestDb } from '../helpers/db';
import { createAdmin, createUser } from '../helpers/factories';
import { REPO_ROOT, serverEntryArgs } from '../helpers/security/server-process';

const log = pino({ level: 'silent' });
const folder = mkdtempSync(join(tmpdir(), 'codka-startup-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A logger whose lines the test can read. */
function recordingLog() {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  return { logger, text: () => lines.join('') };
}

const roleOf = (db: Db, userId: string) =>
  db
    .select({ role: profiles.role, isActive: profiles.isActive })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .get();

/** A start with ADMIN_EMAIL set, which creates that System Admin, and another admin who can change it. */
async function configuredChief() {
  const db = createTestDb();
  const env = testEnv({ ADMIN_EMAIL: 'chief@codka.example', ADMIN_PASSWORD: 'a-strong-password' });
  await prepareDatabase(db, env, log);
  const chief = db
    .select({ id: users.id, profileId: profiles.id })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.email, 'chief@codka.example'))
    .get();
  return { db, env, chief, other: await createAdmin(db) };
}

describe('start-up', () => {
  it('seeds an empty database only when SEED_DEMO is on, and only once', async () => {
    const db = createTestDb();
    const env = (seed: string) =>
      testEnv({ SEED_DEMO: seed, DATABASE_PATH: join(folder, 'once', 'codka.db') });
    expect(await prepareDatabase(db, env('false'), log)).toEqual({ seeded: false });
    expect(db.select({ n: count() }).from(users).get()?.n).toBe(0);
    expect(await prepareDatabase(db, env('true'), log)).toMatchObject({ seeded: true });
    expect(await prepareDatabase(db, env('true'), log)).toEqual({ seeded: false });
  });

  it('gives the demo accounts fresh passwords, shown once and kept in a file only the owner can read', async () => {
    const deps = createTestDeps();
    const databasePath = join(folder, 'demo', 'codka.db');
    const recorded = recordingLog();
    const result = await prepareDatabase(
      deps.db,
      testEnv({ SEED_DEMO: 'true', DATABASE_PATH: databasePath }),
      recorded.logger,
    );
    const file = join(folder, 'demo', 'demo-accounts.txt');
    expect(result.demoAccounts?.file).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const kept = readDemoAccountsFile(file);
    expect(kept.map((account) => account.email)).toEqual([
      DEMO_ADMIN.email,
      DEMO_SECOND_ADMIN.email,
      DEMO_CITIZEN.email,
      DEMO_REGISTRAR.email,
      DEMO_SUPERVISOR.email,
    ]);
    expect(kept).toEqual(result.demoAccounts?.credentials);

    const banner = demoAccountsBanner(
      result.demoAccounts ?? { credentials: [], file: null, trusteesFile: null },
    );
    for (const account of kept) {
      expect(banner).toContain(account.password);
      // The structured log may be shipped elsewhere: the passwords are never in it.
      expect(recorded.text()).not.toContain(account.password);
      expect(readFileSync(join(REPO_ROOT, 'README.md'), 'utf8')).not.toContain(account.password);
    }
    expect(banner).toContain(file);
    const { caller } = callerFor(deps, null);
    const admin = { email: kept[0]?.email ?? '', password: kept[0]?.password ?? '' };
    expect(signedInUser(await caller.auth.signIn(admin)).isAdmin).toBe(true);
    // Well-known demo passwords, which anyone could have read, open nothing.
    await expect(
      caller.auth.signIn({ email: DEMO_ADMIN.email, password: 'codka-admin-2026' }),
    ).rejects.toThrow('Invalid login credentials');
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

  it('does not make an admin of a citizen who signed up first with the address the operator configures', async () => {
    const deps = createTestDeps();
    // The attack: the address is guessable (the README's example, the commission's contact), so a citizen
    // registers it before the operator's first start.
    const { caller } = callerFor(deps, null);
    await caller.auth.signUp({
      fullName: 'Not The Operator',
      email: 'chief@codka.example',
      password: 'mine-123',
    });
    const citizen = deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'chief@codka.example'))
      .get();
    const env = testEnv({ ADMIN_EMAIL: 'chief@codka.example', ADMIN_PASSWORD: 'the-operators-password' });

    const refusal = prepareDatabase(deps.db, env, log);
    await expect(refusal).rejects.toBeInstanceOf(ConfiguredAdminRefused);
    await expect(refusal).rejects.toThrow(/^ADMIN_EMAIL chief@codka\.example already belongs to an account/);
    expect(roleOf(deps.db, citizen?.id ?? '')).toEqual({ role: null, isActive: true });
    const again = await callerFor(deps, null).caller.auth.signIn({
      email: 'chief@codka.example',
      password: 'mine-123',
    });
    expect(signedInUser(again).isAdmin).toBe(false);
  });

  it('promotes an existing ADMIN_EMAIL account when ADMIN_PASSWORD is its own password', async () => {
    const db = createTestDb();
    const existing = await createUser(db, { password: 'operators-own-1' });
    await prepareDatabase(
      db,
      testEnv({ ADMIN_EMAIL: existing.email, ADMIN_PASSWORD: 'operators-own-1' }),
      log,
    );
    expect(roleOf(db, existing.id)).toEqual({ role: 'System Admin', isActive: true });
  });

  it('never promotes a deactivated account, even with its own password, and says so (review finding 8)', async () => {
    const db = createTestDb();
    const citizen = await createUser(db, { password: 'operators-own-1' });
    db.update(profiles).set({ isActive: false }).where(eq(profiles.userId, citizen.id)).run();

    expect(await ensureConfiguredAdmin(db, citizen.email, 'operators-own-1')).toBe('deactivatedAccount');
    const recorded = recordingLog();
    await prepareDatabase(
      db,
      testEnv({ ADMIN_EMAIL: citizen.email, ADMIN_PASSWORD: 'operators-own-1' }),
      recorded.logger,
    );
    expect(roleOf(db, citizen.id)).toEqual({ role: null, isActive: false });
    expect(recorded.text()).toContain(
      'The ADMIN_EMAIL account is deactivated, so it was not made a System Admin',
    );
  });

  it('leaves a System Admin deactivated by another admin deactivated across a restart, and says so', async () => {
    const { db, env, chief, other } = await configuredChief();
    setUserActive(db, chief?.profileId ?? '', false, other.id);

    const recorded = recordingLog();
    await prepareDatabase(db, env, recorded.logger);
    expect(roleOf(db, chief?.id ?? '')).toEqual({ role: 'System Admin', isActive: false });
    expect(recorded.text()).toContain('The ADMIN_EMAIL System Admin is deactivated and stays so');
  });

  it('does not give the role back to a configured admin whose role another admin removed, and says so', async () => {
    const { db, env, chief, other } = await configuredChief();
    updateUser(
      db,
      { id: chief?.profileId ?? '', fullName: 'Chief', phone: null, role: null, isActive: true },
      other.id,
    );

    const recorded = recordingLog();
    await prepareDatabase(db, env, recorded.logger);
    expect(roleOf(db, chief?.id ?? '')).toEqual({ role: null, isActive: true });
    expect(recorded.text()).toContain('is no longer a System Admin and stays so');
  });

  it('the server refuses to start (non-zero exit, naming ADMIN_EMAIL) over a citizen’s account', async () => {
    const databasePath = join(folder, 'refuse', 'codka.db');
    const db = createDb(databasePath);
    migrateDb(db);
    const citizen = await createUser(db, { email: 'chief@codka.example', password: 'mine-123' });
    closeDb(db);

    const run = spawnSync(process.execPath, serverEntryArgs('sources'), {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        DATABASE_PATH: databasePath,
        UPLOADS_DIR: join(folder, 'refuse', 'uploads'),
        HOST: '127.0.0.1',
        PORT: '39999',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
        ADMIN_EMAIL: 'chief@codka.example',
        ADMIN_PASSWORD: 'the-operators-password',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('ADMIN_EMAIL chief@codka.example already belongs to an account');
    const after = createDb(databasePath);
    expect(roleOf(after, citizen.id)?.role).toBeNull();
    closeDb(after);
  }, 40_000);
});
