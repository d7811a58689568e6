import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { unsupportedNodeMessage } from './node-version';
import * as schema from './schema';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** Where drizzle-kit writes migrations; resolved from the working directory (the project root). */
export const MIGRATIONS_FOLDER = resolve('drizzle');

/**
 * Opens (creating if needed) a SQLite database with the pragmas the app relies on.
 * `:memory:` gives a private database, as tests use; the bytes of a database (Database#serialize) give a private
 * in-memory copy of it.
 */
export function createDb(path: string | Buffer): Db {
  const unsupported = unsupportedNodeMessage(process.version);
  if (unsupported) throw new Error(unsupported);
  if (typeof path === 'string' && path !== ':memory:') {
    mkdirSync(dirname(resolve(path)), { recursive: true });
    // Password hashes, sessions and votes: a new database is readable by its owner only, and SQLite gives its
    // -wal and -shm files the database file's permissions.
    if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
  }
  const sqlite = new Database(path);
  // WAL lets readers go on while one writer commits; NORMAL sync is durable across process crashes in WAL mode.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return drizzle({ client: sqlite, schema }) as Db;
}

/**
 * `migrationsFolder`: the release executable keeps its migrations where it unpacked them. Foreign keys are off
 * while the migrations run, as SQLite's procedure for rebuilding a table asks (a migration's own PRAGMA is
 * ignored inside the migrator's transaction): with them on, dropping the old table would first delete every row
 * that references it. They are checked before they are turned on again, and a violation stops the start.
 */
export function migrateDb(db: Db, migrationsFolder = MIGRATIONS_FOLDER): void {
  db.$client.pragma('foreign_keys = OFF');
  try {
    migrate(db, { migrationsFolder });
    const broken = db.$client.pragma('foreign_key_check') as { table: string }[];
    if (broken.length > 0) {
      throw new Error(
        `after the migrations, ${broken.length} rows reference rows that do not exist (first in ${broken[0]?.table})`,
      );
    }
  } finally {
    db.$client.pragma('foreign_keys = ON');
  }
}

export function closeDb(db: Db): void {
  if (db.$client.open) db.$client.close();
}
