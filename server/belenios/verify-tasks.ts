import { createHash } from 'node:crypto';
import {
  BeleniosError,
  type CredentialsFileReading,
  computeEncryptedTally,
  computeResult,
  type Election,
  type ElectionSetup,
  type EncryptedTally,
  makeElection,
  parseElection,
  parseEncryptedTally,
  parsePublicCredential,
  parsePublicCredentials,
  parseTrusteePublicKey,
  partialDecryptionJson,
  publicCredential,
  readBallot,
  readPublicCredentialEntries,
  resultJson,
  tallyRecords,
  trusteePublicKeyJson,
  type VerifiedBallot,
  verifyBallot,
  verifyPartialDecryption,
} from '@shared/belenios';

/** What an opening's setup texts are made of: the election's fields and its trustees' keys as given. */
export interface SetupInputs extends Omit<ElectionSetup, 'trustees'> {
  trustees: readonly string[];
}

/** The setup's election and trustees texts (makeElection), each trustee's key and proof checked again. */
export const setupTexts = (setup: SetupInputs) =>
  makeElection({ ...setup, trustees: setup.trustees.map(parseTrusteePublicKey) });

/**
 * The Belenios work the server does, as plain functions of plain data: each runs in a verification worker
 * (verify-worker.ts), never on the event loop, since each costs 2048-bit modular exponentiations.
 */
export type VerifyTask =
  /** A ballot of an election; `credentials`: the public credentials it may be signed with. */
  | { kind: 'ballot'; electionText: string; credentials: readonly string[]; ballot: string }
  /**
   * A ballot signed with any credential of a list the worker keeps (an outside authority's, fixed at the
   * opening): `credentialList` names it, and the pool sends the list itself once per worker (CredentialList).
   */
  | { kind: 'ballot'; electionText: string; credentialList: string; ballot: string }
  | { kind: 'trusteeKey'; publicKey: string }
  /** An opening's election and trustees texts, from its trustees' keys as they gave them (each proof checked). */
  | { kind: 'electionSetup'; setup: SetupInputs }
  | { kind: 'publicCredentials'; uuid: string; privateCredentials: readonly string[] }
  /**
   * A part of an outside authority's public credentials file as uploaded, after what the part before left over
   * (readPublicCredentialEntries: its bytes are read here, not on the loop); `last` if the file ends with it.
   */
  | { kind: 'publicCredentialsPart'; bytes: Uint8Array; reading: CredentialsFileReading; last: boolean }
  /** A part of such a file's entries, each read and checked to be in the group. */
  | { kind: 'publicCredentialEntries'; entries: readonly string[] }
  /**
   * A part of the encrypted tally: the product of these ballots' ciphertexts (the close sends an archive's
   * ballots a bounded part at a time and multiplies the parts), with their credentials' digests.
   */
  | { kind: 'tallyPart'; electionText: string; ballots: readonly string[] }
  /**
   * The EncryptedTally records of the parts' product (null: no ballot), once no credential signed two of the
   * ballots: `credentialDigests` holds every ballot's CREDENTIAL_DIGEST bytes, end to end.
   */
  | {
      kind: 'tallyRecords';
      electionText: string;
      product: EncryptedTally | null;
      numTallied: number;
      credentialDigests: Uint8Array;
    }
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
  /** The key's value, and its text as Belenios writes it: what was checked is what the setup holds. */
  trusteeKey: { keyValue: string; keyText: string };
  electionSetup: { election: string; trustees: string };
  publicCredentials: { publicCredentials: string[] };
  publicCredentialsPart: { entries: string[]; rest: Uint8Array; reading: CredentialsFileReading };
  /** Each entry's credential in its decimal form, in the entries' order. */
  publicCredentialEntries: { credentials: string[] };
  tallyPart: { product: EncryptedTally; count: number; credentialDigests: Uint8Array };
  tallyRecords: { tallyText: string; sizedText: string };
  /** The share as Belenios writes it: what was checked is what the archive holds. */
  share: { share: string };
  result: { resultText: string; counts: string[][] };
}

/** A list of public credentials a worker keeps under a name, sent with the first task that needs it. */
export interface CredentialList {
  name: string;
  credentials: readonly string[];
}

/** Thrown when a task names a list this worker does not hold (it was forgotten, or the worker is new). */
export class MissingCredentialList extends Error {
  constructor(readonly listName: string) {
    super(`the credential list ${listName} is not held by this worker`);
    this.name = 'MissingCredentialList';
  }
}

// A few lists at a time: each is a whole election's list, and only elections taking ballots now need one.
const MAX_LISTS = 4;
const lists = new Map<string, ReadonlyMap<string, bigint>>();

/** Keeps a list for the tasks that name it (read once here, not once per ballot). */
export function keepCredentialList(list: CredentialList): void {
  lists.delete(list.name);
  if (lists.size >= MAX_LISTS) lists.delete(lists.keys().next().value as string);
  lists.set(list.name, asList(list.credentials));
}

function listNamed(name: string): ReadonlyMap<string, bigint> {
  const list = lists.get(name);
  if (!list) throw new MissingCredentialList(name);
  return list;
}

