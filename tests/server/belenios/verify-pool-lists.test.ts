import { BeleniosRefusal, type ListSource, VerifyPool } from '@server/belenios/verify-pool';
import {
  ballotTracker,
  encryptBallot,
  generateCredential,
  generateTrusteeKey,
  generateUuid,
  makeElection,
  parseElection,
  parseTrusteePublicKey,
  publicCredential,
} from '@shared/belenios';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * An outside credential authority's list can hold every voter's public credential (hundreds of bytes each):
 * the workers keep it, sent once per worker, instead of receiving it with every ballot.
 */
const pool = new VerifyPool({ size: 1, queueLimit: 50 });
afterAll(() => pool.close());

function election() {
  const uuid = generateUuid();
  const text = makeElection({
    uuid,
    name: 'Outside authority',
    description: '',
    questions: [{ question: 'Who?', answers: ['A', 'B'], min: 1, max: 1 }],
    trustees: [parseTrusteePublicKey(generateTrusteeKey().publicKey)],
  }).election;
  const credentials = [generateCredential(), generateCredential(), generateCredential()];
  let loads = 0;
  const list: ListSource = {
    name: `list-${uuid}`,
    load: () => {
      loads += 1;
      return credentials.map((c) => publicCredential(uuid, c));
    },
  };
  const ballotOf = (credential: string) => encryptBallot(parseElection(text), credential, [[1, 0]]).ballot;
  const cast = (ballot: string) =>
    pool.run({ kind: 'ballot', electionText: text, credentialList: list.name, ballot }, list);
  return { credentials, list, ballotOf, cast, loads: () => loads };
}

// Dozens of exponentiations per ballot, on one worker of a machine other tests share.
describe('the verification workers keep an outside authority’s list', { timeout: 120_000 }, () => {
  it('is read and sent once for many ballots, and a credential not on it is refused', async () => {
    const one = election();
    for (const credential of one.credentials) {
      const ballot = one.ballotOf(credential);
      expect((await one.cast(ballot)).tracker).toBe(ballotTracker(ballot));
    }
    expect(one.loads()).toBe(1);
    const stranger = one.cast(one.ballotOf(generateCredential()));
    await expect(stranger).rejects.toBeInstanceOf(BeleniosRefusal);
    await expect(stranger).rejects.toMatchObject({ check: 'credential' });
    expect(one.loads()).toBe(1);
  });

  it('sends a list again to a worker that has forgotten it (it keeps a few elections’ lists)', async () => {
    const first = election();
    await first.cast(first.ballotOf(first.credentials[0] as string));
    expect(first.loads()).toBe(1);
    // More elections than a worker keeps lists for: the first one's is forgotten.
    for (let i = 0; i < 5; i += 1) {
      const other = election();
      await other.cast(other.ballotOf(other.credentials[0] as string));
    }
    const ballot = first.ballotOf(first.credentials[1] as string);
    expect((await first.cast(ballot)).tracker).toBe(ballotTracker(ballot));
    expect(first.loads()).toBe(2);
  });
});
