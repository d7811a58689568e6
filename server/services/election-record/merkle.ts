import { createHash } from 'node:crypto';

/**
 * The election record's hashing (docs/election-record.md), on the server. The same procedure is written twice
 * more, on purpose: in the browser with Web Crypto (client/src/lib/election-record.ts) and in the dependency-free
 * script anyone can run (scripts/verify-election-record.mjs); tests check that all three agree.
 *
 * The tree is RFC 6962's (Certificate Transparency): a leaf is hashed with a 0x00 prefix and an inner node
 * with 0x01, so no list of entries can be passed off as another list's inner node; an odd node at the end of
 * a level is carried up unchanged (never paired with a copy of itself, which would let a list with its last
 * entry repeated have the same root).
 */
const LEAF = Buffer.from([0]);
const NODE = Buffer.from([1]);

const sha256 = (...parts: Buffer[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

/** A receipt's entry in the record: SHA-256 of the receipt id's UTF-8 bytes, as lowercase hex. */
export function recordEntryOf(receiptId: string): string {
  return createHash('sha256').update(receiptId, 'utf8').digest('hex');
}

const leafHash = (entry: string) => sha256(LEAF, Buffer.from(entry, 'hex'));

/** One level up: pairs hashed left to right, an odd last node carried up as it is. */
function levelAbove(level: Buffer[]): Buffer[] {
  const above: Buffer[] = [];
  for (let index = 0; index < level.length; index += 2) {
    const left = level[index] as Buffer;
    const right = level[index + 1];
    above.push(right ? sha256(NODE, left, right) : left);
  }
  return above;
}

/** The root over entries already sorted; an empty record's root is SHA-256 of nothing (as in RFC 6962). */
export function merkleRoot(entries: readonly string[]): string {
  if (entries.length === 0) return sha256().toString('hex');
  let level: Buffer[] = entries.map(leafHash);
  while (level.length > 1) level = levelAbove(level);
  return (level[0] as Buffer).toString('hex');
}

export interface ProofStep {
  /** Which side the sibling sits on when the two are hashed together. */
  side: 'left' | 'right';
  hash: string;
}

/** The sibling hashes from one entry's leaf up to the root (a level where the node is carried up adds none). */
export function inclusionProof(entries: readonly string[], index: number): ProofStep[] {
  const steps: ProofStep[] = [];
  let level: Buffer[] = entries.map(leafHash);
  let position = index;
  while (level.length > 1) {
    const sibling = position % 2 === 0 ? level[position + 1] : level[position - 1];
    if (sibling) steps.push({ side: position % 2 === 0 ? 'right' : 'left', hash: sibling.toString('hex') });
    level = levelAbove(level);
    position = Math.floor(position / 2);
  }
  return steps;
}

/** Whether an entry and its proof lead to the root. */
export function proofLeadsToRoot(entry: string, proof: readonly ProofStep[], root: string): boolean {
  let node = leafHash(entry);
  for (const step of proof) {
    const sibling = Buffer.from(step.hash, 'hex');
    node = step.side === 'left' ? sha256(NODE, sibling, node) : sha256(NODE, node, sibling);
  }
  return node.toString('hex') === root;
}
