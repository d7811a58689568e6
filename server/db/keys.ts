import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from './client';

/**
 * The named keys behind every keyed hash. They live in the key file (key-file.ts), never in the database, so a
 * copy of the database or of a backup cannot confirm a guessed date of birth or address by hashing it.
 */
export const KEY_NAMES = [
  'voter-date-of-birth-hmac',
  'poll-ip-hmac',
  'enrollment-code-hmac',
  'enrollment-code-source',
  'phone-code-hmac',
  'phone-number-hmac',
  'belenios-credential-source',
] as const;
export type KeyName = (typeof KEY_NAMES)[number];
export type Keys = ReadonlyMap<string, Buffer>;

export const KEY_BYTES = 32;

/** Fresh keys for every name: a new deployment, or a test's private database. */
export function randomKeys(): Map<string, Buffer> {
  return new Map(KEY_NAMES.map((name) => [name, randomBytes(KEY_BYTES)]));
}

/**
 * A value kept in the database beside the data hashed under a key: an HMAC of a fixed label, which tells
 * whether a key file belongs to this database and says nothing about the key itself.
 */
export function keyCheckValue(key: Buffer): string {
  return createHmac('sha256', key).update('codka key check').digest('hex');
}

const attached = new WeakMap<Db, Keys>();

/** Gives an open database the keys its hashes are made with; done once, right after migrating. */
export function attachKeys(db: Db, keys: Keys): void {
  attached.set(db, keys);
}

function keyOf(db: Db, keyName: KeyName): Buffer {
  const key = attached.get(db)?.get(keyName);
  if (!key) throw new Error(`the key ${keyName} is not loaded: open the database with its key file first`);
  return key;
}

/** HMAC-SHA256 (hex) of a value under the named key: equal values give equal hashes, which reveal nothing. */
export function keyedHash(db: Db, keyName: KeyName, value: string): string {
  return createHmac('sha256', keyOf(db, keyName)).update(value).digest('hex');
}

/** HMAC-SHA256 (32 raw bytes) of a value under the named key: secret values the server can make again. */
export function keyedBytes(db: Db, keyName: KeyName, value: string): Buffer {
  return createHmac('sha256', keyOf(db, keyName)).update(value).digest();
}
