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

/**
 * Where a reading of a public credentials file given in parts has got to: before its `[`, just after it, just
 * after a `,` (an entry is due), just after an entry (a `,` or the `]` is due), or after the `]`.
 */
export type CredentialsFileReading = 'open' | 'first' | 'entry' | 'next' | 'closed';

/**
 * The longest an entry may be written: a credential of 617 digits, a weight of 12 and a login of 200 characters,
 * each character escaped as JSON allows (`\u0031`, six bytes), is under 6 KB. A longer string is no entry, and
 * is refused before it is kept across parts.
 */
export const MAX_CREDENTIAL_ENTRY_BYTES = 8 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN = 0x5b;
const CLOSE = 0x5d;
const isJsonSpace = (byte: number) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
const entryText = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * Reads the entries of a public credentials file (a JSON array of strings, as publicCredentialEntries takes
 * it whole) given in parts of any size, so a nation's file is never one string: `bytes` are what the last
 * reading left over followed by the next part. Answers the entries complete in them (each a JSON string read by
 * JSON.parse, escapes and all), the bytes of the entry not yet complete (to put before the next part; never
 * more than MAX_CREDENTIAL_ENTRY_BYTES) and where the reading is. With `last`, the file must end here, its `]`
 * read. A part may end anywhere, even inside a character: entries are cut at their quotes, which are ASCII.
 * A UTF-8 byte order mark before the `[` is skipped, as a decoder of the whole file skips it.
 */
export function readPublicCredentialEntries(
  bytes: Uint8Array,
  reading: CredentialsFileReading,
  last: boolean,
): { entries: string[]; rest: Uint8Array; reading: CredentialsFileReading } {
  const entries: string[] = [];
  let at = 0;
  if (reading === 'open' && bytes[0] === 0xef) {
    if (bytes[1] === 0xbb && bytes[2] === 0xbf) at = 3;
    // The mark cut by the part's end: read with what follows.
    else if (!last && bytes.length < 3 && (bytes.length < 2 || bytes[1] === 0xbb))
      return { entries, rest: bytes.slice(), reading };
  }
  while (at < bytes.length) {
    const byte = bytes[at] as number;
    if (isJsonSpace(byte)) {
      at += 1;
      continue;
    }
    if (reading === 'open' && byte === OPEN) reading = 'first';
    else if ((reading === 'next' && byte === CLOSE) || (reading === 'first' && byte === CLOSE))
      reading = 'closed';
    else if (reading === 'next' && byte === COMMA) reading = 'entry';
    else if ((reading === 'first' || reading === 'entry') && byte === QUOTE) {
      // The closing quote: the next one not escaped (after an even run of backslashes).
      let end = at;
      for (;;) {
        end = bytes.indexOf(QUOTE, end + 1);
        let slashes = 0;
        while (end > 0 && bytes[end - 1 - slashes] === BACKSLASH) slashes += 1;
        if (end < 0 || slashes % 2 === 0) break;
      }
      if (end < 0) break;
      if (end + 1 - at > MAX_CREDENTIAL_ENTRY_BYTES) refuse('size', 'a public credential is too long');
      let entry: unknown;
      try {
        entry = JSON.parse(entryText.decode(bytes.subarray(at, end + 1)));
      } catch {
        refuse('json', 'the public credentials are not a list of strings');
      }
      entries.push(string(entry, 'a public credential'));
      reading = 'next';
      at = end;
    } else refuse('json', 'the public credentials are not a list of strings');
    at += 1;
  }
  // A copy: a view would keep (and carry from a worker) the whole part it is cut from.
  const rest = bytes.slice(at);
  if (rest.length > MAX_CREDENTIAL_ENTRY_BYTES) refuse('size', 'a public credential is too long');
  if (last && (rest.length > 0 || reading !== 'closed'))
    refuse('json', 'the public credentials file ends before its list does');
  return { entries, rest, reading };
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
