import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { opensslPbkdf2 } from '@server/belenios/openssl-pbkdf2';
import { generateCredential, generateUuid, publicCredential, setPbkdf2Sha256 } from '@shared/belenios';
import { afterAll, describe, expect, it } from 'vitest';

const javascript = (password: Uint8Array, salt: Uint8Array, iterations: number, length: number) =>
  pbkdf2(sha256, password, salt, { c: iterations, dkLen: length });

afterAll(() => setPbkdf2Sha256(javascript));

describe("the server's OpenSSL PBKDF2", () => {
  it('gives the same bytes as the core’s JavaScript one, and so the same public credentials', () => {
    const encoder = new TextEncoder();
    for (const [password, salt] of [
      ['', ''],
      ['abc-def-ghi-jkm-nop', 'Abcdefghijkmno'],
      ['ü-ß-日本', 'a longer salt than a uuid'],
    ]) {
      const [p, s] = [encoder.encode(password), encoder.encode(salt)];
      expect(opensslPbkdf2(p, s, 1000, 32)).toEqual(javascript(p, s, 1000, 32));
    }
    const uuid = generateUuid();
    const credentials = [generateCredential(), generateCredential(), generateCredential()];
    setPbkdf2Sha256(javascript);
    const expected = credentials.map((c) => publicCredential(uuid, c));
    setPbkdf2Sha256(opensslPbkdf2);
    expect(credentials.map((c) => publicCredential(uuid, c))).toEqual(expected);
  });
});