// A worker keeps the elections it has parsed: an election's text is fixed once it opens.
const elections = new Map<string, Election>();
function asList(credentials: readonly string[]) {
  return parsePublicCredentials(JSON.stringify(credentials));
}

function election(text: string): Election {
  let parsed = elections.get(text);
  if (!parsed) {
    parsed = parseElection(text);
    if (elections.size > 50) elections.clear();
    elections.set(text, parsed);
  }
  return parsed;
}

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

/**
 * The bytes of a credential's digest (the first of its SHA-256): a million ballots' digests are 16 MB where their
 * credentials are 620, and two different credentials share one with a chance of about 2^-128 per pair.
 */
export const CREDENTIAL_DIGEST = 16;

function credentialDigests(ballots: readonly VerifiedBallot[]): Uint8Array {
  const digests = new Uint8Array(ballots.length * CREDENTIAL_DIGEST);
  for (const [i, b] of ballots.entries())
    digests.set(
      createHash('sha256').update(b.credential).digest().subarray(0, CREDENTIAL_DIGEST),
      i * CREDENTIAL_DIGEST,
    );
  return digests;
}

/**
 * Whether two digests are the same. Belenios counts a credential's last ballot only; Codka stores one ballot per
 * credential (a unique index), so a tally computed in parts multiplies every ballot, and an archive where one
 * credential signed two is refused rather than counted twice. Sorted by their first 8 bytes (a native sort),
 * then the few that share those compared whole.
 */
function hasRepeatedDigest(digests: Uint8Array): boolean {
  const count = digests.length / CREDENTIAL_DIGEST;
  const view = new DataView(digests.buffer, digests.byteOffset, digests.byteLength);
  const heads = new BigUint64Array(count);
  for (let i = 0; i < count; i += 1) heads[i] = view.getBigUint64(i * CREDENTIAL_DIGEST);
  const sorted = heads.slice().sort();
  const shared = new Set<bigint>();
  for (let i = 1; i < count; i += 1) if (sorted[i] === sorted[i - 1]) shared.add(sorted[i] as bigint);
  if (shared.size === 0) return false;
  const seen = new Set<string>();
  for (let i = 0; i < count; i += 1) {
    if (!shared.has(heads[i] as bigint)) continue;
    const whole = Buffer.from(digests.subarray(i * CREDENTIAL_DIGEST, (i + 1) * CREDENTIAL_DIGEST)).toString(
      'hex',
    );
    if (seen.has(whole)) return true;
    seen.add(whole);
  }
  return false;
}

/**
 * An outside authority's credential, as Codka keeps it: the public credential alone. Codka counts one ballot
 * per voter, so a weight other than 1 is refused rather than dropped (the archive would count it as 1).
 */
function onePersonOneBallot(entry: string): string {
  const { credential, weight } = parsePublicCredential(entry);
  if (weight !== 1n)
    throw new BeleniosError('credential', 'a public credential carries a weight other than 1');
  return credential.toString();
}

export function runTask(task: VerifyTask): TaskResults[VerifyTask['kind']] {
  switch (task.kind) {
    case 'ballot': {
      const allowed = 'credentialList' in task ? listNamed(task.credentialList) : asList(task.credentials);
      const verified = verifyBallot(task.ballot, election(task.electionText), allowed);
      return { credential: verified.credential, tracker: verified.tracker };
    }
    case 'trusteeKey': {
      const key = parseTrusteePublicKey(task.publicKey);
      return { keyValue: key.publicKey.toString(), keyText: trusteePublicKeyJson(key) };
    }
    case 'electionSetup':
      return setupTexts(task.setup);
    case 'publicCredentials':
      return { publicCredentials: task.privateCredentials.map((c) => publicCredential(task.uuid, c)) };
    case 'publicCredentialsPart':
      // Bytes that are not UTF-8 become U+FFFD here, which no public credential holds: the core refuses them.
      return readPublicCredentialEntries(task.bytes, task.reading, task.last);
    case 'publicCredentialEntries':
      return { credentials: task.entries.map(onePersonOneBallot) };
    case 'tallyPart': {
      const e = election(task.electionText);
      const counted = readCounted(e, task.ballots);
      const { tally } = computeEncryptedTally(e, counted);
      return { product: tally, count: counted.length, credentialDigests: credentialDigests(counted) };
    }
    case 'tallyRecords': {
      const e = election(task.electionText);
      if (hasRepeatedDigest(task.credentialDigests))
        throw new BeleniosError('archive', "a credential signed two of the archive's ballots");
      const product = task.product ?? computeEncryptedTally(e, []).tally;
      // Weight 1 each (readCounted): the total weight is the number of ballots.
      const sized = { numTallied: task.numTallied, totalWeight: BigInt(task.numTallied) };
      const { tallyText, sizedText } = tallyRecords(product, sized);
      return { tallyText, sizedText };
    }
    case 'share': {
      const e = election(task.electionText);
      const tally = parseEncryptedTally(task.tallyText, e);
      const share = verifyPartialDecryption(task.share, e, tally, parseTrusteePublicKey(task.trusteeKey));
      return { share: partialDecryptionJson(share) };
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
