import { derivedCredential } from '@server/belenios/credential-source';
import { configureVerifyPool } from '@server/belenios/verify-pool';
import { electionArchiveChunks, encryptedBallots } from '@server/db/schema';
import { credentialSecret, readBallot } from '@shared/belenios';
import { signBallot } from '@shared/belenios/ballot';
import { Q } from '@shared/belenios/group';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { createUser } from '../../helpers/factories';
import { cookieOf, listening, trpc } from '../../helpers/verifiable';
import {
  ballotFor,
  beleniosElection,
  talliedElection,
  verifiableElection,
} from '../../helpers/verifiable-factories';

let built: TestApp;
let base: string;

beforeAll(async () => {
  built = await buildTestApp();
  base = await listening(built);
});
afterAll(() => built.app.close());

const chunks = (electionId: string) =>
  built.db.select().from(electionArchiveChunks).where(eq(electionArchiveChunks.electionId, electionId)).all()
    .length;

/** A ballot whose proof of one choice is wrong, signed again so that only the proof fails. */
function wrongProof(ballot: string, electionId: string, userId: string): string {
  const election = beleniosElection(built.db, electionId);
  const parsed = readBallot(ballot, election);
  const proof = parsed.answers[0]?.individualProofs[0]?.[0];
  if (!proof) throw new Error('no proof');
  proof.response = (proof.response + 1n) % Q;
  const { signature: _signature, ...unsigned } = parsed;
  return signBallot(
    unsigned,
    credentialSecret(election.uuid, derivedCredential(built.db, election.uuid, userId)),
  );
}

