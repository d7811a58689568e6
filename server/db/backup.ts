import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS_FOLDER } from './client';
import { keyMismatch, keyRecordsOf, readKeyFile } from './key-file';
import { KeyFileError } from './key-file-error';
import { schemaDifferences } from './schema-check';

/** Tables a Codka database has: a file without them is not one of our backups. */
const REQUIRED_TABLES = ['users', 'votes', 'poll_votes', '__drizzle_migrations'];

export class BackupError extends Error {}

export interface BackupSummary {
  path: string;
  bytes: number;
  votes: number;
  pollVotes: number;
  users: number;
  ms: number;
}

/** codka-2026-11-21T05-52-03-123Z.db: sortable, and free of the colons some file systems refuse. */
export function defaultBackupPath(databasePath: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/:/g, '-').replace('.', '-');
  return join(dirname(resolve(databasePath)), 'backups', `codka-${stamp}.db`);
}

/** Flushes a file, or a folder's entry list, to the disk: a backup is only a backup once it is there. */
function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Opens a database file and checks that it is whole (integrity_check) and a Codka database. With
 * `migrationsFolder` (a restore: the file comes from elsewhere) its triggers, views, indexes and tables must
 * also be exactly what the migrations it has applied make (schema-check.ts).
 */
export function inspectDatabase(path: string, migrationsFolder?: string): Omit<BackupSummary, 'ms' | 'path'> {
  if (!existsSync(path)) throw new BackupError(`${path} does not exist.`);
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${path} cannot be opened as a database: ${(error as Error).message}`);
  }
  try {
    // Nothing the file's own schema defines (a view's or trigger's functions) runs while it is inspected.
    db.pragma('trusted_schema = OFF');
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new BackupError(`${path} fails integrity_check: ${String(integrity)}`);
    const tables = new Set(
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[],
    );
    const missing = REQUIRED_TABLES.filter((table) => !tables.has(table));
    if (missing.length > 0) {
      throw new BackupError(`${path} is not a Codka database (no ${missing.join(', ')} table).`);
    }
    const differences = migrationsFolder ? schemaDifferences(db, migrationsFolder) : [];
    if (differences.length > 0) {
      throw new BackupError(
        `${path} has a schema Codka's migrations did not make (${differences.slice(0, 3).join('; ')}` +
          `${differences.length > 3 ? `; ${differences.length - 3} more` : ''}): it was not restored.`,
      );
    }
    const count = (table: string) => db.prepare(`SELECT count(*) FROM "${table}"`).pluck().get() as number;
    return {
      bytes: statSync(path).size,
      votes: count('votes'),
      pollVotes: count('poll_votes'),
      users: count('users'),
    };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${path} is damaged: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}

/**
 * An online, consistent copy while the server keeps writing: VACUUM INTO reads one snapshot inside a single
 * read transaction (in WAL mode writers go on meanwhile) and writes a compact single file. The copy is written
 * beside its final name, checked, fsynced, and only then renamed into place.
 */
