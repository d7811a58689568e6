import { derivedCredential } from '@server/belenios/credential-source';
import { elections } from '@server/db/schema';
import { PUBLIC_CACHE_CONTROL } from '@server/http/public-cache';
import { archiveBytes } from '@server/services/verifiable/archive';
import { setPublicCredentials } from '@server/services/verifiable/credentials';
import { openVerifiable } from '@server/services/verifiable/setup';
import {
  encryptBallot,
  generateCredential,
  parseElection,
  publicCredential,
  readArchive,
} from '@shared/belenios';
import { powG } from '@shared/belenios/group';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { createElection } from '../../helpers/election-factories';
import { createAdmin, createUser } from '../../helpers/factories';
import { beleniosUuid, cookieOf, listening, trpc } from '../../helpers/verifiable';
import { talliedElection, verifiableElection } from '../../helpers/verifiable-factories';

let built: TestApp;
let base: string;

beforeAll(async () => {
  built = await buildTestApp();
  base = await listening(built);
});
afterAll(() => built.app.close());

const setupOf = (electionId: string) => readArchive(archiveBytes(built.db, electionId) ?? new Uint8Array());

// Each test makes Belenios elections (trustee keys, a credential per account): the time a busy machine needs.
describe('elections.beleniosElection: what a voter’s browser encrypts with, without the archive', {
  timeout: 60_000,
}, () => {
  it('gives the setup’s election text byte for byte, the same to everyone, publicly cacheable', async () => {
    const voter = await createUser(built.db);
    const { electionId } = await verifiableElection(built.db);
    const visitor = await trpc(base, 'elections.beleniosElection', { id: electionId }, { query: true });
    expect(visitor.status).toBe(200);
    const { election } = visitor.result as { election: string };
    expect(Object.keys(visitor.result as object)).toEqual(['election']);
    expect(election).toBe(setupOf(electionId).setup.election);
    // The same answer from the public cache's copy, with its headers, and to a signed-in voter.
    expect(visitor.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL);
    const signedIn = await trpc(
      base,
      'elections.beleniosElection',
      { id: electionId },
      { query: true, cookie: cookieOf(built, voter) },
    );
    expect(signedIn.result).toEqual(visitor.result);

    // A ballot encrypted from it alone is accepted.
    const parsed = parseElection(election);
    const ballot = encryptBallot(parsed, derivedCredential(built.db, parsed.uuid, voter.id), [[1, 0]]).ballot;
    const cast = await trpc(
      base,
      'votes.castBallot',
      { electionId, ballot },
      { cookie: cookieOf(built, voter) },
    );
    expect(cast.status).toBe(200);
  });

  it('marks the election voted on the voter’s hub once their ballot is cast, and no one else’s', async () => {
    const voter = await createUser(built.db);
    const other = await createUser(built.db);
    const { electionId } = await verifiableElection(built.db);
    const hubOf = async (cookie: string) => {
      const answer = await trpc(base, 'elections.hub', undefined, { query: true, cookie });
      const { elections: cards } = answer.result as { elections: { id: string; hasVoted: boolean }[] };
      return cards.find((card) => card.id === electionId)?.hasVoted;
    };
    expect(await hubOf(cookieOf(built, voter))).toBe(false);
    const visitor = await trpc(base, 'elections.beleniosElection', { id: electionId }, { query: true });
    const parsed = parseElection((visitor.result as { election: string }).election);
    const ballot = encryptBallot(parsed, derivedCredential(built.db, parsed.uuid, voter.id), [[1, 0]]).ballot;
    const cast = await trpc(
      base,
      'votes.castBallot',
      { electionId, ballot },
      { cookie: cookieOf(built, voter) },
    );
    expect(cast.status).toBe(200);
    expect(await hubOf(cookieOf(built, voter))).toBe(true);
    expect(await hubOf(cookieOf(built, other))).toBe(false);
  });

  it('refuses a draft, a standard election and a bad id with a sentence in the reader’s language', async () => {
    const draft = await verifiableElection(built.db, { open: false });
    const standard = createElection(built.db, { status: 'Active' }).election.id;
    const admin = await createAdmin(built.db);
    const cases: [string, unknown, string, number, string][] = [
      ['a draft (no setup yet, and private)', { id: draft.electionId }, 'en', 404, 'No election with id'],
      ['a draft (so)', { id: draft.electionId }, 'so', 404, 'Ma jirto doorasho'],
      ['a standard election', { id: standard }, 'en', 412, 'This election is not a verifiable election.'],
      ['a standard election (so)', { id: standard }, 'so', 412, 'Doorashadani maaha doorasho la hubin karo.'],
      ['not an id', { id: 'x' }, 'en', 400, 'Invalid id'],
      ['not an id (so)', { id: 'x' }, 'so', 400, 'Aqoonsi aan sax ahayn'],
    ];
    for (const [what, input, language, status, words] of cases) {
      const answer = await trpc(base, 'elections.beleniosElection', input, { query: true, language });
      expect(`${what}: ${answer.status} ${answer.error?.message}`).toContain(`${what}: ${status} ${words}`);
    }
    // A System Admin, who sees drafts elsewhere, gets no setup that does not exist yet either.
    const asAdmin = await trpc(
      base,
      'elections.beleniosElection',
      { id: draft.electionId },
      { query: true, cookie: cookieOf(built, admin) },
    );
    expect(asAdmin.status).toBe(404);
  });
});

