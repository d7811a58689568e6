import type { Election } from './election';
import { refuse } from './errors';
import { ELEMENT_DIGITS, isElement, P, parseDecimal, pow, powG } from './group';
import { sha256Hex } from './hash';
import { array, object, parseJson } from './json';
import { type Proof, parseProof, proofJson, proveEqualLogs, verifyEqualLogs } from './proofs';
import type { EncryptedTally } from './tally';
import type { TrusteePublicKey } from './trustee';

/**
 * A trustee's share of the decryption (Belenios specification, section 4.18): for each ciphertext of the
 * encrypted tally, the factor alpha^x with a proof that it uses the same x as the trustee's public key g^x.
 * No one but the trustee can make it, and anyone can check it.
 */
export interface PartialDecryption {
  factors: bigint[][];
  proofs: Proof[][];
}

function prefix(election: Election, publicKey: bigint): string {
  return `decrypt|${election.fingerprint}|${publicKey}|`;
}

export function partialDecryptionJson(pd: PartialDecryption): string {
  const factors = pd.factors.map((q) => `[${q.map((f) => `"${f}"`).join(',')}]`).join(',');
  const proofs = pd.proofs.map((q) => `[${q.map(proofJson).join(',')}]`).join(',');
  return `{"decryption_factors":[${factors}],"decryption_proofs":[${proofs}]}`;
}

/** Computes a trustee's partial decryption of the tally with its private key (on the trustee's own device). */
export function computePartialDecryption(
  election: Election,
  tally: EncryptedTally,
  privateKey: bigint,
): string {
  const publicKey = powG(privateKey);
  const zkp = prefix(election, publicKey);
  const pd: PartialDecryption = {
    factors: tally.map((q) => q.map((c) => pow(c.alpha, privateKey))),
    proofs: tally.map((q) => q.map((c) => proveEqualLogs(privateKey, c.alpha, zkp))),
  };
  return partialDecryptionJson(pd);
}

// The line `belenios-tool election decrypt` writes after the share: the archive event that names its trustee.
const OWNER_LINE = /^\{"owner":[0-9]+,"payload":"([0-9a-f]{64})"\}$/;

/**
 * The share in a trustee's text: the text itself, or the first of the two lines `belenios-tool election decrypt`
 * writes when the second is the owner line of exactly that share. The owner's number in that line is the
 * trustee's own guess of their place (`--trustee-id`): the token says whose share it is, and the archive's owner
 * line is written from Codka's order of the trustees.
 */
function shareOf(text: string): string {
  const lines = text.trim().split('\n');
  if (lines.length !== 2) return text.trim();
  const [share, owner] = lines.map((line) => line.trim()) as [string, string];
  const payload = OWNER_LINE.exec(owner)?.[1];
  if (payload === undefined) return text.trim();
  if (payload !== sha256Hex(share)) refuse('json', 'the owner line is not the owner line of this share');
  return share;
}

/**
 * Reads a partial decryption (as `belenios-tool election decrypt` writes it) and checks every factor's proof.
 * The share returned is what was checked: written again with `partialDecryptionJson`, it is what the archive
 * holds, whatever spacing, field order or repeated field the text had.
 */
export function verifyPartialDecryption(
  text: string,
  election: Election,
  tally: EncryptedTally,
  trustee: TrusteePublicKey,
): PartialDecryption {
  const cells = tally.reduce((n, q) => n + q.length, 0);
  const record = object(
    parseJson(shareOf(text), 4096 + cells * (ELEMENT_DIGITS + 200), 'the partial decryption'),
    ['decryption_factors', 'decryption_proofs'],
    [],
    'the partial decryption',
  );
  const factorRows = array(record.decryption_factors, 'the decryption factors');
  const proofRows = array(record.decryption_proofs, 'the decryption proofs');
  if (factorRows.length !== tally.length || proofRows.length !== tally.length) {
    refuse('election', 'the partial decryption does not have the shape of the tally');
  }
  const pd: PartialDecryption = { factors: [], proofs: [] };
  tally.forEach((q, i) => {
    const factors = array(factorRows[i], 'the decryption factors');
    const proofs = array(proofRows[i], 'the decryption proofs');
    if (factors.length !== q.length || proofs.length !== q.length) {
      refuse('election', 'the partial decryption does not have the shape of the tally');
    }
    pd.factors.push(factors.map((f) => parseDecimal(f, ELEMENT_DIGITS, 'a decryption factor')));
    pd.proofs.push(proofs.map((p) => parseProof(p, 'a decryption proof')));
  });
  const zkp = prefix(election, trustee.publicKey);
  tally.forEach((q, i) => {
    q.forEach((c, j) => {
      const factor = pd.factors[i]?.[j] as bigint;
      if (factor >= P || !isElement(factor))
        refuse('group', 'a decryption factor is not an element of the group');
      if (!verifyEqualLogs(trustee.publicKey, c.alpha, factor, pd.proofs[i]?.[j] as Proof, zkp)) {
        refuse('proof', "a decryption factor's proof does not verify against this trustee's key");
      }
    });
  });
  return pd;
}

/** The payload of a PartialDecryption event: which trustee (1-based, in the trustees' order) and the share's hash. */
export function ownedJson(owner: number, payloadHash: string): string {
  return `{"owner":${owner},"payload":"${payloadHash}"}`;
}
