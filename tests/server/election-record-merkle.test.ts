import { createHash } from 'node:crypto';
import {
  inclusionProof,
  merkleRoot,
  proofLeadsToRoot,
  recordEntryOf,
} from '@server/services/election-record/merkle';
import { describe, expect, it } from 'vitest';
import * as browser from '../../client/src/lib/election-record';

const sha256 = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();

/** RFC 6962 §2.1's definition, written apart from the code under test: split at the largest power of two below n. */
function rfc6962Root(leaves: Buffer[]): Buffer {
  if (leaves.length === 0) return sha256();
  if (leaves.length === 1) return sha256(Buffer.from([0]), leaves[0] as Buffer);
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return sha256(Buffer.from([1]), rfc6962Root(leaves.slice(0, k)), rfc6962Root(leaves.slice(k)));
}

const entriesOf = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    recordEntryOf(`V1795000000${String(index).padStart(3, '0')}-abcdefghi`),
  ).sort();

describe('the election record tree', () => {
  it('hashes a receipt id as SHA-256 of its UTF-8 bytes, lowercase hex', () => {
    expect(recordEntryOf('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('has RFC 6962 roots for every size from none to 33 entries, odd ones included', () => {
    for (let count = 0; count <= 33; count += 1) {
      const entries = entriesOf(count);
      const leaves = entries.map((entry) => Buffer.from(entry, 'hex'));
      expect(merkleRoot(entries), `${count} entries`).toBe(rfc6962Root(leaves).toString('hex'));
    }
  });

  it('proves each entry with a path to the root, and no path serves another entry or a changed root', () => {
    for (const count of [1, 2, 5, 8, 13]) {
      const entries = entriesOf(count);
      const root = merkleRoot(entries);
      entries.forEach((entry, index) => {
        const proof = inclusionProof(entries, index);
        expect(proof.length).toBeLessThanOrEqual(Math.ceil(Math.log2(count)));
        expect(proofLeadsToRoot(entry, proof, root)).toBe(true);
        if (count > 1) {
          expect(proofLeadsToRoot(entries[(index + 1) % count] as string, proof, root)).toBe(false);
          expect(proofLeadsToRoot(entry, proof, merkleRoot(entries.slice(1)))).toBe(false);
        }
      });
    }
  });

  it('is the same in the browser (Web Crypto) as on the server', async () => {
    for (const count of [0, 1, 2, 3, 7, 16, 21]) {
      const entries = entriesOf(count);
      expect(await browser.merkleRoot(entries)).toBe(merkleRoot(entries));
    }
    expect(await browser.recordEntryOf('V1795000000000-abc123xyz')).toBe(
      recordEntryOf('V1795000000000-abc123xyz'),
    );
  });

  it('tells a voter in the browser whether their receipt is in a record whose entries lead to its root', async () => {
    const receipts = ['V1795000000001-aaaaaaaaa', 'V1795000000002-bbbbbbbbb', 'V1795000000003-ccccccccc'];
    const entries = receipts.map(recordEntryOf).sort();
    const record = { entries, root: merkleRoot(entries) };
    expect(await browser.receiptInRecord(record, receipts[1] as string)).toMatchObject({ kind: 'included' });
    expect(await browser.receiptInRecord(record, 'V1795000000004-ddddddddd')).toMatchObject({
      kind: 'absent',
    });
    const dropped = { ...record, entries: entries.slice(1) };
    expect(await browser.receiptInRecord(dropped, receipts[1] as string)).toMatchObject({
      kind: 'rootMismatch',
    });
  });
});
