import { isCredential } from '@shared/belenios';
import { BASE58 } from '@shared/belenios/credential';
import type { Db } from '../db/client';
import { keyedBytes } from '../db/keys';

/**
 * Codka as credential authority: a voter's private Belenios credential is derived from a key in the key file
 * (as enrollment codes are), never stored, so neither the database nor a backup holds one. The same voter in
 * the same election always gets the same credential; without the key file nobody can make it again.
 *
 * Belenios' form (its specification, section 4.8, and shared/belenios/credential.ts): 14 Base58 digits and a
 * checksum digit making their value a multiple of 53, written in groups of three. The core makes random ones;
 * this makes them from keyed bytes, with the same alphabet and checksum rule (checked by the core's isCredential).
 */
const DIGITS = 14;

export function derivedCredential(db: Db, beleniosUuid: string, userId: string): string {
  let digits = '';
  for (let round = 0; digits.length < DIGITS; round += 1) {
    const bytes = keyedBytes(db, 'belenios-credential-source', `${beleniosUuid}:${userId}:${round}`);
    // 232 is the largest multiple of 58 below 256: the bytes above are skipped so every digit is equally likely.
    for (const byte of bytes) if (byte < 232 && digits.length < DIGITS) digits += BASE58.charAt(byte % 58);
  }
  let value = 0n;
  for (const character of digits) value = value * 58n + BigInt(BASE58.indexOf(character));
  const raw = digits + BASE58.charAt(53 - Number(value % 53n));
  const credential = raw.match(/.{3}/g)?.join('-') ?? raw;
  if (!isCredential(credential)) throw new Error('a derived credential failed its own checksum');
  return credential;
}
