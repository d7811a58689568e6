import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import type { Db } from './client';
import { KeyFileError } from './key-file-error';
import { attachKeys, KEY_BYTES, KEY_NAMES, type Keys, keyCheckValue } from './keys';
import { keyChecks, serverSecrets } from './schema';

const FORMAT = 'codka-keys-1';

/**
 * Reads a key file: JSON `{ "format": "codka-keys-1", "keys": { name: base64 of 32 bytes } }`, readable by its
 * owner only. A looser mode or any other content is refused rather than half used.
 */
export function readKeyFile(path: string): Map<string, Buffer> {
  const mode = statSync(path).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new KeyFileError(
      `The key file ${path} can be read by others (mode ${mode.toString(8).padStart(4, '0')}): run chmod 600 ${path}.`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new KeyFileError(`The key file ${path} is not valid JSON.`);
  }
  const { format, keys } = (parsed ?? {}) as { format?: unknown; keys?: unknown };
  if (format !== FORMAT || typeof keys !== 'object' || keys === null || Array.isArray(keys)) {
    throw new KeyFileError(`The key file ${path} is not a Codka key file (format ${FORMAT}).`);
  }
  const result = new Map<string, Buffer>();
  for (const [name, value] of Object.entries(keys)) {
    const key =
      typeof value === 'string' && /^[A-Za-z0-9+/]+={0,2}$/.test(value) ? Buffer.from(value, 'base64') : null;
    if (!key || key.length !== KEY_BYTES) {
      throw new KeyFileError(`The key file ${path} is damaged: ${name} is not ${KEY_BYTES} bytes in base64.`);
    }
    result.set(name, key);
  }
  return result;
}

/** Writes the key file whole or not at all: a 0600 file beside it, flushed, then renamed into place. */
export function writeKeyFile(path: string, keys: Keys): void {
  const target = resolve(path);
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  const content = JSON.stringify(
    {
      format: FORMAT,
      keys: Object.fromEntries([...keys].map(([name, key]) => [name, key.toString('base64')])),
    },
    null,
    2,
  );
  const fd = openSync(partial, 'wx', 0o600);
  try {
    writeSync(fd, `${content}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, target);
  const folder = openSync(dirname(target), 'r');
  try {
    fsyncSync(folder);
  } finally {
    closeSync(folder);
  }
}

/** What a database holds about its keys: the rows of the old server_secrets table and the check values. */
export interface DatabaseKeyRecords {
  legacy: { name: string; value: Buffer }[];
  checks: { name: string; checkValue: string }[];
}

/**
 * Why `keys` (null: no key file) cannot serve a database holding `records`, or null when they fit. The check
 * values decide; an old key still in the database must be the file's key of that name.
 */
export function keyMismatch(keys: Keys | null, records: DatabaseKeyRecords, path: string): string | null {
  const legacy = new Map(records.legacy.map((row) => [row.name, row.value]));
  for (const [name, value] of legacy) {
    const key = keys?.get(name);
    if (key && !key.equals(value)) {
      return `The key file ${path} holds another ${name} than the database: the database's keys were never moved there.`;
    }
  }
  for (const check of records.checks) {
    const key = keys?.get(check.name) ?? legacy.get(check.name);
    if (!key) {
      return keys
        ? `The key file ${path} has no ${check.name}, which this database's hashes were made with.`
        : `There is no key file at ${path}, and this database's hashes were made with one: copy the key file ` +
            'from the machine the database comes from (docs/backups.md), or set KEYS_FILE to where it is.';
    }
    if (keyCheckValue(key) !== check.checkValue) {
      return `The key file ${path} is not this database's (its ${check.name} does not match): copy the key file from the machine the database comes from (docs/backups.md).`;
    }
  }
  return null;
}

/** The key check values (and any key not yet moved out) a database file holds; older files lack either table. */
export function keyRecordsOf(path: string): DatabaseKeyRecords {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const has = (table: string) =>
      db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;
    return {
      legacy: has('server_secrets')
        ? (db.prepare('SELECT name, value FROM server_secrets').all() as DatabaseKeyRecords['legacy'])
        : [],
      checks: has('key_checks')
        ? (db
            .prepare('SELECT name, check_value AS checkValue FROM key_checks')
            .all() as DatabaseKeyRecords['checks'])
        : [],
    };
  } finally {
    db.close();
  }
}

/**
 * At start, right after the migrations: reads the key file (creating it when missing), moves any key still
 * in the database into it, refuses a key file that is not this database's, and gives the database its keys.
 * The order never loses a key: the file is on disk before the database forgets its copy.
 */
export function loadKeys(db: Db, path: string): Keys {
  const records: DatabaseKeyRecords = {
    legacy: db.select({ name: serverSecrets.name, value: serverSecrets.value }).from(serverSecrets).all(),
    checks: db.select().from(keyChecks).all(),
  };
  const existing = existsSync(path) ? readKeyFile(path) : null;
  const problem = keyMismatch(existing, records, path);
  if (problem) throw new KeyFileError(problem);
  const keys = new Map(existing ?? []);
  for (const row of records.legacy) keys.set(row.name, row.value);
  for (const name of KEY_NAMES) {
    if (!keys.has(name)) keys.set(name, randomBytes(KEY_BYTES));
  }
  const changed = !existing || keys.size !== existing.size;
  if (changed) writeKeyFile(path, keys);
  const known = new Set(records.checks.map((check) => check.name));
  // The old rows are overwritten on disk, not only unlinked: freed pages would otherwise keep the keys.
  const secureDelete = db.$client.pragma('secure_delete', { simple: true });
  db.$client.pragma('secure_delete = ON');
  try {
    db.transaction((tx) => {
      for (const [name, key] of keys) {
        if (!known.has(name))
          tx.insert(keyChecks)
            .values({ name, checkValue: keyCheckValue(key) })
            .run();
      }
      tx.delete(serverSecrets).run();
    });
  } finally {
    db.$client.pragma(`secure_delete = ${Number(secureDelete)}`);
  }
  attachKeys(db, keys);
  return keys;
}