export function backupDatabase(
  databasePath: string,
  destination = defaultBackupPath(databasePath),
): BackupSummary {
  const started = performance.now();
  const target = resolve(destination);
  if (!existsSync(databasePath)) throw new BackupError(`There is no database at ${databasePath}.`);
  if (existsSync(target)) throw new BackupError(`${target} already exists; choose another name.`);
  // A backup holds every account's password hash and every ballot: only the owner reads it. The folder is
  // made 0700 when we create it, and the default folder is brought to 0700 if an older version made it
  // wider; a folder the operator named is theirs to set.
  mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
  if (dirname(target) === dirname(defaultBackupPath(databasePath))) chmodSync(dirname(target), 0o700);
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  // Created empty with mode 0600 before SQLite writes into it (VACUUM INTO accepts an empty file), so the
  // copy is never readable by others, not even for a moment.
  closeSync(openSync(partial, 'wx', 0o600));
  const source = new Database(databasePath, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 10000');
    source.prepare('VACUUM INTO ?').run(partial);
  } finally {
    source.close();
  }
  try {
    const summary = inspectDatabase(partial);
    fsyncPath(partial);
    renameSync(partial, target);
    fsyncPath(dirname(target));
    return { path: target, ...summary, ms: Math.round(performance.now() - started) };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/**
 * True when another process has the database open. Leaving WAL mode needs the only connection, so the
 * attempt fails at once while the server runs; when it succeeds the WAL is folded into the file and removed,
 * which is what a file about to be replaced needs anyway.
 */
function inUse(databasePath: string): boolean {
  const db = new Database(databasePath, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('journal_mode = DELETE');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw error;
  } finally {
    db.close();
  }
}

export interface RestoreSummary extends Omit<BackupSummary, 'path'> {
  restoredFrom: string;
  databasePath: string;
  previousKeptAt: string | null;
}

/**
 * A backup restored without its key file would leave a server that refuses to start (or, worse, hashes that
 * never match): the key file at `keysFile` must be the one the backup's hashes were made with.
 */
function checkKeys(backupPath: string, keysFile: string): void {
  try {
    const keys = existsSync(keysFile) ? readKeyFile(keysFile) : null;
    const problem = keyMismatch(keys, keyRecordsOf(backupPath), keysFile);
    if (problem) throw new BackupError(`${problem} Nothing was restored.`);
  } catch (error) {
    if (error instanceof KeyFileError) throw new BackupError(`${error.message} Nothing was restored.`);
    throw error;
  }
}

export interface RestoreOptions {
  migrationsFolder?: string;
  /** The key file the server will use (env.KEYS_FILE); when given, a backup it does not fit is refused. */
  keysFile?: string;
  now?: Date;
}

/**
 * Puts a backup back: refuses a file that is damaged, not a Codka database or with a schema of its own (a
 * trigger, a changed default: schema-check.ts), a backup whose hashes were made with keys other than the key
 * file's, and refuses while the server has the database open. The backup is copied beside the database,
 * checked and fsynced, the current file is kept under another name, and the copy is renamed over it in one
 * step, so the database is never half-written.
 */
export async function restoreDatabase(
  backupPath: string,
  databasePath: string,
  { migrationsFolder = MIGRATIONS_FOLDER, keysFile, now = new Date() }: RestoreOptions = {},
): Promise<RestoreSummary> {
  const started = performance.now();
  const source = resolve(backupPath);
  const target = resolve(databasePath);
  inspectDatabase(source, migrationsFolder);
  if (keysFile) checkKeys(source, keysFile);
  mkdirSync(dirname(target), { recursive: true });
  const exists = existsSync(target);
  if (exists && inUse(target)) {
    throw new BackupError(
      `The database ${target} is in use: stop the server (or anything else that has it open), then restore again.`,
    );
  }
  const staging = join(dirname(target), `.${basename(target)}.restoring`);
  rmSync(staging, { force: true });
  await copyFile(source, staging);
  let summary: Omit<BackupSummary, 'ms' | 'path'>;
  try {
    summary = inspectDatabase(staging, migrationsFolder);
    fsyncPath(staging);
  } catch (error) {
    rmSync(staging, { force: true });
    throw error;
  }
  // A WAL left beside the database belongs to the old file and must never be replayed into the new one.
  for (const suffix of ['-wal', '-shm', '-journal']) rmSync(`${target}${suffix}`, { force: true });
  let previousKeptAt: string | null = null;
  if (exists) {
    previousKeptAt = `${target}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    try {
      linkSync(target, previousKeptAt);
    } catch {
      // File systems without hard links get a copy instead.
      await copyFile(target, previousKeptAt);
    }
  }
  renameSync(staging, target);
  fsyncPath(dirname(target));
  return {
    restoredFrom: source,
    databasePath: target,
    previousKeptAt,
    ...summary,
    ms: Math.round(performance.now() - started),
  };
}
