import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { serverSecrets } from '../../db/schema';

const SECRET_NAME = 'poll-ip-hmac';
const secrets = new WeakMap<Db, Buffer>();

/**
 * The key for poll ip_hash values: 32 random bytes made on first use and kept in server_secrets, so
 * hashes stay comparable across restarts while the address itself is never stored. Read once per database.
 */
function pollIpSecret(db: Db): Buffer {
  const cached = secrets.get(db);
  if (cached) return cached;
  // INSERT OR IGNORE: if two first votes race, one key wins and both read it back.
  db.insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32) })
    .onConflictDoNothing()
    .run();
  const row = db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, SECRET_NAME))
    .get();
  if (!row) throw new Error(`server secret ${SECRET_NAME} could not be created`);
  secrets.set(db, row.value);
  return row.value;
}

/** HMAC-SHA256 of a client address: the same address always gives the same hash, which reveals nothing. */
export function pollIpHash(db: Db, address: string): string {
  return createHmac('sha256', pollIpSecret(db)).update(address).digest('hex');
}
