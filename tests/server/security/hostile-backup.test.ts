import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '@server/cli/main';
import { checkoutRuntime } from '@server/cli/runtime';
import { BackupError, inspectDatabase, restoreDatabase } from '@server/db/backup';
import { closeDb, createDb, MIGRATIONS_FOLDER, migrateDb } from '@server/db/client';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Review finding 6: `codka restore` took a file with triggers of its own (one that moves every vote to another
// candidate, one that makes every new profile a System Admin) and `codka check` called it healthy. The file's
// schema must be exactly what the migrations it has applied make.

const folder = mkdtempSync(join(tmpdir(), 'codka-hostile-backup-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A migrated database, then `sql` run on it by hand, as an attacker handing over a backup would. */
function backupWith(name: string, sql = '', migrationsFolder = MIGRATIONS_FOLDER): string {
  const path = join(folder, `${name}.db`);
  const db = createDb(path);
  migrateDb(db, migrationsFolder);
  if (sql) db.$client.exec(sql);
  db.$client.pragma('journal_mode = DELETE');
  closeDb(db);
  return path;
}

async function restoreRefusal(backup: string): Promise<string> {
  const target = join(folder, 'live', `${crypto.randomUUID()}.db`);
  closeDb(createDb(target));
  const before = readFileSync(target);
  const refusal = await restoreDatabase(backup, target).then(
    () => 'restored',
    (error: unknown) => (error instanceof BackupError ? error.message : String(error)),
  );
  expect(readFileSync(target).equals(before), 'the live database is untouched').toBe(true);
  return refusal;
}

/** Each attack, and the difference restore must name. */
const HOSTILE = {
  'moves votes': [
    `CREATE TRIGGER steer AFTER INSERT ON votes BEGIN
      UPDATE votes SET candidate_id = (SELECT id FROM candidates LIMIT 1) WHERE id = new.id; END;`,
    'trigger steer is not one the migrations make',
  ],
  'makes admins': [
    `CREATE TRIGGER crown AFTER INSERT ON profiles BEGIN
      UPDATE profiles SET role = 'System Admin' WHERE id = new.id; END;`,
    'trigger crown is not one the migrations make',
  ],
  'lets a citizen vote twice': [
    'DROP INDEX votes_user_election_unique;',
    'index votes_user_election_unique is missing',
  ],
  'changes an index': [
    `DROP INDEX votes_user_election_unique;
      CREATE UNIQUE INDEX votes_user_election_unique ON votes (user_id, election_id, candidate_id);`,
    'index votes_user_election_unique was changed',
  ],
  'adds a view': [
    'CREATE VIEW everyone AS SELECT * FROM users;',
    'view everyone is not one the migrations make',
  ],
  'watches the migrations': [
    'CREATE TRIGGER sneak AFTER INSERT ON __drizzle_migrations BEGIN SELECT 1; END;',
    'trigger sneak is not one the migrations make',
  ],
} as const;

describe('a backup with a schema of its own', () => {
  for (const [attack, [sql, named]] of Object.entries(HOSTILE)) {
    it(`is refused by restore: one that ${attack}`, async () => {
      const refusal = await restoreRefusal(backupWith(attack.replace(/ /g, '-'), sql));
      expect(refusal).toContain(`has a schema Codka's migrations did not make (${named}`);
      expect(refusal).toContain('it was not restored.');
    });
  }

  it('is refused when a migration was changed by hand', async () => {
    const path = backupWith(
      'forged-migration',
      `UPDATE __drizzle_migrations SET hash = 'x'
      WHERE created_at = (SELECT min(created_at) FROM __drizzle_migrations);`,
    );
    expect(await restoreRefusal(path)).toContain('migration 1 (made ');
  });

  it('is failed by codka check', async () => {
    vi.stubEnv('DATABASE_PATH', backupWith('checked', HOSTILE['makes admins'][0]));
    vi.stubEnv('UPLOADS_DIR', join(folder, 'uploads'));
    expect(await runCli(['check'], checkoutRuntime())).toBe(1);
    expect(printed.join('\n')).toContain(
      "FAIL  database schema: not what Codka's migrations made: trigger crown is not one the migrations make",
    );
  });
});

describe('a genuine backup', () => {
  it('passes codka check', async () => {
    vi.stubEnv('DATABASE_PATH', backupWith('genuine'));
    vi.stubEnv('UPLOADS_DIR', join(folder, 'uploads'));
    await runCli(['check'], checkoutRuntime());
    expect(printed.join('\n')).toContain(
      "OK    database schema: triggers, views, indexes and tables are those of Codka's migrations",
    );
  });

  it('restores, also one made before the latest migrations (they apply at the next start)', async () => {
    const older = join(folder, 'older-migrations');
    cpSync(MIGRATIONS_FOLDER, older, { recursive: true });
    const journal = JSON.parse(readFileSync(join(older, 'meta', '_journal.json'), 'utf8'));
    journal.entries = journal.entries.slice(0, 3);
    writeFileSync(join(older, 'meta', '_journal.json'), JSON.stringify(journal));
    const backup = backupWith('older', '', older);
    expect(inspectDatabase(backup, MIGRATIONS_FOLDER).users).toBe(0);
    mkdirSync(join(folder, 'live'), { recursive: true });
    const restored = await restoreDatabase(backup, join(folder, 'live', 'older.db'));
    expect(restored.databasePath).toContain('older.db');
  });
});

let printed: string[] = [];
beforeEach(() => {
  printed = [];
  vi.spyOn(console, 'log').mockImplementation((text: string) => void printed.push(String(text)));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});
