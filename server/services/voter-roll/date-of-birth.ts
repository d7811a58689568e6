import type { Db } from '@server/db/client';
import { keyedHash } from '@server/db/keys';

/**
 * The roll keeps a date of birth only as a keyed hash: enough to check a citizen's claim of an
 * imported entry, useless to anyone who copies the database without the key. The date is 'YYYY-MM-DD'
 * (already validated); the import and the claim both hash through here, so they always agree.
 */
export function dateOfBirthHash(db: Db, isoDate: string): string {
  return keyedHash(db, 'voter-date-of-birth-hmac', isoDate);
}
