/**
 * The election record's procedure in the browser, with Web Crypto (docs/election-record.md): the /verify page
 * hashes the voter's receipt here and checks it against the downloaded record, so the record check itself never
 * sends the receipt anywhere. The server (server/services/election-record/merkle.ts) and the script anyone can
 * run (scripts/verify-election-record.mjs) do the same; tests check that the three agree.
 */
const LEAF = 0x00;
const NODE = 0x01;

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
}

const toHex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index += 1) {
    bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  }
  return bytes;
}

/** A prefix byte followed by the parts, as one buffer to hash. */
function joined(prefix: number, ...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(1 + parts.reduce((sum, part) => sum + part.length, 0));
  bytes[0] = prefix;
  let at = 1;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

/** A receipt's entry: SHA-256 of the receipt id's UTF-8 bytes, lowercase hex. */
export async function recordEntryOf(receiptId: string): Promise<string> {
  return toHex(await sha256(new TextEncoder().encode(receiptId)));
}

/** RFC 6962's root over the entries in their order: 0x00 leaves, 0x01 nodes, an odd node carried up. */
export async function merkleRoot(entries: readonly string[]): Promise<string> {
  if (entries.length === 0) return toHex(await sha256(new Uint8Array(0)));
  let level = await Promise.all(entries.map((entry) => sha256(joined(LEAF, fromHex(entry)))));
  while (level.length > 1) {
    const pairs: Promise<Uint8Array<ArrayBuffer>>[] = [];
    for (let index = 0; index < level.length; index += 2) {
      const left = level[index] as Uint8Array<ArrayBuffer>;
      const right = level[index + 1];
      pairs.push(right ? sha256(joined(NODE, left, right)) : Promise.resolve(left));
    }
    level = await Promise.all(pairs);
  }
  return toHex(level[0] as Uint8Array);
}

/** Where an entry sits in the sorted list, or -1. */
function indexOfEntry(entries: readonly string[], entry: string): number {
  let low = 0;
  let high = entries.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const found = entries[middle] as string;
    if (found === entry) return middle;
    if (found < entry) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

export type ReceiptInRecord =
  /** The receipt's entry is in the record, and the record's entries lead to its root. */
  | { kind: 'included'; entry: string; root: string }
  /** The record holds (and its root confirms) entries, but not this receipt's. */
  | { kind: 'absent'; entry: string; root: string }
  /** The entries do not lead to the root the record states: the file is not the record fixed at close. */
  | { kind: 'rootMismatch'; entry: string; root: string };

/**
 * Hashes the receipt here, finds its entry, and recomputes the root from every entry; `publishedRoot` (the root
 * the site shows, from another answer) must be the file's too.
 */
export async function receiptInRecord(
  record: { entries: readonly string[]; root: string },
  receiptId: string,
  publishedRoot: string = record.root,
): Promise<ReceiptInRecord> {
  const entry = await recordEntryOf(receiptId);
  const recomputed = await merkleRoot(record.entries);
  if (recomputed !== record.root || record.root !== publishedRoot) {
    return { kind: 'rootMismatch', entry, root: record.root };
  }
  return { kind: indexOfEntry(record.entries, entry) >= 0 ? 'included' : 'absent', entry, root: record.root };
}
