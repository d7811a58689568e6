import type { Db } from '@server/db/client';
import { keyedHash } from '@server/db/keys';

/** HMAC-SHA256 of a client address: the same address always gives the same hash, which reveals nothing. */
export function pollIpHash(db: Db, address: string): string {
  return keyedHash(db, 'poll-ip-hmac', address);
}
