import {
  computeResult,
  type Election,
  encryptedTallyRecords,
  parseElection,
  parseEncryptedTally,
  parsePublicCredentials,
  parseTrusteePublicKey,
  publicCredential,
  readBallot,
  resultJson,
  type VerifiedBallot,
  verifyBallot,
  verifyPartialDecryption,
} from '@shared/belenios';

/**
 * The Belenios work the server does, as plain functions of plain data: each runs in a verification worker
 * (verify-worker.ts), never on the event loop, since each costs 2048-bit modular exponentiations.
 */
export type VerifyTask =
  /** A ballot of an election; `credentials`: the public credentials it may be signed with. */
  | { kind: 'ballot'; electionText: string; credentials: readonly string[]; ballot: string }
  | { kind: 'trusteeKey'; publicKey: string }
  | { kind: 'publicCredentials'; uuid: string; privateCredentials: readonly string[] }
  | { kind: 'tally'; electionText: string; ballots: readonly string[] }
  | { kind: 'share'; electionText: string; tallyText: string; trusteeKey: string; share: string }
  | {
      kind: 'result';
      electionText: string;
      tallyText: string;
      trusteeKeys: readonly string[];
      shares: readonly string[];
      totalWeight: string;
    };

export interface TaskResults {
  ballot: { credential: string; tracker: string };
  trusteeKey: { keyValue: string };
  publicCredentials: { publicCredentials: string[] };
  tally: { tallyText: string; sizedText: string; totalWeight: string };
  share: { ok: true };
  result: { resultText: string; counts: string[][] };
}

// A worker keeps the elections it has parsed: an election's text is fixed once it opens.
const elections = new Map<string, Election>();
function election(text: string): Election {
  let parsed = elections.get(text);
  if (!parsed) {
    parsed = parseElection(text);
    if (elections.size > 50) elections.clear();
    elections.set(text, parsed);
  }
  return parsed;
}

const asList = (credentials: readonly string[]) => parsePublicCredentials(JSON.stringify(credentials));

/** Ballots already verified when cast, read back for the tally: their ciphertexts, weight 1. */
function readCounted(e: Election, texts: readonly string[]): VerifiedBallot[] {
  return texts.map((text) => {
    const ballot = readBallot(text, e);
    return {
      credential: ballot.credential.toString(),
      weight: 1n,
      tracker: '',
      ciphertexts: ballot.answers.map((a) => a.choices),
    };
  });
}

export function runTask(task: VerifyTask): TaskResults[VerifyTask['kind']] {
  switch (task.kind) {
    case 'ballot': {
      const verified = verifyBallot(task.ballot, election(task.electionText), asList(task.credentials));
      return { credential: verified.credential, tracker: verified.tracker };
    }
    case 'trusteeKey':
      return { keyValue: parseTrusteePublicKey(task.publicKey).publicKey.toString() };
    case 'publicCredentials':
      return { publicCredentials: task.privateCredentials.map((c) => publicCredential(task.uuid, c)) };
    case 'tally': {
      const e = election(task.electionText);
      const { tallyText, sizedText, totalWeight } = encryptedTallyRecords(e, readCounted(e, task.ballots));
      return { tallyText, sizedText, totalWeight: totalWeight.toString() };
    }
    case 'share': {
      const e = election(task.electionText);
      const tally = parseEncryptedTally(task.tallyText, e);
      verifyPartialDecryption(task.share, e, tally, parseTrusteePublicKey(task.trusteeKey));
      return { ok: true };
    }
    case 'result': {
      const e = election(task.electionText);
      const tally = parseEncryptedTally(task.tallyText, e);
      const shares = task.shares.map((s, i) =>
        verifyPartialDecryption(s, e, tally, parseTrusteePublicKey(task.trusteeKeys[i] ?? '')),
      );
      const counts = computeResult(tally, shares, BigInt(task.totalWeight));
      return { resultText: resultJson(counts), counts: counts.map((q) => q.map((n) => n.toString())) };
    }
  }
}
