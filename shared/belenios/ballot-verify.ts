import {
  type Answer,
  type Ballot,
  ballotJson,
  ballotTracker,
  overallPrefix,
  proofPrefix,
  range,
  unsignedBallotJson,
} from './ballot';
import type { Election } from './election';
import { type Ciphertext, checkCiphertext, combine, readCiphertext } from './elgamal';
import { refuse } from './errors';
import {
  ELEMENT_DIGITS,
  hashToExponent,
  isElement,
  mul,
  P,
  parseDecimal,
  parseExponent,
  pow,
  powG,
  powKey,
} from './group';
import { sha256B64 } from './hash';
import { array, object, parseJson, string } from './json';
import { type Proof, parseProof, verifyInterval } from './proofs';

/**
 * Verifying a ballot completely, in order of cost, so that cheap refusals stay cheap: its size (before
 * parsing), its shape, that it is for this election, its canonical form, a known credential, then the group
 * membership of every number, the signature and every proof. Each refusal is a BeleniosError naming the
 * check; a ballot that passes is one `belenios-tool election verify` accepts in this election's archive.
 */

export interface VerifiedBallot {
  /** The public credential, in decimal: at most one counted ballot per credential. */
  credential: string;
  weight: bigint;
  tracker: string;
  /** Per question, per answer: what the tally multiplies. */
  ciphertexts: Ciphertext[][];
}

/** Longest possible ballot for an election: 617-digit elements, 77-digit exponents, and the JSON around them. */
export function maxBallotLength(election: Election): number {
  let length = 1024 + election.uuid.length + ELEMENT_DIGITS;
  for (const q of election.questions) length += 128 + q.answers.length * 1700 + (q.max - q.min + 1) * 200;
  return length;
}

function readAnswer(value: unknown, what: string): Answer {
  const record = object(value, ['choices', 'individual_proofs', 'overall_proof'], [], what);
  return {
    choices: array(record.choices, `${what}'s choices`).map((c, j) =>
      readCiphertext(c, `${what}, choice ${j + 1}`),
    ),
    individualProofs: array(record.individual_proofs, `${what}'s proofs`).map((p, j) =>
      array(p, `${what}, proof ${j + 1}`).map((x) => parseProof(x, `${what}, proof ${j + 1}`)),
    ),
    overallProof: array(record.overall_proof, `${what}'s overall proof`).map((x) => parseProof(x, what)),
  };
}

/** Parses a ballot's text into numbers, checking its shape and that it is for this election. */
export function readBallot(text: string, election: Election): Ballot {
  const record = object(
    parseJson(text, maxBallotLength(election), 'the ballot'),
    ['election_uuid', 'election_hash', 'credential', 'answers', 'signature'],
    [],
    'the ballot',
  );
  if (record.election_uuid !== election.uuid || record.election_hash !== election.fingerprint) {
    refuse('election', 'the ballot was made for another election');
  }
  const answers = array(record.answers, 'the answers');
  if (answers.length !== election.questions.length) refuse('election', 'the ballot answers other questions');
  const signature = object(record.signature, ['hash', 'proof'], [], 'the signature');
  const credential = parseDecimal(record.credential, ELEMENT_DIGITS, 'the credential');
  if (credential >= P) refuse('group', 'the credential is not an element of the group');
  return {
    electionUuid: election.uuid,
    electionHash: election.fingerprint,
    credential,
    answers: answers.map((a, i) => readAnswer(a, `answer ${i + 1}`)),
    signature: {
      hash: string(signature.hash, 'the signed hash'),
      proof: parseProof(signature.proof, 'the signature'),
    },
  };
}

function checkSignature(ballot: Ballot): void {
  const expected = sha256B64(unsignedBallotJson(ballot));
  const { challenge, response } = ballot.signature.proof;
  const commitment = mul(powG(response), pow(ballot.credential, challenge));
  if (ballot.signature.hash !== expected || hashToExponent(`sig|${expected}|`, [commitment]) !== challenge) {
    refuse('signature', "the ballot's signature does not verify");
  }
}

function checkProofs(ballot: Ballot, election: Election): void {
  const prefix = proofPrefix(election, ballot.credential);
  const y = election.publicKey;
  election.questions.forEach((q, i) => {
    const answer = ballot.answers[i] as Answer;
    const n = q.answers.length;
    if (answer.choices.length !== n || answer.individualProofs.length !== n) {
      refuse('election', `answer ${i + 1} does not have one ciphertext per answer of the question`);
    }
    answer.choices.forEach((c, j) => {
      if (!verifyInterval(y, [0, 1], prefix, answer.individualProofs[j] as Proof[], c)) {
        refuse('proof', `the proof that choice ${j + 1} of answer ${i + 1} is 0 or 1 does not verify`);
      }
    });
    const values = range(q.min, q.max);
    if (
      !verifyInterval(
        y,
        values,
        overallPrefix(prefix, answer.choices),
        answer.overallProof,
        combine(answer.choices),
      )
    ) {
      refuse('proof', `the proof that answer ${i + 1} selects between ${q.min} and ${q.max} does not verify`);
    }
  });
}

/**
 * Verifies a ballot for an election whose public credentials (decimal, with their weights) are `credentials`.
 * Throws a BeleniosError naming the first check that fails.
 */
export function verifyBallot(
  text: string,
  election: Election,
  credentials: ReadonlyMap<string, bigint>,
): VerifiedBallot {
  const ballot = readBallot(text, election);
  if (ballotJson(ballot) !== text)
    refuse('canonical', 'the ballot is not written the way Belenios writes ballots');
  const credential = ballot.credential.toString();
  const weight = credentials.get(credential);
  if (weight === undefined) refuse('credential', "the ballot's credential is not on this election's list");
  if (!isElement(ballot.credential)) refuse('group', 'the credential is not an element of the group');
  ballot.answers.forEach((a, i) => {
    a.choices.forEach((c, j) => {
      checkCiphertext(c, `choice ${j + 1} of answer ${i + 1}`);
    });
  });
  checkSignature(ballot);
  checkProofs(ballot, election);
  return {
    credential,
    weight,
    tracker: ballotTracker(text),
    ciphertexts: ballot.answers.map((a) => a.choices),
  };
}

/**
 * Cast-or-audit: given an audited ballot and the randomness its browser showed, recomputes every ciphertext
 * and returns the choices it encrypts. Anyone can so check that the browser encrypted what the voter chose;
 * the ballot is then spent, since its randomness reveals the vote. Throws if the randomness does not open it.
 */
export function auditBallot(
  text: string,
  election: Election,
  randomness: readonly (readonly string[])[],
): number[][] {
  const ballot = readBallot(text, election);
  const y = election.publicKey;
  return ballot.answers.map((a, i) =>
    a.choices.map((c, j) => {
      const r = parseExponent(randomness[i]?.[j], `the randomness of choice ${j + 1} of answer ${i + 1}`);
      const encryptsZero = powG(r) === c.alpha && powKey(y, r) === c.beta;
      const encryptsOne = powG(r) === c.alpha && mul(powKey(y, r), powG(1n)) === c.beta;
      if (!encryptsZero && !encryptsOne)
        refuse('proof', `the randomness does not open choice ${j + 1} of answer ${i + 1}`);
      return encryptsOne ? 1 : 0;
    }),
  );
}
