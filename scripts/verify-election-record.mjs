#!/usr/bin/env node
// Checks a Codka election record (docs/election-record.md) on its own, with nothing but Node 20 or later:
//
//   node scripts/verify-election-record.mjs record.json [receipt-id]
//   curl -s https://<site>/api/v1/elections/<id>/record | node scripts/verify-election-record.mjs - [receipt-id]
//
// It recomputes the count, the totals' sum and the Merkle root from the entries, and, given a receipt id, hashes
// it, finds it among the entries and proves it leads to the root. Exit 0: everything holds; 1: something does not
// (each failure is printed); 2: the file could not be read. The procedure is written out here on purpose, apart
// from the site's own code, so that whoever runs it need trust only these lines.
import { createHash } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const FORMAT = 'codka-election-record/1';
const HEX64 = /^[0-9a-f]{64}$/;

const sha256 = (...parts) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

/** An entry: SHA-256 of the receipt id's UTF-8 bytes, lowercase hex. */
export const entryOf = (receiptId) => createHash('sha256').update(receiptId, 'utf8').digest('hex');

// RFC 6962: a leaf is SHA-256(0x00 || entry's 32 bytes), an inner node SHA-256(0x01 || left || right).
const leafHash = (entry) => sha256(Buffer.from([0]), Buffer.from(entry, 'hex'));
const nodeHash = (left, right) => sha256(Buffer.from([1]), left, right);

/** One level up: pairs left to right; an odd last node is carried up unchanged. */
function levelAbove(level) {
  const above = [];
  for (let i = 0; i < level.length; i += 2)
    above.push(i + 1 < level.length ? nodeHash(level[i], level[i + 1]) : level[i]);
  return above;
}

/** The root over the entries in their order; no entries: SHA-256 of nothing. */
export function rootOf(entries) {
  if (entries.length === 0) return sha256().toString('hex');
  let level = entries.map(leafHash);
  while (level.length > 1) level = levelAbove(level);
  return level[0].toString('hex');
}

/** The siblings from one leaf to the root, each with the side it is hashed on. */
export function proofOf(entries, index) {
  const steps = [];
  let level = entries.map(leafHash);
  let position = index;
  while (level.length > 1) {
    const siblingAt = position % 2 === 0 ? position + 1 : position - 1;
    if (siblingAt < level.length) {
      steps.push({ side: position % 2 === 0 ? 'right' : 'left', hash: level[siblingAt].toString('hex') });
    }
    level = levelAbove(level);
    position = Math.floor(position / 2);
  }
  return steps;
}

/** Walks a proof from an entry's leaf up; the result must be the record's root. */
export function rootFromProof(entry, steps) {
  let node = leafHash(entry);
  for (const step of steps) {
    const sibling = Buffer.from(step.hash, 'hex');
    node = step.side === 'left' ? nodeHash(sibling, node) : nodeHash(node, sibling);
  }
  return node.toString('hex');
}

/** Every check on a parsed record; returns the failures (none: the record holds). */
export function checkRecord(record) {
  const failures = [];
  if (record?.format !== FORMAT) return [`not a ${FORMAT} record`];
  const { entries, candidates, votesCast, root } = record;
  if (!Array.isArray(entries) || !Array.isArray(candidates)) return ['entries or candidates missing'];
  entries.forEach((entry, i) => {
    if (typeof entry !== 'string' || !HEX64.test(entry))
      failures.push(`entry ${i} is not 64 lowercase hex digits`);
    else if (i > 0 && !(entries[i - 1] < entry)) failures.push(`entry ${i} is out of order or repeated`);
  });
  if (entries.length !== votesCast)
    failures.push(`${entries.length} entries, but the record says ${votesCast} votes`);
  const summed = candidates.reduce((sum, candidate) => sum + candidate.votes, 0);
  if (summed !== votesCast) failures.push(`the candidates' votes add up to ${summed}, not ${votesCast}`);
  if (failures.length === 0) {
    const recomputed = rootOf(entries);
    if (recomputed !== root) failures.push(`the root recomputes to ${recomputed}, not ${root}`);
  }
  return failures;
}

function readRecord(path) {
  try {
    return JSON.parse(readFileSync(path === '-' ? 0 : path, 'utf8'));
  } catch (error) {
    console.error(`Cannot read ${path === '-' ? 'the record from standard input' : path}: ${error.message}`);
    process.exit(2);
  }
}

function main([path, receiptId]) {
  if (!path) {
    console.error('Usage: node scripts/verify-election-record.mjs <record.json | -> [receipt-id]');
    process.exit(2);
  }
  const record = readRecord(path);
  const failures = checkRecord(record);
  for (const failure of failures) console.error(`FAIL: ${failure}`);
  if (failures.length > 0) process.exit(1);
  console.log(`OK: ${record.votesCast} entries, totals add up, root ${record.root}`);
  if (receiptId === undefined) return;
  const entry = entryOf(receiptId.trim());
  const index = record.entries.indexOf(entry);
  if (index < 0) {
    console.error(`FAIL: receipt ${receiptId} (entry ${entry}) is not in this record`);
    process.exit(1);
  }
  const proof = proofOf(record.entries, index);
  if (rootFromProof(entry, proof) !== record.root) {
    console.error(`FAIL: the proof for entry ${entry} does not lead to the root`);
    process.exit(1);
  }
  console.log(
    `OK: receipt's entry ${entry} is entry ${index}; its proof (${proof.length} steps) leads to the root`,
  );
  for (const step of proof) console.log(`  ${step.side.padEnd(5)} ${step.hash}`);
}

// Run as a script; imported (by the tests), only the functions above.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url))
  main(process.argv.slice(2));
