import { opensslPowMod } from '@server/belenios/openssl-modexp';
import {
  encryptBallot,
  generateCredential,
  generateTrusteeKey,
  generateUuid,
  makeElection,
  parseElection,
  parsePublicCredentials,
  parseTrusteePublicKey,
  publicCredential,
  publicCredentialsJson,
  setModularExponentiation,
  verifyBallot,
} from '@shared/belenios';
import { isElement, P, powG, Q, randomExponent } from '@shared/belenios/group';
import { powModNative } from '@shared/belenios/modexp';
import { afterAll, describe, expect, it } from 'vitest';

afterAll(() => setModularExponentiation((base, exponent) => powModNative(base, exponent, P)));

describe("the server's OpenSSL exponentiation", () => {
  it('computes the same powers as native BigInt, including those OpenSSL refuses to produce', () => {
    for (let i = 0; i < 5; i++) {
      const base = powG(randomExponent());
      const exponent = randomExponent();
      expect(opensslPowMod(base, exponent)).toBe(powModNative(base, exponent, P));
    }
    const element = powG(randomExponent());
    // element^q is 1 and (p-1)^odd is p-1: OpenSSL refuses both as shared secrets.
    expect(opensslPowMod(element, Q)).toBe(1n);
    expect(opensslPowMod(P - 1n, 3n)).toBe(P - 1n);
    expect(opensslPowMod(5n, 0n)).toBe(1n);
    expect(opensslPowMod(1n, Q)).toBe(1n);
  });

  it('verifies ballots and group membership as the native engine does', () => {
    setModularExponentiation(opensslPowMod);
    expect(isElement(powG(randomExponent()))).toBe(true);
    expect(isElement(2n)).toBe(false);
    expect(isElement(P - 1n)).toBe(false);
    const uuid = generateUuid();
    const credential = generateCredential();
    const { election } = makeElection({
      uuid,
      name: 'OpenSSL',
      description: 'OpenSSL',
      questions: [{ question: 'Who?', answers: ['A', 'B', 'C', 'D', 'E'], min: 1, max: 1 }],
      trustees: [parseTrusteePublicKey(generateTrusteeKey().publicKey)],
    });
    const parsed = parseElection(election);
    const credentials = parsePublicCredentials(publicCredentialsJson([publicCredential(uuid, credential)]));
    const { ballot, tracker } = encryptBallot(parsed, credential, [[0, 0, 0, 1, 0]]);
    expect(verifyBallot(ballot, parsed, credentials).tracker).toBe(tracker);
  });
});
