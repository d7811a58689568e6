import { refuse } from './errors';
import { GROUP_NAME, parseElement, parseExponent, powG, randomExponent } from './group';
import { sha256Hex } from './hash';
import { object, parseJson, string } from './json';
import { type Proof, parseProof, proofJson, proveKnowledge, verifyKnowledge } from './proofs';

/**
 * A trustee's key (Belenios specification, section 4.5): a private key x below q, and the public key g^x
 * published with a proof that its owner knows x. Codka uses Belenios' "Single" trustees: every trustee's share
 * is needed to decrypt the tally.
 */
export interface TrusteePublicKey {
  publicKey: bigint;
  pok: Proof;
  name?: string;
}

export interface TrusteeKeyPair {
  /** The private key as `belenios-tool setup generate-trustee-key` stores it (a JSON string of the number). */
  privateKey: string;
  /** The public key with its proof, as the same command writes it: the text a trustee gives Codka. */
  publicKey: string;
}

const CONTROL = /\p{Cc}/u;

/** The longest trustee public key text accepted: two exponents, one element and the JSON around them. */
const MAX_PUBLIC_KEY_LENGTH = 2048;

function pokPrefix(publicKey: bigint): string {
  return `pok|${GROUP_NAME}|${publicKey}|`;
}

export function trusteePublicKeyJson(key: TrusteePublicKey): string {
  const name = key.name === undefined ? '' : `,"name":${JSON.stringify(key.name)}`;
  return `{"pok":${proofJson(key.pok)},"public_key":"${key.publicKey}"${name}}`;
}

/** A new key pair, made on the trustee's own device: only `publicKey` ever leaves it. */
export function generateTrusteeKey(): TrusteeKeyPair {
  const x = randomExponent();
  const publicKey = powG(x);
  const pok = proveKnowledge(x, pokPrefix(publicKey));
  return { privateKey: JSON.stringify(x.toString()), publicKey: trusteePublicKeyJson({ publicKey, pok }) };
}

/** Reads a trustee public key without checking its proof (for keys already checked, such as an archive's). */
export function readTrusteePublicKey(value: unknown): TrusteePublicKey {
  const record = object(value, ['pok', 'public_key'], ['name'], 'the trustee public key');
  const key: TrusteePublicKey = {
    publicKey: parseElement(record.public_key, 'the trustee public key'),
    pok: parseProof(record.pok, 'the proof of the trustee public key'),
  };
  if (record.name !== undefined) {
    key.name = string(record.name, 'the trustee name');
    // Belenios escapes control characters that JSON.stringify writes as they are: refused, so that the key
    // written again is the one belenios-tool would write.
    if (CONTROL.test(key.name)) refuse('json', 'the trustee name holds a control character');
  }
  return key;
}

/** Checks the proof that the owner of a trustee public key knows its private key. */
export function verifyTrusteePublicKey(key: TrusteePublicKey): void {
  if (!verifyKnowledge(key.publicKey, key.pok, pokPrefix(key.publicKey))) {
    refuse('proof', 'the proof of knowledge of the trustee key does not verify');
  }
}

/** Parses and verifies a trustee public key in the text form belenios-tool writes (ID.pubkey); 1 is refused. */
export function parseTrusteePublicKey(text: string): TrusteePublicKey {
  const key = readTrusteePublicKey(parseJson(text.trim(), MAX_PUBLIC_KEY_LENGTH, 'the trustee public key'));
  // 1 is g^0, a key whose share anyone can compute: the other trustees would hold the whole secret that the
  // election's minimum of trustees is there to split.
  if (key.publicKey === 1n) refuse('group', 'the trustee public key is 1, whose private key is 0');
  verifyTrusteePublicKey(key);
  return key;
}

/** The private key of a trustee from its text (ID.privkey, a JSON string of the number, or the bare number). */
export function parseTrusteePrivateKey(text: string): bigint {
  const trimmed = text.trim();
  const value = trimmed.startsWith('"') ? parseJson(trimmed, 100, 'the trustee private key') : trimmed;
  return parseExponent(value, 'the trustee private key');
}

/** The 8-character id belenios-tool names a key's files with: the start of the public key's SHA-256. */
export function trusteeKeyId(key: TrusteePublicKey): string {
  return sha256Hex(key.publicKey.toString()).slice(0, 8).toUpperCase();
}
