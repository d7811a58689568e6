import { P, Q } from '@shared/belenios/group';
import { powModNative } from '@shared/belenios/modexp';
import { opensslPowMod } from './openssl-modexp';

/**
 * The server's exponentiation: OpenSSL's (openssl-modexp.ts), made total. OpenSSL's Diffie-Hellman refuses to
 * return a shared secret of 1, which is exactly what the group-membership test x^q computes for every valid
 * element: that test is asked as x^(q+1) = x instead (the same for any x other than 0), and any other refusal
 * falls back to native BigInt, so the answer is always base^exponent mod p.
 */
export function serverPowMod(base: bigint, exponent: bigint): bigint {
  if (exponent === Q && base > 1n && base < P - 1n) {
    return opensslPowMod(base, Q + 1n) === base ? 1n : powModNative(base, exponent, P);
  }
  try {
    return opensslPowMod(base, exponent);
  } catch {
    return powModNative(base, exponent, P);
  }
}
