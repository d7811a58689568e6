import { BASE58, parsePublicCredential, randomBase58 } from './credential';
import { refuse } from './errors';
import { GROUP_NAME, mul, parseElement } from './group';
import { sha256B64 } from './hash';
import { array, integer, object, parseJson, string } from './json';
import {
  readTrusteePublicKey,
  type TrusteePublicKey,
  trusteePublicKeyJson,
  verifyTrusteePublicKey,
} from './trustee';

/**
 * The election's parameters (Belenios specification, section 4.10): the questions, the uuid, the group and the
 * election key. Its exact text is part of the election: its SHA-256 (Base64) is the fingerprint every ballot
 * and partial decryption is bound to, so the text is made once, stored, and never written again.
 */

/** A homomorphic question "select at least min, at most max of the answers" (section 4.9.1), without blank. */
export interface Question {
  question: string;
  answers: string[];
  min: number;
  max: number;
}

export interface Election {
  /** The text as published: what the fingerprint is the hash of. */
  raw: string;
  fingerprint: string;
  uuid: string;
  name: string;
  description: string;
  publicKey: bigint;
  questions: Question[];
}

const MAX_ELECTION_LENGTH = 1_000_000;
const UUID_LENGTH = 14;

/** A new election uuid: 14 random Base58 characters, the length belenios-tool's `setup generate-token` uses. */
export function generateUuid(): string {
  return randomBase58(UUID_LENGTH);
}

function isUuid(value: string): boolean {
  return value.length >= UUID_LENGTH && [...value].every((c) => BASE58.includes(c));
}

function questionJson(q: Question): string {
  return `{"answers":${JSON.stringify(q.answers)},"min":${q.min},"max":${q.max},"question":${JSON.stringify(q.question)}}`;
}

function checkQuestion(q: Question): void {
  const fits = Number.isSafeInteger(q.min) && Number.isSafeInteger(q.max);
  if (!fits || q.answers.length === 0 || q.min < 0 || q.min > q.max || q.max > q.answers.length) {
    refuse(
      'election',
      `the question "${q.question}" asks for between ${q.min} and ${q.max} of ${q.answers.length}`,
    );
  }
}

/** The trustees structure (section 4.7): one "Single" item per trustee, in the order of their partial decryptions. */
export function trusteesJson(keys: readonly TrusteePublicKey[]): string {
  return `[${keys.map((k) => `["Single",${trusteePublicKeyJson(k)}]`).join(',')}]`;
}

/** The election key: the product of the trustees' public keys (section 3.1.1). */
export function electionPublicKey(keys: readonly TrusteePublicKey[]): bigint {
  return keys.reduce((product, k) => mul(product, k.publicKey), 1n);
}

export interface ElectionSetup {
  uuid: string;
  name: string;
  description: string;
  questions: Question[];
  trustees: readonly TrusteePublicKey[];
}

/** The election's text and the trustees' text for its setup event, as `setup make-election` would write them. */
export function makeElection(setup: ElectionSetup): { election: string; trustees: string } {
  if (!isUuid(setup.uuid)) refuse('election', 'the uuid is not at least 14 Base58 characters');
  if (setup.trustees.length === 0) refuse('trustee', 'an election needs at least one trustee');
  for (const q of setup.questions) checkQuestion(q);
  const election =
    `{"version":1,"description":${JSON.stringify(setup.description)},"name":${JSON.stringify(setup.name)},` +
    `"group":"${GROUP_NAME}","public_key":"${electionPublicKey(setup.trustees)}",` +
    `"questions":[${setup.questions.map(questionJson).join(',')}],"uuid":"${setup.uuid}"}`;
  return { election, trustees: trusteesJson(setup.trustees) };
}

/** A list entry's credential ("credential" or "credential,weight") without leading zeros. */
function decimalKey(entry: string): string {
  const comma = entry.indexOf(',');
  const digits = comma < 0 ? entry : entry.slice(0, comma);
  return digits.startsWith('0') ? digits.replace(/^0+(?=\d)/, '') : digits;
}

/**
 * The public credentials list (section 4.8) as belenios-tool writes it: sorted by value, so the list says
 * nothing of the order in which voters were given their credentials.
 */
