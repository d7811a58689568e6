import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ArchiveReader,
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
  TarReader,
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

  it('read in pieces cut anywhere, is the archive read whole; a large file is hashed, not held', () => {
    // Thirty credentials: a file larger than any other record, given without its text past the limit.
    const others = Array.from({ length: 29 }, () => publicCredential(uuid, generateCredential()));
    const large = {
      ...setup,
      publicCredentials: publicCredentialsJson([publicCredential(uuid, credential), ...others]),
    };
    const limit = large.publicCredentials.length - 1;
    const writer = ArchiveWriter.create(large, 1_800_000_000);
    writer.addBallot(ballot);
    writer.addBallot(encryptBallot(parseElection(texts.election), generateCredential(), [[1, 0]]).ballot);
    const bytes = writer.bytes();
    const whole = readArchive(bytes);
    for (const cut of [1, 100, 512, 700, 5000]) {
      const tar = new TarReader(limit);
      const reader = new ArchiveReader({ recordsOfEachEvent: true });
      const ballots: string[] = [];
      for (let at = 0; at < bytes.length; at += cut)
        for (const file of tar.push(bytes.subarray(at, at + cut))) {
          const read = reader.take(file);
          if (read?.ballot !== undefined) ballots.push(read.ballot);
        }
      tar.end();
      expect(reader.end()).toEqual(whole.lastEvent);
      expect(ballots).toEqual(whole.ballots);
      expect(reader.setup).toEqual({ ...whole.setup, publicCredentials: null });
      expect(whole.setup.publicCredentials).toBe(large.publicCredentials);
    }
    // Cut short, or a file changed: refused the same way.
    const short = new TarReader(limit);
    short.push(bytes.subarray(0, bytes.length - 512));
    expect(refusal(() => short.end())).toBe('archive');
    const changed = bytes.slice();
    const at = Buffer.from(bytes).indexOf(Buffer.from(large.publicCredentials.slice(0, 40)));
    changed[at + 30] = (changed[at + 30] as number) === 0x31 ? 0x32 : 0x31;
    const tar = new TarReader(limit);
    const reader = new ArchiveReader();
    expect(
      refusal(() => {
        for (const file of tar.push(changed)) reader.take(file);
      }),
    ).toBe('archive');
  });
});
