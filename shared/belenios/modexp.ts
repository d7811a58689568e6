/**
 * Modular exponentiation on native BigInt. Exponents in Belenios are below q (256 bits) while the modulus p is
 * 2048 bits, so the cost is about 256 squarings of 2048-bit numbers: a fixed 4-bit window saves most of the
 * multiplications, and a precomputed table makes powers of a base used thousands of times (g, the election
 * key) about eight times cheaper. Everything here is constant in its arithmetic, not in its timing: secrets are
 * exponentiated only on the voter's or trustee's own device, where the only observer is the person whose
 * secret it is.
 */

export type PowMod = (base: bigint, exponent: bigint) => bigint;

const WINDOW = 4;
const WINDOW_SIZE = 1 << WINDOW;
const WINDOW_MASK = BigInt(WINDOW_SIZE - 1);

/** base^exponent mod modulus for 0 <= exponent, by a left-to-right fixed window of 4 bits. */
export function powModNative(base: bigint, exponent: bigint, modulus: bigint): bigint {
  if (exponent < 0n) throw new RangeError('negative exponent');
  if (modulus === 1n) return 0n;
  const b = ((base % modulus) + modulus) % modulus;
  if (exponent < 2n) return exponent === 0n ? 1n : b;
  const table: bigint[] = [1n, b];
  for (let i = 2; i < WINDOW_SIZE; i++) table.push(((table[i - 1] as bigint) * b) % modulus);
  const digits: number[] = [];
  for (let e = exponent; e > 0n; e >>= BigInt(WINDOW)) digits.push(Number(e & WINDOW_MASK));
  let result = 1n;
  for (let i = digits.length - 1; i >= 0; i--) {
    if (i !== digits.length - 1) {
      for (let s = 0; s < WINDOW; s++) result = (result * result) % modulus;
    }
    const digit = digits[i] as number;
    if (digit !== 0) result = (result * (table[digit] as bigint)) % modulus;
  }
  return result;
}

/** x^-1 mod modulus (modulus prime, x not a multiple of it), by the extended Euclidean algorithm. */
export function invMod(x: bigint, modulus: bigint): bigint {
  let [a, b] = [((x % modulus) + modulus) % modulus, modulus];
  let [u, v] = [1n, 0n];
  while (b !== 0n) {
    const t = a / b;
    [a, b] = [b, a - t * b];
    [u, v] = [v, u - t * v];
  }
  if (a !== 1n) throw new RangeError('not invertible');
  return ((u % modulus) + modulus) % modulus;
}

/**
 * Powers of one fixed base: the table holds base^(d * 2^(w*i)) for every window i and digit d, so a power is
 * one multiplication per non-zero window and no squaring at all. With w = 6 and 256-bit exponents the table is
 * 43 x 63 numbers (about 700 KB) and costs about 2,700 multiplications to build, once per base.
 */
export class FixedBase {
  private readonly rows: bigint[][] = [];
  private static readonly W = 6;

  constructor(
    readonly base: bigint,
    private readonly modulus: bigint,
    maxBits: number,
  ) {
    const w = FixedBase.W;
    let rowBase = ((base % modulus) + modulus) % modulus;
    for (let i = 0; i * w < maxBits; i++) {
      const row: bigint[] = [1n, rowBase];
      for (let d = 2; d < 1 << w; d++) row.push(((row[d - 1] as bigint) * rowBase) % modulus);
      this.rows.push(row);
      rowBase = ((row[(1 << w) - 1] as bigint) * rowBase) % modulus;
    }
  }

  pow(exponent: bigint): bigint {
    if (exponent < 0n) throw new RangeError('negative exponent');
    const w = BigInt(FixedBase.W);
    const mask = (1n << w) - 1n;
    let result = 1n;
    let e = exponent;
    for (const row of this.rows) {
      if (e === 0n) return result;
      const digit = Number(e & mask);
      if (digit !== 0) result = (result * (row[digit] as bigint)) % this.modulus;
      e >>= w;
    }
    // An exponent wider than the table (never in Belenios, whose exponents are reduced modulo q) still works.
    return e === 0n
      ? result
      : (result * powModNative(this.base, e << (w * BigInt(this.rows.length)), this.modulus)) % this.modulus;
  }
}
