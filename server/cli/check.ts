import { accessSync, constants, existsSync, statfsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { keyMismatch, keyRecordsOf, readKeyFile } from '../db/key-file';
import { KeyFileError } from '../db/key-file-error';
import { schemaDifferences } from '../db/schema-check';
import { EXIT } from './help';
import type { CommandInput } from './main';
import type { CheckLine } from './runtime';

/** Below this much free space the next backup or a busy day of votes may not fit. */
const DISK_FAIL_BYTES = 100 * 1024 * 1024;
const DISK_WARN_BYTES = 1024 * 1024 * 1024;

/** Migrations in `migrationsFolder` the database has not applied yet (drizzle compares creation times). */
export function pendingMigrations(databasePath: string, migrationsFolder: string) {
  const migrations = readMigrationFiles({ migrationsFolder });
  if (!existsSync(databasePath)) return { pending: migrations.length, total: migrations.length };
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    const table = db.prepare("SELECT 1 FROM sqlite_master WHERE name = '__drizzle_migrations'").get();
    const last = table
      ? ((db.prepare('SELECT max(created_at) AS at FROM __drizzle_migrations').get() as { at: number | null })
          .at ?? 0)
      : 0;
    return {
      pending: migrations.filter((migration) => migration.folderMillis > Number(last)).length,
      total: migrations.length,
    };
  } finally {
    db.close();
  }
}

/** `codka check`: one line per subject; exit 1 if any FAILs. Safe to run while the server runs. */
export async function check({ env, files, runtime }: CommandInput): Promise<number> {
  const lines: CheckLine[] = [
    {
      status: 'ok',
      subject: 'configuration',
      detail: `${env.PUBLIC_ORIGIN}, listening on ${env.HOST}:${env.PORT}, database ${env.DATABASE_PATH}`,
    },
    staffTwoFactorLine(env.STAFF_TWO_FACTOR),
    ...checkDatabase(env.DATABASE_PATH, files.migrationsFolder),
    checkKeyFile(env.DATABASE_PATH, env.KEYS_FILE),
    checkWritable('data folder', dirname(resolve(env.DATABASE_PATH))),
    checkWritable('uploads folder', resolve(env.UPLOADS_DIR)),
    checkDisk(env.DATABASE_PATH),
    ...(await runtime.checkNative(env)),
  ];
  for (const line of lines)
    console.log(`${line.status.toUpperCase().padEnd(4)}  ${line.subject}: ${line.detail}`);
  return lines.some((line) => line.status === 'fail') ? EXIT.failed : EXIT.done;
}

/** Whether staff sign in with an authenticator: optional is for a demo, so it is a warning, never a failure. */
function staffTwoFactorLine(setting: 'required' | 'optional'): CheckLine {
  return setting === 'required'
    ? {
        status: 'ok',
        subject: 'staff two-factor',
        detail: 'STAFF_TWO_FACTOR=required: every staff role signs in with an authenticator',
      }
    : {
        status: 'warn',
        subject: 'staff two-factor',
        detail:
          'STAFF_TWO_FACTOR=optional: staff accounts can use the staff tools with a password alone; set it to required for a real site',
      };
}

function checkDatabase(databasePath: string, migrationsFolder: string): CheckLine[] {
  if (!existsSync(databasePath)) {
    return [
      {
        status: 'ok',
        subject: 'database',
        detail: `none yet at ${databasePath}; codka migrate or serve creates it`,
      },
    ];
  }
  const lines: CheckLine[] = [];
  try {
    const db = new Database(databasePath, { readonly: true, fileMustExist: true });
    try {
      // Nothing the file's own schema defines runs while check reads it.
      db.pragma('trusted_schema = OFF');
      const result = db.pragma('integrity_check') as { integrity_check: string }[];
      const ok = result.length === 1 && result[0]?.integrity_check === 'ok';
      lines.push({
        status: ok ? 'ok' : 'fail',
        subject: 'database integrity',
        detail: ok
          ? 'integrity_check ok'
          : result
              .map((row) => row.integrity_check)
              .slice(0, 5)
              .join('; '),
      });
      // A trigger or default added by hand (a restored file from elsewhere) would act on every vote or sign-up.
      const differences = schemaDifferences(db, migrationsFolder);
      lines.push({
        status: differences.length > 0 ? 'fail' : 'ok',
        subject: 'database schema',
        detail:
          differences.length > 0
            ? `not what Codka's migrations made: ${differences.slice(0, 3).join('; ')}`
            : "triggers, views, indexes and tables are those of Codka's migrations",
      });
      lines.push(checkAdmins(db));
      lines.push(...cardCollisions(db));
      lines.push(...checkPollMonths(db));
    } finally {
      db.close();
    }
    const { pending, total } = pendingMigrations(databasePath, migrationsFolder);
    lines.push({
      status: pending > 0 ? 'warn' : 'ok',
      subject: 'migrations',
      detail:
        pending > 0
          ? `${pending} of ${total} pending; codka migrate (or the next start) applies them`
          : `all ${total} applied`,
    });
  } catch (error) {
    lines.push({
      status: 'fail',
      subject: 'database',
      detail: `${databasePath} cannot be read: ${String(error)}`,
    });
  }
  return lines;
}

