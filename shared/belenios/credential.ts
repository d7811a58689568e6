import { refuse } from './errors';
import { parseDecimal, parseElement, powG, Q } from './group';
import { pbkdf2Sha256 } from './hash';

/**
 * Voters' credentials (Belenios specification, section 4.8). A private credential is 14 random Base58 digits
 * and a checksum digit, written XXX-XXX-XXX-XXX-XXX; its secret is PBKDF2-HMAC-SHA256 of the text with the
 * election's uuid as salt, and its public credential is g^secret. The text is used exactly as written (with its
 * dashes), as belenios-tool does, so a credential from `setup generate-credentials` and one of ours are
 * interchangeable.
 */
export const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const RANDOM_DIGITS = 14;
const PBKDF2_ITERATIONS = 1000;

function digitValue(character: string): number {
  return BASE58.indexOf(character);
}

/** The digits' value modulo 53, read as a big-endian number in base 58. */
function valueMod53(digits: string): number {
  let value = 0;
  for (const character of digits) value = (value * 58 + digitValue(character)) % 53;
  return value;
}

/** The checksum digit: 53 minus the 14 digits' value modulo 53. */
function checksumDigit(digits: string): string {
  return BASE58.charAt(53 - valueMod53(digits));
}

function format(raw: string): string {
  return raw.match(/.{3}/g)?.join('-') ?? raw;
}

/**
 * Base58 digits from a source of bytes, asked again (with the next round number) until there are enough. 232 is
 * the largest multiple of 58 below 256: the bytes above are skipped so every digit is equally likely.
 */
export function base58Digits(count: number, bytesOf: (round: number) => Uint8Array): string {
  let digits = '';
  for (let round = 0; digits.length < count; round += 1) {
    for (const byte of bytesOf(round))
      if (byte < 232 && digits.length < count) digits += BASE58.charAt(byte % 58);
  }
  return digits;
}

const randomBytes = () => crypto.getRandomValues(new Uint8Array(32));

/** The private credential whose digits come from `bytesOf` (base58Digits), with its checksum, written dashed. */
export function credentialFromBytes(bytesOf: (round: number) => Uint8Array): string {
  const digits = base58Digits(RANDOM_DIGITS, bytesOf);
  return format(digits + checksumDigit(digits));
}

/** A new private credential, from the platform's cryptographic generator. */
export function generateCredential(): string {
  return credentialFromBytes(randomBytes);
}

/** Random Base58 text of `count` digits, from the platform's cryptographic generator (an election's uuid). */
export const randomBase58 = (count: number): string => base58Digits(count, randomBytes);

/** Whether a text is a private credential with a correct checksum, dashed or not (credential.ml's `check`). */
export function isCredential(text: string): boolean {
  let raw = text;
  if (text.length === 19) {
    if (![3, 7, 11, 15].every((i) => text.charAt(i) === '-')) return false;
    raw = text.replaceAll('-', '');
  }
  if (raw.length !== RANDOM_DIGITS + 1 || [...raw].some((c) => digitValue(c) < 0)) return false;
  // credential.ml's rule: the digits' value plus the checksum digit's is a multiple of 53.
  return (valueMod53(raw.slice(0, RANDOM_DIGITS)) + digitValue(raw.charAt(RANDOM_DIGITS))) % 53 === 0;
}

/** The secret exponent of a private credential in an election: the signing key of its ballots. */
export function credentialSecret(uuid: string, credential: string): bigint {
  if (!isCredential(credential)) refuse('credential', 'this is not a Belenios credential (wrong checksum)');
  return pbkdf2Sha256(credential, uuid, PBKDF2_ITERATIONS) % Q;
}

/** The public credential (decimal, as on the election's list) of a private credential in an election. */
export function publicCredential(uuid: string, credential: string): string {
  return powG(credentialSecret(uuid, credential)).toString();
}

/**
 * One entry of the public credentials list: "credential", "credential,weight", or as `belenios-tool setup
 * generate-credentials` writes its .pubcreds file, "credential,weight,login" with the weight left empty for 1.
 * The login names the voter for the authority only: it is not read.
 */
export interface PublicCredential {
  credential: bigint;
  weight: bigint;
}

export function parsePublicCredential(entry: string): PublicCredential {
  const [key, weight, login, ...rest] = entry.split(',');
  if (rest.length > 0) refuse('json', 'a public credential has more than two commas');
  if (login !== undefined && (login === '' || login.length > 200))
    refuse('json', "a public credential's login is empty or too long");
  const credential = parseElement(key, 'a public credential');
  const weighed = weight !== undefined && !(login !== undefined && weight === '');
  return { credential, weight: weighed ? parseDecimal(weight, 12, 'a weight') : 1n };
}
