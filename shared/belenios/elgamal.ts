import { refuse } from './errors';
import { ELEMENT_DIGITS, isElement, mul, P, parseDecimal, pow, powG, powKey } from './group';
import { object } from './json';
import type { Ciphertext } from './proofs';

export type { Ciphertext } from './proofs';

/**
 * Exponential ElGamal (Belenios specification, section 4.11.1): m is encrypted as (g^r, y^r g^m), so the
 * product of ciphertexts encrypts the sum of their plaintexts, which is how the tally is counted without
 * decrypting any ballot.
 */
export function encrypt(y: bigint, r: bigint, m: number): Ciphertext {
  return { alpha: powG(r), beta: mul(powKey(y, r), powG(BigInt(m))) };
}

/** The product of ciphertexts: an encryption of the sum (the empty product is (1, 1), an encryption of 0). */
export function combine(cs: readonly Ciphertext[]): Ciphertext {
  let alpha = 1n;
  let beta = 1n;
  for (const c of cs) {
    alpha = mul(alpha, c.alpha);
    beta = mul(beta, c.beta);
  }
  return { alpha, beta };
}

/** A ciphertext raised to a voter's weight (an encryption of weight times the plaintext). */
export function power(c: Ciphertext, weight: bigint): Ciphertext {
  return weight === 1n ? c : { alpha: pow(c.alpha, weight), beta: pow(c.beta, weight) };
}

export function ciphertextJson(c: Ciphertext): string {
  return `{"alpha":"${c.alpha}","beta":"${c.beta}"}`;
}

/** Reads a ciphertext; its membership of the group is checked by `checkCiphertext`, after cheaper checks. */
export function readCiphertext(value: unknown, what: string): Ciphertext {
  const record = object(value, ['alpha', 'beta'], [], what);
  const alpha = parseDecimal(record.alpha, ELEMENT_DIGITS, `${what}'s alpha`);
  const beta = parseDecimal(record.beta, ELEMENT_DIGITS, `${what}'s beta`);
  if (alpha >= P || beta >= P) refuse('group', `${what} is not made of elements of the group`);
  return { alpha, beta };
}

export function checkCiphertext(c: Ciphertext, what: string): void {
  if (!isElement(c.alpha) || !isElement(c.beta))
    refuse('group', `${what} is not made of elements of the group`);
}
