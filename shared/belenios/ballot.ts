import { credentialSecret } from './credential';
import type { Election } from './election';
import { type Ciphertext, ciphertextJson, combine, encrypt } from './elgamal';
import { refuse } from './errors';
import { hashToExponent, modQ, powG, randomExponent } from './group';
import { sha256B64 } from './hash';
import { type Proof, proofJson, proveInterval } from './proofs';

/**
 * Ballots (Belenios specification, sections 4.11, 4.14 and 4.15): for each question, one ciphertext per answer
 * with a proof that it encrypts 0 or 1 and an overall proof that the sum is between min and max; the whole
 * signed with the voter's credential. The text is written field by field in the order belenios-tool writes
 * (atdgen's), because the tool refuses a ballot that is not in that exact form and the tracker is its hash.
 */

export interface Answer {
  choices: Ciphertext[];
  individualProofs: Proof[][];
  overallProof: Proof[];
}

export interface Ballot {
  electionUuid: string;
  electionHash: string;
  credential: bigint;
  answers: Answer[];
  signature: { hash: string; proof: Proof };
}

function answerJson(a: Answer): string {
  const choices = a.choices.map(ciphertextJson).join(',');
  const individual = a.individualProofs.map((p) => `[${p.map(proofJson).join(',')}]`).join(',');
  return `{"choices":[${choices}],"individual_proofs":[${individual}],"overall_proof":[${a.overallProof.map(proofJson).join(',')}]}`;
}

/** The ballot without its signature: the text whose hash the signature covers. */
export function unsignedBallotJson(b: Omit<Ballot, 'signature'>): string {
  return `{"election_uuid":"${b.electionUuid}","election_hash":"${b.electionHash}","credential":"${b.credential}","answers":[${b.answers.map(answerJson).join(',')}]}`;
}

export function ballotJson(b: Ballot): string {
  const unsigned = unsignedBallotJson(b);
  return `${unsigned.slice(0, -1)},"signature":{"hash":"${b.signature.hash}","proof":${proofJson(b.signature.proof)}}}`;
}

/** The ballot's tracker: its `sha256-b64`, which the voter keeps and finds in the archive. */
export function ballotTracker(ballotText: string): string {
  return sha256B64(ballotText);
}

/** The prefix of every proof of a voter's ballot: the election's fingerprint and the voter's public credential. */
export function proofPrefix(election: Election, credential: bigint): string {
  return `${election.fingerprint}|${credential}`;
}

/** The overall proof's prefix adds the answer's ciphertexts, each "alpha,beta", separated by commas. */
export function overallPrefix(prefix: string, choices: readonly Ciphertext[]): string {
  return `${prefix}|${choices.map((c) => `${c.alpha},${c.beta}`).join(',')}`;
}

export function range(min: number, max: number): number[] {
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

/**
 * Signs a ballot with its credential's secret: a Schnorr proof bound to "sig|hash|", where hash is the
 * `sha256-b64` of the ballot without its signature. Returns the signed ballot's text.
 */
export function signBallot(unsigned: Omit<Ballot, 'signature'>, secret: bigint): string {
  const hash = sha256B64(unsignedBallotJson(unsigned));
  const w = randomExponent();
  const challenge = hashToExponent(`sig|${hash}|`, [powG(w)]);
  const proof = { challenge, response: modQ(w - secret * challenge) };
  return ballotJson({ ...unsigned, signature: { hash, proof } });
}

export interface EncryptedBallot {
  /** The ballot's JSON text, to send as it is. */
  ballot: string;
  tracker: string;
  /**
   * The randomness of each ciphertext, per question and answer, in decimal: shown only when the voter audits
   * the ballot (which is then discarded), since with it anyone can read the choice.
   */
  randomness: string[][];
}

function checkChoices(election: Election, choices: readonly (readonly number[])[]): void {
  if (choices.length !== election.questions.length) refuse('election', 'one answer per question is needed');
  election.questions.forEach((q, i) => {
    const answer = choices[i] as readonly number[];
    const sum = answer.reduce((a, b) => a + b, 0);
    if (
      answer.length !== q.answers.length ||
      answer.some((m) => m !== 0 && m !== 1) ||
      sum < q.min ||
      sum > q.max
    ) {
      refuse('election', `the answer to question ${i + 1} must select between ${q.min} and ${q.max} answers`);
    }
  });
}

/**
 * Encrypts a voter's choices (per question, 1 for each selected answer and 0 for the others), proves them and
 * signs the ballot with the private credential. Runs in the voter's browser: the choices never leave it in
 * the clear.
 */
export function encryptBallot(
  election: Election,
  credential: string,
  choices: readonly (readonly number[])[],
): EncryptedBallot {
  checkChoices(election, choices);
  const secret = credentialSecret(election.uuid, credential);
  const publicCredential = powG(secret);
  const prefix = proofPrefix(election, publicCredential);
  const y = election.publicKey;
  const randomness: string[][] = [];
  const answers = election.questions.map((q, i) => {
    const plain = choices[i] as readonly number[];
    const rs = plain.map(() => randomExponent());
    randomness.push(rs.map(String));
    const cs = plain.map((m, j) => encrypt(y, rs[j] as bigint, m));
    const individualProofs = plain.map((m, j) =>
      proveInterval(y, [0, 1], prefix, m, rs[j] as bigint, cs[j] as Ciphertext),
    );
    const sum = plain.reduce((a, b) => a + b, 0);
    const overallProof = proveInterval(
      y,
      range(q.min, q.max),
      overallPrefix(prefix, cs),
      sum - q.min,
      rs.reduce((a, b) => a + b, 0n),
      combine(cs),
    );
    return { choices: cs, individualProofs, overallProof };
  });
  const unsigned = {
    electionUuid: election.uuid,
    electionHash: election.fingerprint,
    credential: publicCredential,
    answers,
  };
  const ballot = signBallot(unsigned, secret);
  return { ballot, tracker: ballotTracker(ballot), randomness };
}
