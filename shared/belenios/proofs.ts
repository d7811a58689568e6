import { refuse } from './errors';
import { hashToExponent, modQ, mul, parseExponent, pow, powG, powKey, randomExponent } from './group';
import { object } from './json';

/** A Fiat-Shamir proof as Belenios writes it: the challenge and the response, both below q. */
export interface Proof {
  challenge: bigint;
  response: bigint;
}

/** An ElGamal ciphertext (g^r, y^r g^m). */
export interface Ciphertext {
  alpha: bigint;
  beta: bigint;
}

export function proofJson(proof: Proof): string {
  return `{"challenge":"${proof.challenge}","response":"${proof.response}"}`;
}

export function parseProof(value: unknown, what: string): Proof {
  const record = object(value, ['challenge', 'response'], [], what);
  return {
    challenge: parseExponent(record.challenge, `${what}'s challenge`),
    response: parseExponent(record.response, `${what}'s response`),
  };
}

/**
 * A Schnorr proof of knowledge of x such that X = g^x, bound to a prefix (Belenios' pok, signatures and
 * signed messages): commitment A = g^w, challenge = hash(prefix, A), response = w - x * challenge mod q.
 */
export function proveKnowledge(x: bigint, prefix: string): Proof {
  const w = randomExponent();
  const challenge = hashToExponent(prefix, [powG(w)]);
  return { challenge, response: modQ(w - x * challenge) };
}

/** Checks a proof of knowledge of log_g(X): A = g^response X^challenge must hash back to the challenge. */
export function verifyKnowledge(X: bigint, proof: Proof, prefix: string): boolean {
  const commitment = mul(powG(proof.response), pow(X, proof.challenge));
  return hashToExponent(prefix, [commitment]) === proof.challenge;
}

/**
 * A proof that log_g(X) = log_alpha(F) (a trustee's decryption factor F = alpha^x for its key X = g^x):
 * commitments g^w and alpha^w, hashed after the prefix.
 */
export function proveEqualLogs(x: bigint, alpha: bigint, prefix: string): Proof {
  const w = randomExponent();
  const challenge = hashToExponent(prefix, [powG(w), pow(alpha, w)]);
  return { challenge, response: modQ(w - x * challenge) };
}

export function verifyEqualLogs(X: bigint, alpha: bigint, F: bigint, proof: Proof, prefix: string): boolean {
  const a = mul(powG(proof.response), pow(X, proof.challenge));
  const b = mul(pow(alpha, proof.response), pow(F, proof.challenge));
  return hashToExponent(prefix, [a, b]) === proof.challenge;
}

const shifts = new Map<number, bigint>();
/** g^-m, the factor that turns an encryption of m into an encryption of 0 (g has order q, so g^-m = g^(q-m)). */
function shift(m: number): bigint {
  let factor = shifts.get(m);
  if (factor === undefined) {
    factor = m === 0 ? 1n : powG(modQ(BigInt(-m)));
    // Questions have few answers, so few distinct shifts: the cache stays small.
    if (shifts.size < 1024) shifts.set(m, factor);
  }
  return factor;
}

function disjunctionPrefix(zkp: string, c: Ciphertext): string {
  return `prove|${zkp}|${c.alpha},${c.beta}|`;
}

/**
 * Belenios' iprove: a proof that the ciphertext c = (g^r, y^r g^m) encrypts one of the values `values`, m being
 * values[index]. The other disjuncts are simulated with random challenges; the true one gets the challenge that
 * makes the sum match the hash. Because the prover knows r and m, every commitment is a power of g or of y,
 * which the tables make cheap (question_h.ml computes the same numbers another way).
 */
export function proveInterval(
  y: bigint,
  values: readonly number[],
  zkp: string,
  index: number,
  r: bigint,
  c: Ciphertext,
): Proof[] {
  const m = values[index];
  if (m === undefined) throw new RangeError('the true value is not among the values');
  const proofs: Proof[] = [];
  const commitments: bigint[] = [];
  let simulated = 0n;
  const w = randomExponent();
  values.forEach((value, j) => {
    if (j === index) {
      proofs.push({ challenge: 0n, response: 0n });
      commitments.push(powG(w), powKey(y, w));
      return;
    }
    const challenge = randomExponent();
    const response = randomExponent();
    proofs.push({ challenge, response });
    // A = g^response alpha^challenge and B = y^response (beta / g^value)^challenge, written with r and m.
    const e = modQ(response + r * challenge);
    commitments.push(powG(e), mul(powKey(y, e), powG(modQ(BigInt(m - value) * challenge))));
    simulated += challenge;
  });
  const challenge = modQ(hashToExponent(disjunctionPrefix(zkp, c), commitments) - simulated);
  proofs[index] = { challenge, response: modQ(w - r * challenge) };
  return proofs;
}

/** Checks an iprove proof that c encrypts one of `values` (question_h.ml's eg_disj_verify). */
export function verifyInterval(
  y: bigint,
  values: readonly number[],
  zkp: string,
  proofs: readonly Proof[],
  c: Ciphertext,
): boolean {
  if (proofs.length !== values.length) refuse('json', 'a proof has the wrong number of disjuncts');
  const commitments: bigint[] = [];
  let total = 0n;
  values.forEach((value, j) => {
    const { challenge, response } = proofs[j] as Proof;
    commitments.push(
      mul(powG(response), pow(c.alpha, challenge)),
      mul(powKey(y, response), pow(mul(c.beta, shift(value)), challenge)),
    );
    total += challenge;
  });
  return hashToExponent(disjunctionPrefix(zkp, c), commitments) === modQ(total);
}
