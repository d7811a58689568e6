import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';

// Lucia's alphabet: lower-case, no look-alike characters, 5 bits per character.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** 24 characters of 120 bits of entropy from the OS's CSPRNG. */
export function generateSecureRandomString(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte >> 3];
  return id;
}

export function hashSecret(secret: string): Buffer {
  return Buffer.from(sha256(new TextEncoder().encode(secret)));
}

export function secretMatches(secret: string, storedHash: Uint8Array): boolean {
  const candidate = hashSecret(secret);
  return candidate.length === storedHash.length && constantTimeEqual(candidate, storedHash);
}

/** A token is `id.secret`: the id finds the row, the secret proves possession. */
export function splitToken(token: string): { id: string; secret: string } | null {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [id, secret] = parts;
  if (!id || !secret || id.length !== 24 || secret.length !== 24) return null;
  return { id, secret };
}
