import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ArchiveWriter,
  encryptBallot,
  generateCredential,
  generateTrusteeKey,
  generateUuid,
  makeElection,
  parseElection,
  parseTrusteePublicKey,
  publicCredential,
  publicCredentialsJson,
  readArchive,
} from '@shared/belenios';
import { describe, expect, it } from 'vitest';
import { refusal, runTool, tool, toolDir } from '../../helpers/belenios-tool';

const dir = toolDir();
const uuid = generateUuid();
const credential = generateCredential();
const texts = makeElection({
  uuid,
  name: 'Archive',
  description: 'Archive',
  questions: [{ question: 'Who?', answers: ['A', 'B'], min: 1, max: 1 }],
  trustees: [parseTrusteePublicKey(generateTrusteeKey().publicKey)],
});
const setup = { ...texts, publicCredentials: publicCredentialsJson([publicCredential(uuid, credential)]) };
const ballot = encryptBallot(parseElection(texts.election), credential, [[0, 1]]).ballot;

describe('the .bel archive', () => {
  it('grows only by appending: what the tool appends to our archive, our writer appends byte for byte', () => {
    const writer = ArchiveWriter.create(setup, 1_800_000_000);
    const before = writer.bytes();
    writeFileSync(join(dir, `${uuid}.bel`), before);
    tool(dir, ['archive', 'add-event', '--type=Ballot'], `${ballot}\n`);
    tool(dir, ['archive', 'add-event', '--type=EndBallots'], '');
    writer.addBallot(ballot);
    writer.endBallots();
    const toolBytes = new Uint8Array(readFileSync(join(dir, `${uuid}.bel`)));
    expect(Buffer.from(writer.bytes()).equals(Buffer.from(toolBytes))).toBe(true);
    expect(Buffer.from(writer.bytes().subarray(0, before.length)).equals(Buffer.from(before))).toBe(true);
    const resumed = ArchiveWriter.resume(toolBytes);
    expect(resumed.lastEventType).toBe('EndBallots');
    expect(refusal(() => resumed.addBallot(ballot))).toBe('archive');
    expect(runTool(dir, ['election', 'verify']).status).toBe(0);
  });

  it('refuses an archive whose content, headers or chain were changed', () => {
    const writer = ArchiveWriter.create(setup, 1_800_000_000);
    writer.addBallot(ballot);
    const bytes = writer.bytes();
    expect(readArchive(bytes).ballots).toEqual([ballot]);
    const changed = bytes.slice();
    // A digit inside the ballot's text: the file is no longer named by its hash.
    const at = Buffer.from(bytes).indexOf(Buffer.from(ballot.slice(0, 40)));
    changed[at + 30] = (changed[at + 30] as number) === 0x31 ? 0x32 : 0x31;
    expect(refusal(() => readArchive(changed))).toBe('archive');
    // A byte of the second file's header (after the BELENIOS header and its one block of content).
    const header = bytes.slice();
    header[1024 + 90] = 0x41;
    expect(refusal(() => readArchive(header))).toBe('archive');
    expect(refusal(() => readArchive(bytes.subarray(0, bytes.length - 100)))).toBe('archive');
    const events = readArchive(bytes);
    expect(events.events.map((e) => e.type)).toEqual(['Setup', 'Ballot']);
  });
});