// Each test makes Belenios elections and ballots: the time a busy machine needs.
describe('refused ballots: a sentence in the reader’s language, nothing added, never a 5xx', {
  timeout: 60_000,
}, () => {
  it('refuses each kind of bad ballot with its own sentence', async () => {
    const voter = await createUser(built.db);
    const other = await createUser(built.db);
    const { electionId } = await verifiableElection(built.db);
    const elsewhere = await verifiableElection(built.db);
    const cookie = cookieOf(built, voter);
    const good = ballotFor(built.db, electionId, voter.id);
    // The signature's response changed: every number still in range, only the signature fails.
    const signatureBroken = good.replace(
      /(\d)("\}\}\}$)/,
      (_m, d: string, tail: string) => `${(Number(d) + 1) % 10}${tail}`,
    );
    expect(signatureBroken).not.toBe(good);
    const cases: [string, string, number, string][] = [
      ['malformed', '{"election_uuid":', 400, 'verifiable.ballotMalformed'],
      ['not a ballot at all', '[1,2,3]', 400, 'verifiable.ballotMalformed'],
      [
        'another election’s ballot',
        ballotFor(built.db, elsewhere.electionId, voter.id),
        400,
        'verifiable.ballotOtherElection',
      ],
      [
        'another voter’s credential',
        ballotFor(built.db, electionId, other.id),
        400,
        'verifiable.ballotCredential',
      ],
      ['a broken signature', signatureBroken, 400, 'verifiable.ballotSignature'],
      ['a wrong proof', wrongProof(good, electionId, voter.id), 400, 'verifiable.ballotProof'],
      ['longer than any ballot', `${good} ${' '.repeat(300_000)}`, 413, 'verifiable.ballotTooLarge'],
    ];
    const before = chunks(electionId);
    for (const [what, ballot, status, code] of cases) {
      const answer = await trpc(base, 'votes.castBallot', { electionId, ballot }, { cookie });
      expect(`${what}: ${answer.status} ${answer.error?.data.errorCode}`).toBe(`${what}: ${status} ${code}`);
    }
    // A 10 MB ballot never reaches the procedure: the body limit answers first, with the request's sentence.
    const huge = await fetch(`${base}/trpc/votes.castBallot?batch=1`, {
      method: 'POST',
      headers: {
        origin: 'http://localhost:3000',
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json',
        cookie,
      },
      body: JSON.stringify({ 0: { json: { electionId, ballot: 'x'.repeat(10 * 1024 * 1024) } } }),
    });
    expect(huge.status).toBe(413);
    expect(chunks(electionId)).toBe(before);
    expect(
      built.db.select().from(encryptedBallots).where(eq(encryptedBallots.electionId, electionId)).all(),
    ).toEqual([]);

    // The sentence in Somali for a Somali reader.
    const so = await trpc(
      base,
      'votes.castBallot',
      { electionId, ballot: cases[2]?.[1] },
      { cookie, language: 'so' },
    );
    expect(so.error?.message).toBe('Warqadda codkan waxaa loo sameeyay doorasho kale.');

    // The good ballot is accepted once; the same again (a replay) is refused and adds nothing.
    const first = await trpc(base, 'votes.castBallot', { electionId, ballot: good }, { cookie });
    expect(first.status).toBe(200);
    const afterFirst = chunks(electionId);
    const replay = await trpc(base, 'votes.castBallot', { electionId, ballot: good }, { cookie });
    expect(`${replay.status} ${replay.error?.data.errorCode}`).toBe('409 vote.alreadyCast');
    // Someone else replaying the voter's ballot: not their credential.
    const stolen = await trpc(
      base,
      'votes.castBallot',
      { electionId, ballot: good },
      { cookie: cookieOf(built, other) },
    );
    expect(`${stolen.status} ${stolen.error?.data.errorCode}`).toBe('400 verifiable.ballotCredential');
    expect(chunks(electionId)).toBe(afterFirst);
  });

  it('a voter who was not eligible when the election opened has no credential', async () => {
    const { electionId } = await verifiableElection(built.db);
    const late = await createUser(built.db);
    const answer = await trpc(
      base,
      'votes.credential',
      { electionId },
      { cookie: cookieOf(built, late), query: true },
    );
    expect(`${answer.status} ${answer.error?.data.errorCode}`).toBe('403 verifiable.noCredential');
  });
});

describe('refused trustee keys and shares', { timeout: 60_000 }, () => {
  it('a key whose proof fails, the same key twice; a share from the wrong trustee or with a bad proof', async () => {
    const admin = await createUser(built.db, { role: 'System Admin' });
    const draft = await verifiableElection(built.db, { open: false });
    const { addTrustee, listTrustees } = await import('@server/services/verifiable/trustees');
    const { generateTrusteeKey } = await import('@shared/belenios');
    const key = generateTrusteeKey().publicKey;
    const tampered = key.replace(/"response":"(\d)/, (_m, d: string) => `"response":"${(Number(d) % 9) + 1}`);
    await expect(
      addTrustee(built.db, { electionId: draft.electionId, name: 'X', publicKey: tampered }, admin.id),
    ).rejects.toMatchObject({
      code: 'verifiable.trusteeKeyInvalid',
    });
    await expect(
      addTrustee(built.db, { electionId: draft.electionId, name: 'X', publicKey: '{"pok":' }, admin.id),
    ).rejects.toMatchObject({
      code: 'verifiable.trusteeKeyInvalid',
    });
    // A name that is not Unicode text: JSON.stringify escapes the lone surrogate, which belenios-tool refuses to
    // read, so the setup holding it could never be verified.
    const loneSurrogate = generateTrusteeKey().publicKey.replace(/\}$/, ',"name":"Trustee \\ud800"}');
    await expect(
      addTrustee(built.db, { electionId: draft.electionId, name: 'X', publicKey: loneSurrogate }, admin.id),
    ).rejects.toMatchObject({
      code: 'verifiable.trusteeKeyInvalid',
    });
    // A control character in the name: Belenios escapes it where JSON.stringify does not, so the key written
    // again would not be the tool's.
    const control = generateTrusteeKey().publicKey.replace(/\}$/, ',"name":"Trustee\\u007f"}');
    await expect(
      addTrustee(built.db, { electionId: draft.electionId, name: 'X', publicKey: control }, admin.id),
    ).rejects.toMatchObject({
      code: 'verifiable.trusteeKeyInvalid',
    });
    await addTrustee(built.db, { electionId: draft.electionId, name: 'A', publicKey: key }, admin.id);
    await expect(
      addTrustee(built.db, { electionId: draft.electionId, name: 'B', publicKey: key }, admin.id),
    ).rejects.toMatchObject({
      code: 'verifiable.trusteeKeyTwice',
    });
    expect(listTrustees(built.db, draft.electionId)).toHaveLength(3);

    const tallied = await talliedElection(built.db);
    const before = chunks(tallied.electionId);
    const [first, second] = tallied.trustees;
    const wrongOwner = await trpc(base, 'trustees.submitPartialDecryption', {
      token: first?.token,
      partialDecryption: tallied.shares[1],
    });
    expect(`${wrongOwner.status} ${wrongOwner.error?.data.errorCode}`).toBe('400 verifiable.shareInvalid');
    const badProof = (tallied.shares[0] ?? '').replace(
      /"response":"(\d)/,
      (_m, d: string) => `"response":"${(Number(d) % 9) + 1}`,
    );
    const forged = await trpc(base, 'trustees.submitPartialDecryption', {
      token: first?.token,
      partialDecryption: badProof,
    });
    expect(`${forged.status} ${forged.error?.data.errorCode}`).toBe('400 verifiable.shareInvalid');
    // belenios-tool's two lines, the second naming another share: not this share's owner line.
    const otherOwner = await trpc(base, 'trustees.submitPartialDecryption', {
      token: first?.token,
      partialDecryption: `${tallied.shares[0]}\n{"owner":1,"payload":"${'0'.repeat(64)}"}\n`,
    });
    expect(`${otherOwner.status} ${otherOwner.error?.data.errorCode}`).toBe('400 verifiable.shareInvalid');
    const unknown = await trpc(base, 'trustees.submitPartialDecryption', {
      token: 'not-a-token',
      partialDecryption: tallied.shares[0],
    });
    expect(`${unknown.status} ${unknown.error?.data.errorCode}`).toBe('403 verifiable.trusteeTokenUnknown');
    const so = await trpc(
      base,
      'trustees.submitPartialDecryption',
      { token: second?.token, partialDecryption: tallied.shares[0] },
      { language: 'so' },
    );
    expect(so.error?.message).toBe(
      'Qaybtan furitaanka kuma habboona furaha wakiilkan iyo codadka la tiriyay.',
    );
    expect(chunks(tallied.electionId)).toBe(before);
  });
});

describe('the checkers’ line', { timeout: 60_000 }, () => {
  it('answers 429 with Retry-After when the line is full, and loses or doubles no ballot', async () => {
    await configureVerifyPool({ size: 1, queueLimit: 1 });
    try {
      const voters = await Promise.all(Array.from({ length: 6 }, () => createUser(built.db)));
      const { electionId } = await verifiableElection(built.db);
      const answers = await Promise.all(
        voters.map((v) =>
          trpc(
            base,
            'votes.castBallot',
            { electionId, ballot: ballotFor(built.db, electionId, v.id) },
            { cookie: cookieOf(built, v) },
          ),
        ),
      );
      const busy = answers.filter((a) => a.status === 429);
      expect(busy.length).toBeGreaterThan(0);
      for (const a of busy) {
        expect(a.error?.data.errorCode).toBe('verifiable.busy');
        expect(Number(a.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
      const accepted = answers.filter((a) => a.status === 200).length;
      expect(accepted + busy.length).toBe(voters.length);
      const stored = built.db
        .select()
        .from(encryptedBallots)
        .where(eq(encryptedBallots.electionId, electionId))
        .all();
      expect(stored).toHaveLength(accepted);
    } finally {
      await configureVerifyPool({ size: 2, queueLimit: 200 });
    }
  });

  it('one voter sending five ballots at once: exactly one is accepted', async () => {
    const voter = await createUser(built.db);
    const { electionId } = await verifiableElection(built.db);
    const cookie = cookieOf(built, voter);
    const ballots = Array.from({ length: 5 }, () => ballotFor(built.db, electionId, voter.id));
    const answers = await Promise.all(
      ballots.map((ballot) => trpc(base, 'votes.castBallot', { electionId, ballot }, { cookie })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(4);
    const stored = built.db
      .select()
      .from(encryptedBallots)
      .where(eq(encryptedBallots.electionId, electionId))
      .all();
    expect(stored).toHaveLength(1);
    const { readArchive } = await import('@shared/belenios');
    const { archiveBytes } = await import('@server/services/verifiable/archive');
    expect(readArchive(archiveBytes(built.db, electionId) ?? new Uint8Array()).ballots).toEqual([
      stored[0]?.ballot,
    ]);
  });

  it('one account’s ballots are limited before any check, with Retry-After, so one voter cannot keep the checkers busy', async () => {
    const voter = await createUser(built.db);
    const { electionId } = await verifiableElection(built.db);
    const cookie = cookieOf(built, voter);
    const answers = [];
    for (let i = 0; i < 21; i += 1)
      answers.push(await trpc(base, 'votes.castBallot', { electionId, ballot: '[1,2,3]' }, { cookie }));
    expect(answers.slice(0, 20).every((a) => a.error?.data.errorCode === 'verifiable.ballotMalformed')).toBe(
      true,
    );
    const limited = answers[20];
    expect(`${limited?.status} ${limited?.error?.data.errorCode}`).toBe('429 limit.ballots');
    expect(limited?.error?.message).toBe(
      'You have sent many ballots in the last hour. Please wait 60 minutes and try again.',
    );
    expect(Number(limited?.headers.get('retry-after'))).toBe(3600);
  });
});
