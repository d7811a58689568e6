import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { serverSecrets } from './schema';

const cache = new WeakMap<Db, Map<string, Buffer>>();

/**
 * A named server key: 32 random bytes made on first use and kept in server_secrets, so keyed hashes stay
 * comparable across restarts while what they hash (an address, a date of birth) is never stored. Read once
 * per database and name.
 */
export function serverSecret(db: Db, name: string): Buffer {
  let keys = cache.get(db);
  if (!keys) {
    keys = new Map();
    cache.set(db, keys);
  }
  const cached = keys.get(name);
  if (cached) return cached;
  // INSERT OR IGNORE: if two first uses race, one key wins and both read it back.
  db.insert(serverSecrets)
    .values({ name, value: randomBytes(32) })
    .onConflictDoNothing()
    .run();
  const row = db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name))
    .get();
  if (!row) throw new Error(`server secret ${name} could not be created`);
  keys.set(name, row.value);
  return row.value;
}

/** HMAC-SHA256 (hex) of a value under the named key: equal values give equal hashes, which reveal nothing. */
export function keyedHash(db: Db, keyName: string, value: string): string {
  return createHmac('sha256', serverSecret(db, keyName)).update(value).digest('hex');
}
