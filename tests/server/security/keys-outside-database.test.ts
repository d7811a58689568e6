import { createHmac } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '@server/cli/main';
import { checkoutRuntime } from '@server/cli/runtime';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const folder = mkdtempSync(join(tmpdir(), 'codka-keys-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let complained: string[] = [];
beforeEach(() => {
  complained = [];
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation((text: string) => void complained.push(String(text)));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

const run = (...argv: string[]) => runCli(argv, checkoutRuntime());

/** A deployment of its own, named through the environment as an operator would. */
function databaseFor(name: string): string {
  const path = join(folder, name, 'codka.db');
  vi.stubEnv('DATABASE_PATH', path);
  vi.stubEnv('UPLOADS_DIR', join(folder, name, 'uploads'));
  vi.stubEnv('KEYS_FILE', '');
  return path;
}

/**
 * A deployment that has started once: its database and its key file. `migrate` opens the database as every
 * command and the server's start do (the same migrations, then the same key file check), without seeding the
 * demo, which costs seconds and none of these tests reads.
 */
async function startedDeployment(name: string): Promise<string> {
  const path = databaseFor(name);
  expect(await run('migrate')).toBe(0);
  return path;
}

let seeded: Promise<{ backup: string; keysFile: string }> | undefined;
/**
 * The demo seeded (its imported roll has dates of birth) and backed up once for the file: the tests that read it
 * change neither the deployment nor its backup. Returns the backup's path and the deployment's key file.
 */
function seededBackup(): Promise<{ backup: string; keysFile: string }> {
  seeded ??= (async () => {
    databaseFor('seeded');
    expect(await run('seed')).toBe(0);
    const out = join(folder, 'seeded', 'stolen');
    expect(await run('backup', '--out', out)).toBe(0);
    const [file] = readdirSync(out).filter((entry) => entry.endsWith('.db'));
    return { backup: join(out, String(file)), keysFile: join(folder, 'seeded', 'codka.keys') };
  })();
  return seeded;
}

/** Every value of every table in a file: what someone holding only the backup can read. */
function everyValue(path: string): unknown[] {
  const db = new Database(path, { readonly: true });
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
      .pluck()
      .all() as string[];
    return tables.flatMap((table) =>
      (db.prepare(`SELECT * FROM "${table}"`).raw().all() as unknown[][]).flat(),
    );
  } finally {
    db.close();
  }
}

/** Every date from 1940 to 2010, as the roll writes them. */
function everyDate(): string[] {
  const dates: string[] = [];
  for (let day = Date.UTC(1940, 0, 1); day <= Date.UTC(2010, 11, 31); day += 86_400_000) {
    dates.push(new Date(day).toISOString().slice(0, 10));
  }
  return dates;
}

describe('keys outside the database (the attack: a stolen backup)', () => {
  it('a stolen backup cannot confirm a birth date by hashing candidates under any key it holds', async () => {
    const { backup } = await seededBackup();
    const values = everyValue(backup);
    // Every stored byte string of a key's size: 16 bytes up to SHA-256's block (a longer HMAC key is hashed
    // first, and the archive's chunks, thousands of bytes each, are ballots and setups, not keys).
    const candidateKeys = values.filter(
      (value): value is Buffer => Buffer.isBuffer(value) && value.length >= 16 && value.length <= 64,
    );
    expect(candidateKeys.length).toBeGreaterThan(0);
    const db = new Database(backup, { readonly: true });
    const target = db
      .prepare('SELECT date_of_birth_hash FROM voters WHERE date_of_birth_hash IS NOT NULL LIMIT 1')
      .pluck()
      .get() as string;
    db.close();
    expect(target).toMatch(/^[0-9a-f]{64}$/);
    const dates = everyDate();
    const confirmed = candidateKeys.some((key) =>
      dates.some((date) => createHmac('sha256', key).update(date).digest('hex') === target),
    );
    expect(confirmed).toBe(false);
  });

  it('the key file is made 0600 beside the database, and none of its keys is in the backup', async () => {
    const { backup, keysFile } = await seededBackup();
    expect(existsSync(keysFile)).toBe(true);
    expect(statSync(keysFile).mode & 0o777).toBe(0o600);
    const { keys } = JSON.parse(readFileSync(keysFile, 'utf8')) as { keys: Record<string, string> };
    expect(Object.keys(keys)).toEqual(
      expect.arrayContaining([
        'voter-date-of-birth-hmac',
        'poll-ip-hmac',
        'enrollment-code-hmac',
        'enrollment-code-source',
        'phone-code-hmac',
      ]),
    );
    const bytes = readFileSync(backup);
    for (const key of Object.values(keys)) {
      const raw = Buffer.from(key, 'base64');
      expect(bytes.includes(raw)).toBe(false);
      expect(bytes.includes(Buffer.from(raw.toString('hex')))).toBe(false);
      expect(bytes.includes(Buffer.from(key))).toBe(false);
    }
  });
});

describe('the key file at start', () => {
  it('refuses a key file others can read, and a malformed one, naming the file', async () => {
    await startedDeployment('loose');
    const keysFile = join(folder, 'loose', 'codka.keys');
    chmodSync(keysFile, 0o644);
    expect(await run('seed')).toBe(1);
    expect(complained.join('\n')).toContain(`chmod 600 ${keysFile}`);
    writeFileSync(keysFile, '{"format":"codka-keys-1","keys":{"poll-ip-hmac":"c2hvcnQ="}}');
    chmodSync(keysFile, 0o600);
    expect(await run('seed')).toBe(1);
    expect(complained.join('\n')).toContain('is damaged: poll-ip-hmac');
    writeFileSync(keysFile, 'not json');
    expect(await run('seed')).toBe(1);
    expect(complained.join('\n')).toContain('is not valid JSON');
  });

  it('refuses to start a database whose key file is missing, instead of making new keys that match nothing', async () => {
    await startedDeployment('lost-key');
    rmSync(join(folder, 'lost-key', 'codka.keys'));
    expect(await run('seed')).toBe(1);
    expect(complained.join('\n')).toContain('There is no key file at');
    expect(existsSync(join(folder, 'lost-key', 'codka.keys'))).toBe(false);
  });

  it("refuses another database's key file (the key check value differs)", async () => {
    await startedDeployment('first');
    const path = await startedDeployment('second');
    vi.stubEnv('KEYS_FILE', join(folder, 'first', 'codka.keys'));
    vi.stubEnv('DATABASE_PATH', path);
    expect(await run('seed')).toBe(1);
    expect(complained.join('\n')).toContain('is not this database');
  });
});

describe('codka check and the key file', () => {
  it('passes with the key file, fails when it is missing or loose (before the start would)', async () => {
    await startedDeployment('checked');
    const keysFile = join(folder, 'checked', 'codka.keys');
    const printed: string[] = [];
    vi.mocked(console.log).mockImplementation((text: string) => void printed.push(String(text)));
    expect(await run('check')).toBe(0);
    expect(printed.join('\n')).toContain(`key file: ${keysFile} is readable by its owner only`);
    chmodSync(keysFile, 0o640);
    expect(await run('check')).toBe(1);
    expect(printed.join('\n')).toMatch(/FAIL\s+key file: .*chmod 600/);
    rmSync(keysFile);
    expect(await run('check')).toBe(1);
    expect(printed.join('\n')).toMatch(/FAIL\s+key file: There is no key file at/);
  });
});

describe('restore and the key file', () => {
  it('refuses a backup on a machine without its key file, and restores once the key file is copied', async () => {
    const { backup, keysFile } = await seededBackup();
    databaseFor('new-machine');
    expect(await run('restore', backup)).toBe(1);
    expect(complained.join('\n')).toContain('copy the key file');
    expect(existsSync(join(folder, 'new-machine', 'codka.db'))).toBe(false);
    mkdirSync(join(folder, 'new-machine'), { recursive: true });
    const copied = join(folder, 'new-machine', 'codka.keys');
    writeFileSync(copied, readFileSync(keysFile), { mode: 0o600 });
    expect(await run('restore', backup)).toBe(0);
    // The restored database starts with the copied key: the seed run is a start like any other.
    expect(await run('seed')).toBe(0);
  });

  it("refuses a backup over another deployment's key file", async () => {
    const { backup } = await seededBackup();
    await startedDeployment('other-site');
    expect(await run('restore', backup)).toBe(1);
    expect(complained.join('\n')).toContain('is not this database');
  });
});

describe('an existing deployment whose keys are in the database', () => {
  it('moves them to the key file at start, so every hash stays valid, and removes them from the database', async () => {
    const path = await startedDeployment('legacy');
    const keysFile = join(folder, 'legacy', 'codka.keys');
    const { keys } = JSON.parse(readFileSync(keysFile, 'utf8')) as { keys: Record<string, string> };
    // The database as an older version left it: the keys in server_secrets, no key file, no check values.
    const db = new Database(path);
    db.prepare('DELETE FROM key_checks').run();
    const insert = db.prepare('INSERT INTO server_secrets (name, value) VALUES (?, ?)');
    for (const [name, key] of Object.entries(keys)) insert.run(name, Buffer.from(key, 'base64'));
    db.close();
    rmSync(keysFile);

    expect(await run('migrate')).toBe(0);
    const moved = JSON.parse(readFileSync(keysFile, 'utf8')) as { keys: Record<string, string> };
    expect(moved.keys).toEqual(keys);
    expect(statSync(keysFile).mode & 0o777).toBe(0o600);
    const after = new Database(path);
    expect(after.prepare('SELECT count(*) FROM server_secrets').pluck().get()).toBe(0);
    expect(after.prepare('SELECT count(*) FROM key_checks').pluck().get()).toBe(Object.keys(keys).length);
    after.pragma('wal_checkpoint(TRUNCATE)');
    after.close();
    const bytes = readFileSync(path);
    for (const key of Object.values(keys)) expect(bytes.includes(Buffer.from(key, 'base64'))).toBe(false);
  });

  it('refuses to start when the database holds a key the key file contradicts, and loses neither', async () => {
    const path = await startedDeployment('conflict');
    const db = new Database(path);
    db.prepare('INSERT INTO server_secrets (name, value) VALUES (?, ?)').run(
      'poll-ip-hmac',
      Buffer.alloc(32, 7),
    );
    db.close();
    expect(await run('seed')).toBe(1);
    expect(complained.join('\n')).toContain('holds another poll-ip-hmac than the database');
    const kept = new Database(path, { readonly: true });
    expect(kept.prepare('SELECT count(*) FROM server_secrets').pluck().get()).toBe(1);
    kept.close();
  });
});