export function publicCredentialsJson(credentials: readonly string[]): string {
  // Compared as decimal texts (fewer digits first, then digit by digit), each key made once: parsing two
  // 617-digit numbers in every comparison would take minutes for a national roll, inside the opening.
  const keyed = credentials.map((text) => ({ text, key: decimalKey(text) }));
  keyed.sort((a, b) =>
    a.key.length !== b.key.length ? a.key.length - b.key.length : a.key < b.key ? -1 : a.key > b.key ? 1 : 0,
  );
  return JSON.stringify(keyed.map((c) => c.text));
}

function parseQuestion(value: unknown, index: number): Question {
  const what = `question ${index + 1}`;
  const record = object(value, ['answers', 'min', 'max', 'question'], ['blank', 'type', 'value'], what);
  if (record.type !== undefined || record.blank === true) {
    refuse(
      'election',
      `${what} is not a homomorphic question without blank vote, the only kind Codka counts`,
    );
  }
  const question: Question = {
    question: string(record.question, what),
    answers: array(record.answers, `${what}'s answers`).map((a) => string(a, `an answer of ${what}`)),
    min: integer(record.min, `${what}'s min`),
    max: integer(record.max, `${what}'s max`),
  };
  checkQuestion(question);
  return question;
}

/** Reads an election's text (election.json, or the first record of an archive). */
export function parseElection(raw: string): Election {
  const record = object(
    parseJson(raw, MAX_ELECTION_LENGTH, 'the election'),
    ['version', 'description', 'name', 'group', 'public_key', 'questions', 'uuid'],
    ['administrator', 'credential_authority'],
    'the election',
  );
  if (record.version !== 1) refuse('election', 'the election is not of version 1 (Belenios 2.0)');
  if (record.group !== GROUP_NAME) refuse('election', `the election's group is not ${GROUP_NAME}`);
  const uuid = string(record.uuid, 'the uuid');
  if (!isUuid(uuid)) refuse('election', 'the uuid is not at least 14 Base58 characters');
  return {
    raw,
    fingerprint: sha256B64(raw),
    uuid,
    name: string(record.name, 'the name'),
    description: string(record.description, 'the description'),
    publicKey: parseElement(record.public_key, 'the election public key'),
    questions: array(record.questions, 'the questions').map(parseQuestion),
  };
}

/**
 * Reads the trustees structure and checks it against the election: every key's proof, and that their product
 * is the election key (what `election verify` checks first). Only "Single" trustees are read.
 */
export function parseTrustees(raw: string, election: Election): TrusteePublicKey[] {
  const items = array(parseJson(raw, MAX_ELECTION_LENGTH, 'the trustees'), 'the trustees');
  const keys = items.map((item, i) => {
    const pair = array(item, `trustee ${i + 1}`);
    if (pair.length !== 2 || pair[0] !== 'Single')
      refuse('trustee', `trustee ${i + 1} is not a "Single" trustee`);
    const key = readTrusteePublicKey(pair[1]);
    verifyTrusteePublicKey(key);
    return key;
  });
  if (electionPublicKey(keys) !== election.publicKey) {
    refuse('trustee', "the trustees' keys do not make the election key");
  }
  return keys;
}

/**
 * A public credentials file's entries ("credential" or "credential,weight"), not yet read: parsePublicCredential
 * reads each (a group membership check apiece), so a long list can be read in parts.
 */
export function publicCredentialEntries(raw: string): string[] {
  const entries = array(
    parseJson(raw, 100 * MAX_ELECTION_LENGTH, 'the public credentials'),
    'the credentials',
  );
  return entries.map((entry) => string(entry, 'a public credential'));
}

/** The public credentials of an election, by decimal value, with their weights. */
export function parsePublicCredentials(raw: string): Map<string, bigint> {
  const result = new Map<string, bigint>();
  for (const entry of publicCredentialEntries(raw)) {
    const { credential, weight } = parsePublicCredential(entry);
    const key = credential.toString();
    if (result.has(key)) refuse('credential', 'a public credential appears twice');
    result.set(key, weight);
  }
  return result;
}