describe('trustees.byToken: what a trustee’s share needs, never the archive', { timeout: 60_000 }, () => {
  it('names the trustee and the election, says where their part stands, and gives the tally once computed', async () => {
    const open = await verifiableElection(built.db);
    const token = open.trustees[0]?.token ?? '';
    const waiting = await trpc(base, 'trustees.byToken', { token }, { query: true });
    expect(waiting.status).toBe(200);
    expect(waiting.result).toEqual({
      name: 'Trustee 1',
      electionId: open.electionId,
      titleText: expect.objectContaining({ en: expect.any(String) }),
      status: 'waiting',
      // The key Codka holds for them, which their page checks their private key against.
      publicKey: powG(open.trustees[0]?.privateKey ?? 0n).toString(),
      election: setupOf(open.electionId).setup.election,
      encryptedTally: null,
    });

    const tallied = await talliedElection(built.db);
    const [first, second] = tallied.trustees;
    const ready = await trpc(base, 'trustees.byToken', { token: first?.token }, { query: true });
    const archive = setupOf(tallied.electionId);
    expect(ready.result).toMatchObject({
      name: 'Trustee 1',
      status: 'ready',
      election: archive.setup.election,
      encryptedTally: archive.encryptedTally?.tally,
    });
    // Nothing of the archive beyond the election, its tally and the trustee's own public key (617 digits at
    // most): no ballot, no credential list.
    const text = JSON.stringify(ready.result);
    expect(text.length).toBeLessThan(
      (archive.setup.election.length + (archive.encryptedTally?.tally.length ?? 0)) * 1.2 + 500 + 617,
    );
    expect(text).not.toContain(archive.setup.publicCredentials.slice(0, 200));

    const sent = await trpc(base, 'trustees.submitPartialDecryption', {
      token: first?.token,
      partialDecryption: tallied.shares[0],
    });
    expect(sent.status).toBe(200);
    const given = await trpc(base, 'trustees.byToken', { token: first?.token }, { query: true });
    expect(given.result).toMatchObject({ status: 'given' });
    const other = await trpc(base, 'trustees.byToken', { token: second?.token }, { query: true });
    expect(other.result).toMatchObject({ name: 'Trustee 2', status: 'ready' });
  });

  it('refuses an unknown or malformed token with a sentence in the reader’s language', async () => {
    for (const [language, words] of [
      ['en', 'This trustee link is not valid.'],
      ['so', 'Xiriirkan wakiilka sax maaha.'],
    ] as const) {
      const unknown = await trpc(
        base,
        'trustees.byToken',
        { token: 'x'.repeat(43) },
        { query: true, language },
      );
      expect(`${unknown.status} ${unknown.error?.data.errorCode}`).toBe('403 verifiable.trusteeTokenUnknown');
      expect(unknown.error?.message).toBe(words);
    }
    for (const token of ['', 'y'.repeat(201)]) {
      const bad = await trpc(base, 'trustees.byToken', { token }, { query: true });
      expect(bad.status).toBe(400);
      expect(bad.error?.message).toBe('This trustee link is not valid.');
    }
  });
});

describe('elections.byId for a verifiable election', { timeout: 60_000 }, () => {
  it('says who gives the credentials, and carries the voter’s own tracker on a later visit', async () => {
    const voter = await createUser(built.db);
    const other = await createUser(built.db);
    const { electionId } = await verifiableElection(built.db);
    const read = async (who: typeof voter | null) =>
      (
        await trpc(
          base,
          'elections.byId',
          { id: electionId },
          { query: true, ...(who ? { cookie: cookieOf(built, who) } : {}) },
        )
      ).result as { credentialAuthority: string | null; myBallot: { tracker: string } | null };
    expect(await read(voter)).toMatchObject({ credentialAuthority: 'codka', myBallot: null });

    const uuid = beleniosUuid(built, electionId);
    const election = parseElection(setupOf(electionId).setup.election);
    const ballot = encryptBallot(election, derivedCredential(built.db, uuid, voter.id), [[0, 1]]);
    const cast = await trpc(
      base,
      'votes.castBallot',
      { electionId, ballot: ballot.ballot },
      { cookie: cookieOf(built, voter) },
    );
    expect(cast.result).toEqual({ tracker: ballot.tracker });
    expect((await read(voter)).myBallot).toMatchObject({ tracker: ballot.tracker });
    // Nobody else sees it: not another voter, not a visitor.
    expect((await read(other)).myBallot).toBeNull();
    expect((await read(null)).myBallot).toBeNull();

    const standard = createElection(built.db, { status: 'Active' }).election.id;
    const plain = await trpc(base, 'elections.byId', { id: standard }, { query: true });
    expect(plain.result).toMatchObject({ credentialAuthority: null, myBallot: null });
  });

  it('says `external` when an outside authority gave the credentials', async () => {
    const { electionId } = await verifiableElection(built.db, { open: false });
    const uuid = beleniosUuid(built, electionId);
    const file = Buffer.from(JSON.stringify([publicCredential(uuid, generateCredential())]));
    const adminId = (await createAdmin(built.db)).id;
    await setPublicCredentials(built.db, { electionId, file }, () => adminId);
    built.db.transaction(() => {
      built.db.update(elections).set({ status: 'Active' }).where(eq(elections.id, electionId)).run();
      openVerifiable(built.db, electionId, new Date());
    });
    const answer = await trpc(base, 'elections.byId', { id: electionId }, { query: true });
    expect(answer.result).toMatchObject({ credentialAuthority: 'external' });
  });
});
