import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  auditBallot,
  credentialSecret,
  type Election,
  encryptBallot,
  generateCredential,
  generateUuid,
  makeElection,
  parseElection,
  parsePublicCredentials,
  parseTrusteePublicKey,
  readArchive,
  readBallot,
  verifyBallot,
} from '@shared/belenios';
import { signBallot } from '@shared/belenios/ballot';
import { Q } from '@shared/belenios/group';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  filesEnding,
  refusal,
  runTool,
  subDir,
  tool,
  toolCredentials,
  toolDir,
  toolTrusteeKey,
  write,
} from '../../helpers/belenios-tool';

const root = toolDir();
const questions = [
  { question: 'President?', answers: ['A', 'B', 'C', 'D', 'E'], min: 1, max: 1 },
  { question: 'Council?', answers: ['F', 'G', 'H'], min: 0, max: 2 },
];
let dir: string;
let election: Election;
let credentials: Map<string, bigint>;
let privates: string[];

/** An election set up by belenios-tool alone: two trustees, three credentials, the archive made by `archive init`. */
beforeAll(() => {
  dir = subDir(root, 'election');
  const uuid = generateUuid();
  const keys = [toolTrusteeKey(root), toolTrusteeKey(root)];
  write(join(dir, 'public_keys.jsons'), `${keys.map((k) => k.publicKey).join('\n')}\n`);
  tool(dir, ['setup', 'make-trustees']);
  write(join(dir, 'template.json'), JSON.stringify({ description: 'Ballots', name: 'Ballots', questions }));
  tool(dir, [
    'setup',
    'make-election',
    '--uuid',
    uuid,
    '--group',
    'BELENIOS-2048',
    '--template',
    'template.json',
  ]);
  const creds = toolCredentials(root, uuid, 3);
  privates = creds.privates;
  write(join(dir, 'public_creds.json'), JSON.stringify(creds.publics));
  tool(dir, ['archive', 'init']);
  const [bel] = filesEnding(dir, '.bel');
  const archive = readArchive(new Uint8Array(readFileSync(bel as string)));
  election = parseElection(archive.setup.election);
  credentials = parsePublicCredentials(archive.setup.publicCredentials);
});

/** A ballot changed after signing, then signed again, so that only the change is wrong. */
function resigned(
  text: string,
  credential: string,
  change: (b: ReturnType<typeof readBallot>) => void,
): string {
  const ballot = readBallot(text, election);
  change(ballot);
  return signBallot(ballot, credentialSecret(election.uuid, credential));
}

const choices = [
  [0, 0, 1, 0, 0],
  [1, 0, 1],
];

describe('ballots', () => {
  it('verifies a ballot made by `belenios-tool election generate-ballot`, with the tracker the tool computes', () => {
    write(join(dir, 'cred0'), privates[0] as string);
    write(join(dir, 'vote0'), JSON.stringify(choices));
    const ballot = tool(dir, [
      'election',
      'generate-ballot',
      '--privcred',
      'cred0',
      '--ballot',
      'vote0',
    ]).trim();
    const verified = verifyBallot(ballot, election, credentials);
    expect(verified.tracker).toBe(tool(dir, ['sha256-b64'], ballot).trim());
    expect(verified.ciphertexts.map((q) => q.length)).toEqual([5, 3]);
  });

  it('makes ballots the tool accepts in its archive, and whose audit gives back the choices', () => {
    const made = encryptBallot(election, privates[1] as string, choices);
    expect(verifyBallot(made.ballot, election, credentials).tracker).toBe(made.tracker);
    expect(auditBallot(made.ballot, election, made.randomness)).toEqual(choices);
    const other = [...made.randomness];
    other[0] = [...(other[0] ?? [])].reverse();
    expect(refusal(() => auditBallot(made.ballot, election, other))).toBe('proof');
    tool(dir, ['archive', 'add-event', '--type=Ballot'], `${made.ballot}\n`);
    const verify = runTool(dir, ['election', 'verify']);
    expect(verify.stderr).toContain('all checks passed');
    expect(verify.status).toBe(0);
  });

  it('refuses bad ballots, naming the check that failed', () => {
    const credential = privates[2] as string;
    const good = encryptBallot(election, credential, choices).ballot;
    const wrongProof = resigned(good, credential, (b) => {
      const proof = b.answers[0]?.individualProofs[2]?.[0];
      if (proof) proof.response = (proof.response + 1n) % Q;
    });
    expect(refusal(() => verifyBallot(wrongProof, election, credentials))).toBe('proof');
    const wrongOverall = resigned(good, credential, (b) => {
      const proof = b.answers[1]?.overallProof[0];
      if (proof) proof.challenge = (proof.challenge + 1n) % Q;
    });
    expect(refusal(() => verifyBallot(wrongOverall, election, credentials))).toBe('proof');
    const parsed = JSON.parse(good) as { signature: { proof: { response: string } } };
    parsed.signature.proof.response = (BigInt(parsed.signature.proof.response) + 1n).toString();
    expect(refusal(() => verifyBallot(JSON.stringify(parsed), election, credentials))).toBe('signature');
    const another = parseElection(
      makeElection({
        uuid: generateUuid(),
        name: 'Other',
        description: 'Other',
        questions,
        trustees: [parseTrusteePublicKey(toolTrusteeKey(root).publicKey)],
      }).election,
    );
    const foreign = encryptBallot(another, credential, choices).ballot;
    expect(refusal(() => verifyBallot(foreign, election, credentials))).toBe('election');
    const stranger = encryptBallot(election, generateCredential(), choices).ballot;
    expect(refusal(() => verifyBallot(stranger, election, credentials))).toBe('credential');
    expect(refusal(() => verifyBallot('{"election_uuid":', election, credentials))).toBe('json');
    expect(
      refusal(() => verifyBallot(`{"a":"${'1'.repeat(10 * 1024 * 1024)}"}`, election, credentials)),
    ).toBe('size');
    expect(refusal(() => verifyBallot(good.replace('":"', '": "'), election, credentials))).toBe('canonical');
    const outside = resigned(good, credential, (b) => {
      const c = b.answers[0]?.choices[0];
      if (c) c.alpha = 2n;
    });
    expect(refusal(() => verifyBallot(outside, election, credentials))).toBe('group');
    const tooBig = good.replace(/"alpha":"[0-9]+"/, `"alpha":"${'9'.repeat(617)}"`);
    expect(refusal(() => verifyBallot(tooBig, election, credentials))).toBe('group');
  });

  it('agrees with the tool on a bad proof: `election verify` refuses the archive holding it', () => {
    const credential = privates[2] as string;
    const good = encryptBallot(election, credential, choices).ballot;
    const wrongProof = resigned(good, credential, (b) => {
      const proof = b.answers[0]?.individualProofs[0]?.[1];
      if (proof) proof.response = (proof.response + 1n) % Q;
    });
    const copy = subDir(root, 'bad');
    const [bel] = filesEnding(dir, '.bel');
    copyFileSync(bel as string, join(copy, `${election.uuid}.bel`));
    tool(copy, ['archive', 'add-event', '--type=Ballot'], `${wrongProof}\n`);
    expect(runTool(copy, ['election', 'verify']).status).not.toBe(0);
  });
});
