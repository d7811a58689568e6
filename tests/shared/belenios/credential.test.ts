import {
  generateCredential,
  generateUuid,
  isCredential,
  publicCredential,
  publicCredentialsJson,
  sha256B64,
} from '@shared/belenios';
import { describe, expect, it } from 'vitest';
import { tool, toolCredentials, toolDir } from '../../helpers/belenios-tool';

const dir = toolDir();

describe('credentials', () => {
  it("derives the same public credentials as belenios-tool from the tool's private credentials", () => {
    const uuid = generateUuid();
    const { privates, publics, fingerprint } = toolCredentials(dir, uuid, 3);
    expect(privates).toHaveLength(3);
    for (const credential of privates) expect(isCredential(credential)).toBe(true);
    const derived = privates.map((c) => publicCredential(uuid, c));
    expect([...derived].sort()).toEqual([...publics].sort());
    // Our list of public credentials is the text the tool fingerprints, whatever order the voters come in.
    expect(sha256B64(publicCredentialsJson(derived.reverse()))).toBe(fingerprint);
  });

  it('makes private credentials the tool takes, deriving the public credential the tool derives', () => {
    const uuid = generateUuid();
    for (let i = 0; i < 3; i++) {
      const credential = generateCredential();
      expect(credential).toMatch(/^([1-9A-HJ-NP-Za-km-z]{3}-){4}[1-9A-HJ-NP-Za-km-z]{3}$/);
      expect(isCredential(credential)).toBe(true);
      const derived = tool(dir, [
        'setup',
        'generate-credentials',
        '--uuid',
        uuid,
        '--group',
        'BELENIOS-2048',
        '--derive',
        credential,
      ]).trim();
      expect(publicCredential(uuid, credential)).toBe(derived);
    }
  });

  it('refuses a mistyped credential by its checksum', () => {
    const credential = generateCredential();
    // The next digit changes the checksum by 1 (or by -57 from the last digit), never by a multiple of 53.
    const digits = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    const next = digits.charAt((digits.indexOf(credential.at(-1) ?? '') + 1) % 58);
    expect(isCredential(credential.slice(0, -1) + next)).toBe(false);
    expect(isCredential(credential.replaceAll('-', ''))).toBe(true);
    expect(isCredential('not a credential')).toBe(false);
    expect(() => publicCredential(generateUuid(), 'abc')).toThrow(/checksum/);
  });
});
