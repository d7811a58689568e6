import type { VerifiedBallot } from './ballot-verify';
import type { Election } from './election';
import { type Ciphertext, checkCiphertext, ciphertextJson, combine, power, readCiphertext } from './elgamal';
import { refuse } from './errors';
import { sha256Hex } from './hash';
import { array, parseJson } from './json';

/**
 * The encrypted tally (Belenios specification, section 4.16): for each question and answer, the product of the
 * counted ballots' ciphertexts, each raised to its voter's weight. Only a voter's last ballot counts (Belenios'
 * rule; Codka accepts one ballot per voter, so its ballots are all last ones).
 */
export type EncryptedTally = Ciphertext[][];

export interface SizedEncryptedTally {
  numTallied: number;
  totalWeight: bigint;
  /** The SHA-256 (hexadecimal) of the encrypted tally's text. */
  encryptedTally: string;
}

/** Keeps each credential's last ballot, in order of their last casting (section 4.15's `last`). */
export function lastBallots(ballots: readonly VerifiedBallot[]): VerifiedBallot[] {
  const last = new Map<string, VerifiedBallot>();
  for (const b of ballots) {
    last.delete(b.credential);
    last.set(b.credential, b);
  }
  return [...last.values()];
}

export function computeEncryptedTally(
  election: Election,
  ballots: readonly VerifiedBallot[],
): {
  tally: EncryptedTally;
  sized: Omit<SizedEncryptedTally, 'encryptedTally'>;
} {
  const counted = lastBallots(ballots);
  const tally = election.questions.map((q, i) =>
    q.answers.map((_, j) =>
      combine(counted.map((b) => power(b.ciphertexts[i]?.[j] as Ciphertext, b.weight))),
    ),
  );
  const totalWeight = counted.reduce((sum, b) => sum + b.weight, 0n);
  return { tally, sized: { numTallied: counted.length, totalWeight } };
}

export function encryptedTallyJson(tally: EncryptedTally): string {
  return `[${tally.map((q) => `[${q.map(ciphertextJson).join(',')}]`).join(',')}]`;
}

/** A weight as Belenios writes it: a JSON number up to 2^30 - 1, a string above (common_types.ml). */
export function weightJson(weight: bigint): string {
  return weight <= 1_073_741_823n ? weight.toString() : `"${weight}"`;
}

export function sizedEncryptedTallyJson(sized: SizedEncryptedTally): string {
  return `{"num_tallied":${sized.numTallied},"total_weight":${weightJson(sized.totalWeight)},"encrypted_tally":"${sized.encryptedTally}"}`;
}

/** The two records of the EncryptedTally event: the tally's text, and the sized tally that points to it. */
export function encryptedTallyRecords(election: Election, ballots: readonly VerifiedBallot[]) {
  const { tally, sized } = computeEncryptedTally(election, ballots);
  return tallyRecords(tally, sized);
}

/** The EncryptedTally event's records of a tally already computed (encryptedTallyRecords, or in parts). */
export function tallyRecords(tally: EncryptedTally, sized: Omit<SizedEncryptedTally, 'encryptedTally'>) {
  const tallyText = encryptedTallyJson(tally);
  const sizedText = sizedEncryptedTallyJson({ ...sized, encryptedTally: sha256Hex(tallyText) });
  return { tally, totalWeight: sized.totalWeight, tallyText, sizedText };
}

/**
 * The product of two tallies of the same election, answer by answer: the tally of their ballots together (the
 * product is associative and commutative modulo p, so a tally computed in parts is the same number).
 */
export function multiplyTallies(a: EncryptedTally, b: EncryptedTally): EncryptedTally {
  if (a.length !== b.length || a.some((q, i) => q.length !== b[i]?.length))
    refuse('election', 'the tallies have different shapes');
  return a.map((q, i) => q.map((c, j) => combine([c, b[i]?.[j] as Ciphertext])));
}

/** Reads an encrypted tally's text (as `election compute-encrypted-tally` writes it) for this election. */
export function parseEncryptedTally(text: string, election: Election): EncryptedTally {
  const questions = array(parseJson(text, 10_000_000, 'the encrypted tally'), 'the encrypted tally');
  if (questions.length !== election.questions.length)
    refuse('election', 'the tally has the wrong number of questions');
  return questions.map((q, i) => {
    const cs = array(q, `the tally of question ${i + 1}`).map((c) => readCiphertext(c, `a tally ciphertext`));
    if (cs.length !== election.questions[i]?.answers.length)
      refuse('election', 'the tally has the wrong shape');
    for (const c of cs) checkCiphertext(c, 'a tally ciphertext');
    return cs;
  });
}
