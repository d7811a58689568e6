import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** SHA-256 of a string's UTF-8 bytes, in lower-case hexadecimal: Belenios' hash of archive records. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/**
 * Belenios' `sha256-b64`: SHA-256 in standard Base64 without the padding. It is the election's fingerprint,
 * the hash a ballot's signature covers, and a ballot's tracker.
 */
export function sha256B64(text: string): string {
  const digest = sha256(utf8ToBytes(text));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/=+$/, '');
}

/** SHA-256 read as a big-endian number, which Belenios then reduces modulo q. */
export function sha256BigInt(text: string): bigint {
  return BigInt(`0x${sha256Hex(text)}`);
}

/** PBKDF2-HMAC-SHA256, one 32-byte block, as Belenios derives a credential's secret (1000 iterations). */
export function pbkdf2Sha256(password: string, salt: string, iterations: number): bigint {
  const key = pbkdf2(sha256, utf8ToBytes(password), utf8ToBytes(salt), { c: iterations, dkLen: 32 });
  return BigInt(`0x${bytesToHex(key)}`);
}
