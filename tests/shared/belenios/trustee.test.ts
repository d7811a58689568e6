import {
  generateTrusteeKey,
  generateUuid,
  makeElection,
  parseElection,
  parseTrusteePrivateKey,
  parseTrusteePublicKey,
  trusteeKeyId,
} from '@shared/belenios';
import { describe, expect, it } from 'vitest';
import { read, refusal, runTool, tool, toolDir, toolTrusteeKey, write } from '../../helpers/belenios-tool';

const dir = toolDir();

describe('trustee keys', () => {
  it("verifies a key made by belenios-tool and names it by the tool's id", () => {
    const made = toolTrusteeKey(dir);
    const key = parseTrusteePublicKey(made.publicKey);
    expect(trusteeKeyId(key)).toBe(made.id);
  });

  it('refuses a tampered key: another response, another public key, a number outside the group', () => {
    const made = JSON.parse(toolTrusteeKey(dir).publicKey) as {
      pok: { challenge: string; response: string };
      public_key: string;
    };
    const other = JSON.parse(generateTrusteeKey().publicKey) as { public_key: string };
    const response = (BigInt(made.pok.response) + 1n).toString();
    expect(
      refusal(() => parseTrusteePublicKey(JSON.stringify({ ...made, pok: { ...made.pok, response } }))),
    ).toBe('proof');
    expect(
      refusal(() => parseTrusteePublicKey(JSON.stringify({ ...made, public_key: other.public_key }))),
    ).toBe('proof');
    expect(refusal(() => parseTrusteePublicKey(JSON.stringify({ ...made, public_key: '2' })))).toBe('group');
    expect(refusal(() => parseTrusteePublicKey('{"pok":'))).toBe('json');
    expect(refusal(() => parseTrusteePublicKey(`{"x":"${'1'.repeat(5000)}"}`))).toBe('size');
  });

  it("makes keys belenios-tool accepts: `election verify` checks our key's proof in the election it set up", () => {
    const ours = generateTrusteeKey();
    const theirs = toolTrusteeKey(dir);
    expect(ours.privateKey).toMatch(/^"[0-9]+"$/);
    expect(parseTrusteePrivateKey(ours.privateKey)).toBe(BigInt(JSON.parse(ours.privateKey) as string));
    const keys = [parseTrusteePublicKey(ours.publicKey), parseTrusteePublicKey(theirs.publicKey)];
    const uuid = generateUuid();
    write(`${dir}/public_keys.jsons`, `${ours.publicKey}\n${theirs.publicKey}\n`);
    tool(dir, ['setup', 'make-trustees']);
    write(
      `${dir}/template.json`,
      JSON.stringify({
        description: 'Keys',
        name: 'Keys',
        questions: [{ answers: ['A', 'B'], min: 1, max: 1, question: 'Q?' }],
      }),
    );
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
    // The tool's election key is the product of ours and its own, as our setup computes it.
    const toolElection = parseElection(read(`${dir}/election.json`).trim());
    const { election } = makeElection({
      uuid,
      name: 'Keys',
      description: 'Keys',
      questions: [{ answers: ['A', 'B'], min: 1, max: 1, question: 'Q?' }],
      trustees: keys,
    });
    expect(parseElection(election).publicKey).toBe(toolElection.publicKey);
    write(`${dir}/public_creds.json`, '[]');
    tool(dir, ['archive', 'init']);
    const verify = runTool(dir, ['election', 'verify']);
    expect(verify.stderr).toContain('all checks passed');
    expect(verify.status).toBe(0);
  });
});
