import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ArchiveWriter,
  computePartialDecryption,
  computeResult,
  encryptBallot,
  encryptedTallyRecords,
  generateCredential,
  generateTrusteeKey,
  generateUuid,
  makeElection,
  parseElection,
  parseEncryptedTally,
  parsePublicCredentials,
  parseResult,
  parseTrusteePrivateKey,
  parseTrusteePublicKey,
  parseTrustees,
  publicCredential,
  publicCredentialsJson,
  readArchive,
  resultJson,
  type VerifiedBallot,
  verifyBallot,
  verifyPartialDecryption,
} from '@shared/belenios';
import { describe, expect, it } from 'vitest';
import {
  refusal,
  runTool,
  tool,
  toolCredentials,
  toolDir,
  toolTrusteeKey,
  write,
} from '../../helpers/belenios-tool';

const dir = toolDir();

/** `belenios-tool election verify` on the archive as it stands. */
function toolVerifies(writer: ArchiveWriter, uuid: string): void {
  writeFileSync(join(dir, `${uuid}.bel`), writer.bytes());
  const run = runTool(dir, ['election', 'verify']);
  expect(run.stderr).toContain('all checks passed');
  expect(run.status).toBe(0);
}

describe('a whole election, ours and the tool taking turns', () => {
  // A dozen runs of the tool and our own exponentiations: a few seconds of CPU, more than vitest's default 20 s of
  // wall time on a machine busy with other work.
  it('passes `election verify` after the setup, the ballots, the tally and the result', {
    timeout: 120_000,
  }, () => {
    const uuid = generateUuid();
    const toolKey = toolTrusteeKey(dir);
    const ourKey = generateTrusteeKey();
    const toolTrustee = parseTrusteePublicKey(toolKey.publicKey);
    const ourTrustee = parseTrusteePublicKey(ourKey.publicKey);
    const trustees = [toolTrustee, ourTrustee];
    const toolCreds = toolCredentials(dir, uuid, 2).privates;
    const ourCreds = [generateCredential(), generateCredential()];
    const questions = [
      { question: 'President?', answers: ['A', 'B', 'C', 'D', 'E'], min: 1, max: 1 },
      { question: 'Council?', answers: ['F', 'G', 'H'], min: 0, max: 2 },
    ];
    const texts = makeElection({ uuid, name: 'Whole', description: 'A whole election', questions, trustees });
    const publicCredentials = publicCredentialsJson(
      [...toolCreds, ...ourCreds].map((c) => publicCredential(uuid, c)),
    );
    const writer = ArchiveWriter.create({ ...texts, publicCredentials }, Math.floor(Date.now() / 1000));
    toolVerifies(writer, uuid);

    const election = parseElection(texts.election);
    expect(parseTrustees(texts.trustees, election).map((k) => k.publicKey)).toEqual(
      trustees.map((k) => k.publicKey),
    );
    const credentials = parsePublicCredentials(publicCredentials);
    const votes = [
      [
        [1, 0, 0, 0, 0],
        [1, 1, 0],
      ],
      [
        [0, 1, 0, 0, 0],
        [0, 0, 0],
      ],
      [
        [1, 0, 0, 0, 0],
        [0, 1, 1],
      ],
      [
        [0, 0, 0, 0, 1],
        [1, 0, 0],
      ],
    ];
    const accepted: VerifiedBallot[] = [];
    toolCreds.forEach((credential, i) => {
      write(join(dir, 'cred'), credential);
      write(join(dir, 'vote'), JSON.stringify(votes[i]));
      const ballot = tool(dir, [
        'election',
        'generate-ballot',
        '--privcred',
        'cred',
        '--ballot',
        'vote',
      ]).trim();
      accepted.push(verifyBallot(ballot, election, credentials));
      writer.addBallot(ballot);
    });
    ourCreds.forEach((credential, i) => {
      const { ballot } = encryptBallot(election, credential, votes[i + 2] as number[][]);
      accepted.push(verifyBallot(ballot, election, credentials));
      writer.addBallot(ballot);
    });
    toolVerifies(writer, uuid);

    writer.endBallots();
    writeFileSync(join(dir, `${uuid}.bel`), writer.bytes());
    const { tally, totalWeight, tallyText, sizedText } = encryptedTallyRecords(election, accepted);
    expect(tool(dir, ['election', 'compute-encrypted-tally']).trim().split('\n')).toEqual([
      tallyText,
      sizedText,
    ]);
    expect(parseEncryptedTally(tallyText, election)).toEqual(tally);
    writer.addEncryptedTally(tallyText, sizedText);
    toolVerifies(writer, uuid);

    // The tool's trustee decrypts with the tool; ours with our code. Each share is checked by the other side.
    const [toolShare, toolOwned] = tool(dir, [
      'election',
      'decrypt',
      '--privkey',
      toolKey.privateKey,
      '--trustee-id',
      '1',
    ])
      .trim()
      .split('\n');
    const first = verifyPartialDecryption(toolShare as string, election, tally, toolTrustee);
    const appended = new TextDecoder().decode(writer.addPartialDecryption(1, toolShare as string));
    expect(appended).toContain(toolOwned);
    const ourShare = computePartialDecryption(election, tally, parseTrusteePrivateKey(ourKey.privateKey));
    const second = verifyPartialDecryption(ourShare, election, tally, ourTrustee);
    // A key made in our trustee page works with the tool as well, so a trustee may decrypt with either.
    write(join(dir, 'ours.privkey'), ourKey.privateKey);
    const [shareOfOurKey] = tool(dir, [
      'election',
      'decrypt',
      '--privkey',
      'ours.privkey',
      '--trustee-id',
      '2',
    ]).split('\n');
    verifyPartialDecryption(shareOfOurKey as string, election, tally, ourTrustee);
    expect(refusal(() => verifyPartialDecryption(ourShare, election, tally, toolTrustee))).toBe('proof');
    writer.addPartialDecryption(2, ourShare);
    writeFileSync(join(dir, `${uuid}.bel`), writer.bytes());

    const result = resultJson(computeResult(tally, [first, second], totalWeight));
    expect(tool(dir, ['election', 'compute-result']).trim()).toBe(result);
    expect(parseResult(result)).toEqual([
      [2n, 1n, 0n, 0n, 1n],
      [2n, 2n, 1n],
    ]);
    writer.addResult(result);
    toolVerifies(writer, uuid);

    const read = readArchive(writer.bytes());
    expect(read.ballots).toHaveLength(4);
    expect(read.partialDecryptions.map((p) => p.owner)).toEqual([1, 2]);
    expect(read.result).toBe(result);
    expect(() => ArchiveWriter.resume(writer.bytes()).addBallot(read.ballots[0] as string)).toThrow(
      /cannot follow/,
    );
  });
});
