import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** A SHA-256 being computed over bytes given in parts. */
export interface Sha256Hasher {
  update(bytes: Uint8Array): unknown;
  digest(): Uint8Array;
}

/** SHA-256 as a caller may supply it: over bytes given in parts, and over bytes at once (in hexadecimal). */
export interface Sha256Engine {
  create(): Sha256Hasher;
  hex(bytes: Uint8Array): string;
}

let sha256Engine: Sha256Engine = {
  create: () => sha256.create(),
  hex: (bytes) => bytesToHex(sha256(bytes)),
};

/**
 * Replaces the SHA-256 the core hashes with by one giving the same bytes faster: the server's OpenSSL, which
 * reads a national archive (gigabytes, each file checked against its name) about fifteen times faster.
 */
export function setSha256(engine: Sha256Engine): void {
  sha256Engine = engine;
}

/** A SHA-256 to feed in parts (a file too large to hold at once). */
export const sha256Hasher = (): Sha256Hasher => sha256Engine.create();

/** SHA-256 of bytes, in lower-case hexadecimal. */
export const sha256BytesHex = (bytes: Uint8Array): string => sha256Engine.hex(bytes);

/** SHA-256 of a string's UTF-8 bytes, in lower-case hexadecimal: Belenios' hash of archive records. */
export function sha256Hex(text: string): string {
  return sha256BytesHex(utf8ToBytes(text));
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

/** PBKDF2-HMAC-SHA256 of bytes: `length` bytes of key. */
export type Pbkdf2Sha256 = (
  password: Uint8Array,
  salt: Uint8Array,
  iterations: number,
  length: number,
) => Uint8Array;

let pbkdf2Engine: Pbkdf2Sha256 = (password, salt, iterations, length) =>
  pbkdf2(sha256, password, salt, { c: iterations, dkLen: length });

/**
 * Replaces the PBKDF2 used for credentials by one giving the same bytes faster: the server's OpenSSL, where an
 * opening derives a public credential per voter (in JavaScript the PBKDF2 is most of a credential's cost).
 */
export function setPbkdf2Sha256(engine: Pbkdf2Sha256): void {
  pbkdf2Engine = engine;
}

/** PBKDF2-HMAC-SHA256, one 32-byte block, as Belenios derives a credential's secret (1000 iterations). */
export function pbkdf2Sha256(password: string, salt: string, iterations: number): bigint {
  const key = pbkdf2Engine(utf8ToBytes(password), utf8ToBytes(salt), iterations, 32);
  return BigInt(`0x${bytesToHex(key)}`);
}
