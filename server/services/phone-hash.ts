import type { Db } from '../db/client';
import { keyedHash } from '../db/keys';

/**
 * HMAC-SHA256 of a phone number in E.164: what poll votes and USSD sessions keep instead of the number, so a
 * copy of the database cannot list who voted by phone, yet one number always gives the same hash.
 */
export function phoneNumberHash(db: Db, e164: string): string {
  return keyedHash(db, 'phone-number-hmac', e164);
}
