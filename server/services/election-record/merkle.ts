import { hash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * The election record's hashing (docs/election-record.md), on the server. The same procedure is written twice
 * more, on purpose: in the browser with Web Crypto (client/src/lib/election-record.ts) and in the dependency-free
 * script anyone can run (scripts/verify-election-record.mjs); tests check that all three agree.
 *
 * The tree is RFC 6962's (Certificate Transparency): a leaf is hashed with a 0x00 prefix and an inner node
 * with 0x01, so no list of entries can be passed off as another list's inner node; an odd node at the end of
 * a level is carried up unchanged (never paired with a copy of itself, which would let a list with its last
 * entry repeated have the same root). One-shot hashes of one buffer each: a record of a million votes is about
 * two million of them, fixed while the server waits.
 */
const sha256 = (bytes: Buffer): Buffer => hash('sha256', bytes, 'buffer');

/** A receipt's entry in the record: SHA-256 of the receipt id's UTF-8 bytes, as lowercase hex. */
export function recordEntryOf(receiptId: string): string {
  return hash('sha256', Buffer.from(receiptId, 'utf8'), 'hex');
}

function leafHash(entry: string): Buffer {
  const bytes = Buffer.allocUnsafe(33);
  bytes[0] = 0x00;
  bytes.write(entry, 1, 'hex');
  return sha256(bytes);
}

function nodeHash(left: Buffer, right: Buffer): Buffer {
  const bytes = Buffer.allocUnsafe(65);
  bytes[0] = 0x01;
  left.copy(bytes, 1);
  right.copy(bytes, 33);
  return sha256(bytes);
}

/** The node above positions 2i and 2i+1 of a level: their hash, or the left one carried up when it is alone. */
function parentAt(level: readonly Buffer[], index: number): Buffer {
  const left = level[2 * index] as Buffer;
  const right = level[2 * index + 1];
  return right ? nodeHash(left, right) : left;
}

const levelAbove = (level: readonly Buffer[]) =>
  Array.from({ length: Math.ceil(level.length / 2) }, (_, index) => parentAt(level, index));

const EMPTY_ROOT = sha256(Buffer.alloc(0)).toString('hex');

/** The root over entries already sorted; an empty record's root is SHA-256 of nothing (as in RFC 6962). */
export function merkleRoot(entries: readonly string[]): string {
  if (entries.length === 0) return EMPTY_ROOT;
  let level: Buffer[] = entries.map(leafHash);
  while (level.length > 1) level = levelAbove(level);
  return (level[0] as Buffer).toString('hex');
}

/** Hashes per turn of the event loop when a record is fixed: a few milliseconds, then other requests go first. */
const HASHES_PER_TURN = 4096;

/** `work` over 0..count-1, giving the event loop back every HASHES_PER_TURN items. */
export async function inTurns<T>(count: number, work: (index: number) => T): Promise<T[]> {
  const done = new Array<T>(count);
  for (let start = 0; start < count; start += HASHES_PER_TURN) {
    const end = Math.min(count, start + HASHES_PER_TURN);
    for (let index = start; index < end; index += 1) done[index] = work(index);
    if (end < count) await nextTurn();
  }
  return done;
}

/**
 * merkleRoot for a record being fixed on a running server: a million entries are two million hashes, seconds
 * of work that would otherwise stop every other request; this one lets them through between turns.
 */
export async function merkleRootInTurns(entries: readonly string[]): Promise<string> {
  if (entries.length === 0) return EMPTY_ROOT;
  let level = await inTurns(entries.length, (index) => leafHash(entries[index] as string));
  while (level.length > 1) {
    const below = level;
    level = await inTurns(Math.ceil(below.length / 2), (index) => parentAt(below, index));
  }
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
    node = step.side === 'left' ? nodeHash(sibling, node) : nodeHash(node, sibling);
  }
  return node.toString('hex') === root;
}
