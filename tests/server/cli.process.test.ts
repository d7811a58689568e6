import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '@server/cli/main';
import { checkoutRuntime } from '@server/cli/runtime';
import { createDb } from '@server/db/client';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAdmin } from '../helpers/factories';
import { REPO_ROOT, serverEntryArgs } from '../helpers/security/server-process';

const folder = mkdtempSync(join(tmpdir(), 'codka-cli-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let printed: string[] = [];
let complained: string[] = [];
beforeEach(() => {
  printed = [];
  complained = [];
  vi.spyOn(console, 'log').mockImplementation((text: string) => void printed.push(String(text)));
  vi.spyOn(console, 'error').mockImplementation((text: string) => void complained.push(String(text)));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

const run = (...argv: string[]) => runCli(argv, checkoutRuntime());

/** A database of its own for each test, named through the environment like an operator would. */
function useDatabase(name: string): string {
  const path = join(folder, name, 'codka.db');
  vi.stubEnv('DATABASE_PATH', path);
  vi.stubEnv('UPLOADS_DIR', join(folder, name, 'uploads'));
  return path;
}

describe('codka command line', () => {
  it('names a bad flag, a missing argument or an unknown command, with exit code 2', async () => {
    expect(await run('backup', '--bogus')).toBe(2);
    expect(complained.join('\n')).toContain(
      "codka backup: unknown option --bogus. See 'codka backup --help'.",
    );
    expect(await run('restore')).toBe(2);
    expect(complained.join('\n')).toContain('codka restore: expects FILE');
    expect(await run('create-admin')).toBe(2);
    expect(complained.join('\n')).toContain('--email is required');
    expect(await run('frobnicate')).toBe(2);
    expect(complained.join('\n')).toContain("codka: unknown command 'frobnicate'");
    expect(await run('--port', '80')).toBe(2);
    expect(complained.join('\n')).toContain('codka serve: unknown option --port');
  });

  it('has --help on every command, and prints the exit codes', async () => {
    for (const command of [
      'serve',
      'migrate',
      'seed',
      'backup',
      'restore',
      'create-admin',
      'check',
      'version',
    ]) {
      expect(await run(command, '--help')).toBe(0);
      expect(printed.at(-1)).toContain(`Usage: codka`);
      expect(printed.at(-1)).toContain('Exit codes: 0 done');
    }
    expect(await run('--help')).toBe(0);
    expect(printed.at(-1)).toContain('create-admin');
  });

  it('names a bad variable with exit code 3, from the environment or from --env-file', async () => {
    vi.stubEnv('PORT', 'eighty');
    expect(await run('check')).toBe(3);
    expect(complained.join('\n')).toMatch(/PORT: /);
    vi.stubEnv('PORT', '');
    const envFile = join(folder, 'typo.env');
    writeFileSync(envFile, 'PUBLC_ORIGIN=https://codka.so\n');
    expect(await run('check', '--env-file', envFile)).toBe(3);
    expect(complained.join('\n')).toContain(`--env-file ${envFile}: unknown variable PUBLC_ORIGIN`);
    expect(await run('check', '--env-file', join(folder, 'missing.env'))).toBe(3);
    expect(complained.join('\n')).toContain('cannot be read (ENOENT)');
  });

  it('reads --env-file, the environment winning over the file', async () => {
    const envFile = join(folder, 'site.env');
    writeFileSync(envFile, `# the site\nDATABASE_PATH=${join(folder, 'from-file', 'codka.db')}\nPORT=4100\n`);
    vi.stubEnv('PORT', '4200');
    expect(await run('check', '--env-file', envFile)).toBe(0);
    expect(printed.join('\n')).toContain(
      `listening on 0.0.0.0:4200, database ${join(folder, 'from-file', 'codka.db')}`,
    );
  });

  it('refuses a production start on plain http off loopback, and says why', async () => {
    useDatabase('plain-http');
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('PUBLIC_ORIGIN', 'http://codka.example');
    expect(await run('check')).toBe(3);
    expect(complained.join('\n')).toContain('http://codka.example is plain http');
    expect(complained.join('\n')).toContain('ALLOW_HTTP=true');
    vi.stubEnv('ALLOW_HTTP', 'true');
    expect(await run('check')).toBe(0);
  });

  it('says whether staff must sign in with an authenticator: a warning when optional, never a failure', async () => {
    useDatabase('staff-two-factor');
    vi.stubEnv('STAFF_TWO_FACTOR', 'optional');
    expect(await run('check')).toBe(0);
    expect(printed.join('\n')).toMatch(/WARN {2}staff two-factor: STAFF_TWO_FACTOR=optional/);
    vi.stubEnv('STAFF_TWO_FACTOR', 'required');
    expect(await run('check')).toBe(0);
    expect(printed.join('\n')).toMatch(/OK {4}staff two-factor: STAFF_TWO_FACTOR=required/);
    vi.stubEnv('STAFF_TWO_FACTOR', 'sometimes');
    expect(await run('check')).toBe(3);
    expect(complained.join('\n')).toContain('STAFF_TWO_FACTOR');
  });

  it('migrates, checks, backs up into --out and restores', async () => {
    const databasePath = useDatabase('cycle');
    expect(await run('check')).toBe(0);
    expect(printed.join('\n')).toContain('database: none yet');
    expect(await run('migrate')).toBe(0);
    expect(printed.at(-1)).toMatch(/: \d+ new, \d+ in all\.$/);
    expect(await run('check')).toBe(0);
    expect(printed.join('\n')).toMatch(/OK {4}database integrity: integrity_check ok/);
    expect(printed.join('\n')).toMatch(/OK {4}migrations: all \d+ applied/);
    expect(printed.join('\n')).toMatch(/OK {4}native modules .*better-sqlite3, argon2 and sharp/);

    const out = join(folder, 'cycle-backups');
    expect(await run('backup', '--out', out)).toBe(0);
    const [copy] = readdirSync(out);
    expect(printed.at(-1)).toContain(join(out, String(copy)));
    expect(await run('restore', join(out, String(copy)))).toBe(0);
    expect(printed.join('\n')).toContain(`Restored ${databasePath}`);
    expect(await run('restore', join(out, 'nothing.db'))).toBe(1);
    expect(complained.at(-1)).toMatch(/^codka restore: /);
  });

  it('warns in check when fewer than two active System Admins could confirm each other’s requests', async () => {
    const databasePath = useDatabase('admins');
    await run('migrate');
    expect(await run('check')).toBe(0);
    expect(printed.join('\n')).toMatch(/WARN {2}System Admins: 0 active; a deployment needs at least two/);
    const db = createDb(databasePath);
    try {
      await createAdmin(db);
      await createAdmin(db, { isActive: false });
    } finally {
      db.$client.close();
    }
    printed = [];
    await run('check');
    expect(printed.join('\n')).toMatch(/WARN {2}System Admins: 1 active; .*codka create-admin --email E/);
    const again = createDb(databasePath);
    try {
      await createAdmin(again);
    } finally {
      again.$client.close();
    }
    printed = [];
    await run('check');
    expect(printed.join('\n')).toMatch(/OK {4}System Admins: 2 active/);
  });

  it('fails check on a database that is not one', async () => {
    const databasePath = useDatabase('broken');
    await run('migrate');
    writeFileSync(databasePath, 'not a database at all, just words '.repeat(200));
    expect(await run('check')).toBe(1);
    expect(printed.join('\n')).toMatch(/FAIL {2}database/);
  });
});

describe('codka create-admin', () => {
  it('reads the password from standard input and creates the System Admin once', () => {
    const env = {
      PATH: process.env.PATH,
      DATABASE_PATH: join(folder, 'admin', 'codka.db'),
      LOG_LEVEL: 'silent',
    };
    const createAdmin = (password: string) =>
      spawnSync(
        process.execPath,
        [...serverEntryArgs('sources'), 'create-admin', '--email', 'Chief@Codka.example'],
        {
          cwd: REPO_ROOT,
          env,
          input: `${password}\n`,
          encoding: 'utf8',
          timeout: 30_000,
        },
      );
    const short = createAdmin('abc');
    expect(short.status).toBe(1);
    expect(short.stderr).toContain('the password must be 6 to 256 characters long; nothing was changed.');
    const created = createAdmin('a-long-password');
    expect(created.stdout).toContain('System Admin chief@codka.example created.');
    expect(created.status).toBe(0);
    const again = createAdmin('another-password');
    expect(again.stdout).toContain('chief@codka.example is already a System Admin; nothing was changed');
    expect(again.status).toBe(0);
  }, 60_000);
});
