import { refuse } from './errors';
import { G, inverse, mul, P, powG } from './group';
import { array, object, parseJson } from './json';
import type { PartialDecryption } from './partial-decryption';
import type { EncryptedTally } from './tally';
import { weightJson } from './tally';

/**
 * The election result (Belenios specification, section 4.19). With "Single" trustees every share is needed:
 * the product of the trustees' factors F removes the election key from each ciphertext, leaving g^count, and
 * count is found by baby-step giant-step, since it is at most the total weight of the counted ballots.
 */

/** log_g(x) for 0 <= log <= max, or undefined. */
export function discreteLog(x: bigint, max: bigint): bigint | undefined {
  let m = 1n;
  while (m * m <= max) m += 1n;
  const baby = new Map<bigint, bigint>();
  let step = 1n;
  for (let j = 0n; j < m; j++) {
    if (!baby.has(step)) baby.set(step, j);
    step = mul(step, G);
  }
  // Giant steps multiply by g^-m.
  const giant = inverse(powG(m));
  let gamma = x % P;
  for (let i = 0n; i * m <= max; i++) {
    const j = baby.get(gamma);
    if (j !== undefined && i * m + j <= max) return i * m + j;
    gamma = mul(gamma, giant);
  }
  return undefined;
}

/**
 * Combines all trustees' partial decryptions (already verified, in the trustees' order) into the counts per
 * question and answer.
 */
export function computeResult(
  tally: EncryptedTally,
  shares: readonly PartialDecryption[],
  totalWeight: bigint,
): bigint[][] {
  if (shares.length === 0) refuse('trustee', 'no partial decryption');
  return tally.map((q, i) =>
    q.map((c, j) => {
      const factor = shares.reduce((product, s) => mul(product, s.factors[i]?.[j] as bigint), 1n);
      const count = discreteLog(mul(c.beta, inverse(factor)), totalWeight);
      if (count === undefined) refuse('proof', 'the decrypted tally is not a count of the ballots');
      return count;
    }),
  );
}

/** The result's text, as `belenios-tool election compute-result` writes it. */
export function resultJson(result: readonly (readonly bigint[])[]): string {
  return `{"result":[${result.map((q) => `[${q.map(weightJson).join(',')}]`).join(',')}]}`;
}

/** Reads a result's text (the tool's or ours) into counts. */
export function parseResult(text: string): bigint[][] {
  const record = object(parseJson(text.trim(), 1_000_000, 'the result'), ['result'], [], 'the result');
  return array(record.result, 'the result').map((q) =>
    array(q, 'a question result').map((n) => {
      if (typeof n === 'number' && Number.isSafeInteger(n) && n >= 0) return BigInt(n);
      if (typeof n === 'string' && /^(0|[1-9][0-9]{0,30})$/.test(n)) return BigInt(n);
      return refuse('json', 'a count is not a whole number');
    }),
  );
}