/**
 * A roll import and a grant of a staff role wait for a second System Admin to confirm them: with fewer than two
 * active ones they wait for ever. Only the operator on the machine can add one (codka create-admin).
 */
function checkAdmins(db: Database.Database): CheckLine {
  const subject = 'System Admins';
  let active: number;
  try {
    active = db
      .prepare("SELECT count(*) FROM profiles WHERE role = 'System Admin' AND is_active = 1")
      .pluck()
      .get() as number;
  } catch {
    return { status: 'warn', subject, detail: 'cannot be counted before the migrations are applied' };
  }
  if (active >= 2) return { status: 'ok', subject, detail: `${active} active` };
  return {
    status: 'warn',
    subject,
    detail:
      `${active} active; a deployment needs at least two: a roll import or a new staff role waits for a second ` +
      'System Admin to confirm it. Add one with codka create-admin --email E',
  };
}

/**
 * Roll entries the canonical-card migration left unconverted: two stored spellings of one card. Reported, never
 * merged; an operator decides which entry is the voter's (and deletes or corrects the other).
 */
function cardCollisions(db: Database.Database): CheckLine[] {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'voter_card_collisions'").get();
  if (!table) return [];
  const rows = db
    .prepare(
      "SELECT canonical, group_concat(voter_card_number, ' and ') AS spellings FROM voter_card_collisions GROUP BY canonical",
    )
    .all() as { canonical: string; spellings: string }[];
  return [
    {
      status: rows.length > 0 ? 'warn' : 'ok',
      subject: 'voter cards',
      detail:
        rows.length > 0
          ? `${rows.length} card(s) entered twice in different spellings, not merged: ${rows
              .slice(0, 3)
              .map((row) => `${row.canonical} (${row.spellings})`)
              .join('; ')}; see table voter_card_collisions`
          : 'every card number is stored in its canonical form',
    },
  ];
}

/**
 * The key file (key-file.ts) as the next start will judge it: owner-only, well formed, and this database's.
 * Before the first start there is none, which is fine; a database whose hashes need one fails without it.
 */
function checkKeyFile(databasePath: string, keysFile: string): CheckLine {
  const subject = 'key file';
  try {
    const keys = existsSync(keysFile) ? readKeyFile(keysFile) : null;
    const problem = existsSync(databasePath) ? keyMismatch(keys, keyRecordsOf(databasePath), keysFile) : null;
    if (problem) return { status: 'fail', subject, detail: problem };
    return {
      status: 'ok',
      subject,
      detail: keys
        ? `${keysFile} is readable by its owner only and fits the database; keep a copy apart from the backups`
        : `none yet at ${keysFile}; the first start creates it`,
    };
  } catch (error) {
    if (error instanceof KeyFileError) return { status: 'fail', subject, detail: error.message };
    return { status: 'fail', subject, detail: `${keysFile} cannot be read: ${String(error)}` };
  }
}

/**
 * Polls the month-per-type migration found sharing a month with an earlier poll of their type: kept, never
 * published, for an admin to delete. None on a database made since.
 */
function checkPollMonths(db: Database.Database): CheckLine[] {
  const hasColumn = db
    .prepare("SELECT 1 FROM pragma_table_info('polls') WHERE name = 'duplicate_month'")
    .get();
  if (!hasColumn) return [];
  const duplicates = db
    .prepare(
      'SELECT title, election_type AS type, month_year AS month FROM polls WHERE duplicate_month = 1 ORDER BY month_year',
    )
    .all() as { title: string; type: string; month: string }[];
  return [
    {
      status: duplicates.length > 0 ? 'warn' : 'ok',
      subject: 'poll months',
      detail:
        duplicates.length > 0
          ? `${duplicates.length} poll(s) share a month with an earlier poll of their type and cannot be published; ` +
            `delete them from the admin console: ${duplicates.map((poll) => `"${poll.title}" (${poll.type}, ${poll.month})`).join('; ')}`
          : 'one poll of each type a month',
    },
  ];
}

/** The folder, or the nearest existing parent that would hold it, must be writable by this user. */
function checkWritable(subject: string, folder: string): CheckLine {
  let existing = folder;
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
  try {
    accessSync(existing, constants.W_OK);
    return {
      status: 'ok',
      subject,
      detail: existing === folder ? `${folder} is writable` : `${folder} can be created`,
    };
  } catch {
    return { status: 'fail', subject, detail: `${existing} is not writable by this user` };
  }
}

function checkDisk(databasePath: string): CheckLine {
  let folder = dirname(resolve(databasePath));
  while (!existsSync(folder) && dirname(folder) !== folder) folder = dirname(folder);
  const stats = statfsSync(folder);
  const free = stats.bavail * stats.bsize;
  const text = `${(free / 1024 ** 3).toFixed(1)} GB free on the data folder's disk`;
  if (free < DISK_FAIL_BYTES) return { status: 'fail', subject: 'free disk', detail: text };
  return { status: free < DISK_WARN_BYTES ? 'warn' : 'ok', subject: 'free disk', detail: text };
}
