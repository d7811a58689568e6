import { pbkdf2Sync } from 'node:crypto';

/**
 * PBKDF2-HMAC-SHA256 by OpenSSL (node:crypto): the same bytes as the core's JavaScript one, several times faster.
 * Given to the core (setPbkdf2Sha256) where the server derives public credentials.
 */
export function opensslPbkdf2(password: Uint8Array, salt: Uint8Array, iterations: number, length: number) {
  return new Uint8Array(pbkdf2Sync(password, salt, iterations, length, 'sha256'));
}
