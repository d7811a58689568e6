import {
  credentialFromBytes,
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

  it('makes a credential from given bytes (a keyed source), skipping the bytes that would bias a digit', () => {
    // 0..13 are the digits 1..E; 232 and above are skipped; a second round is asked for when a round runs out.
    const rounds = [
      Uint8Array.from([232, 255, 0, 1, 2, 3, 4, 5, 6, 7]),
      Uint8Array.from([8, 9, 10, 11, 12, 13]),
    ];
    const asked: number[] = [];
    const credential = credentialFromBytes((round) => {
      asked.push(round);
      return rounds[round] ?? new Uint8Array();
    });
    expect(asked).toEqual([0, 1]);
    expect(credential.replaceAll('-', '').slice(0, 14)).toBe('123456789ABCDE');
    expect(isCredential(credential)).toBe(true);
    // The checksum is belenios-tool's: the tool derives a public credential from it.
    const uuid = generateUuid();
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
  });

  it('sorts a list by value, whatever the numbers’ lengths, weights and leading zeros', () => {
    const values = [10n ** 600n + 7n, 42n, 9n, 10n ** 600n + 3n, 123456789n, 10n ** 20n];
    const texts = values.map((v, i) => (i % 2 === 0 ? `${v}` : `${v},${i}`));
    texts.push('0008');
    const byValue = [...texts].sort((a, b) => {
      const [x, y] = [BigInt(a.split(',')[0] ?? ''), BigInt(b.split(',')[0] ?? '')];
      return x < y ? -1 : x > y ? 1 : 0;
    });
    expect(JSON.parse(publicCredentialsJson(texts))).toEqual(byValue);
  });
});
