import { join } from 'node:path';
import { electionArchiveChunks, encryptedBallots } from '@server/db/schema';
import {
  ballotTracker,
  computePartialDecryption,
  encryptBallot,
  generateTrusteeKey,
  parseElection,
  parseEncryptedTally,
  parseTrusteePrivateKey,
  readArchive,
} from '@shared/belenios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectTrpcError } from '../../helpers/admin';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { tool, toolDir, toolTrusteeKey, write } from '../../helpers/belenios-tool';
import {
  type Admins,
  beleniosUuid,
  CANDIDATES,
  cookieOf,
  createUser,
  downloadArchive,
  listening,
  openElection,
  toolVerifies,
  trpc,
  twoAdmins,
  verifiableDraft,
} from '../../helpers/verifiable';

const dir = toolDir();
let built: TestApp;
let base: string;
let admins: Admins;

beforeAll(async () => {
  built = await buildTestApp();
  base = await listening(built);
  admins = await twoAdmins(built);
});
afterAll(() => built.app.close());

describe('a verifiable election through the API, checked by belenios-tool', () => {
  // A whole election, with belenios-tool run eleven times: the time a busy machine needs.
  it('passes `election verify` after the setup, the ballots and the result; the result is the tool’s', {
    timeout: 120_000,
  }, async () => {
    const { id, opening } = await verifiableDraft(admins);
    const uuid = beleniosUuid(built, id);
    // No archive while a draft.
    expect((await fetch(`${base}/api/v1/elections/${id}/archive.bel`)).status).toBe(404);

    // Two trustees: one with belenios-tool's key, one with a key made by Codka's browser code.
    const toolKey = toolTrusteeKey(dir);
    const ourKey = generateTrusteeKey();
    const first = await admins.first.admin.elections.trustees.add({
      electionId: id,
      name: 'Tool',
      publicKey: toolKey.publicKey,
    });
    // Codka's key with a field written twice: JSON.parse keeps the last, belenios-tool reads the first, so the
    // setup must hold the key as checked, written again, not the text as sent.
    const second = await admins.first.admin.elections.trustees.add({
      electionId: id,
      name: 'Codka',
      publicKey: ourKey.publicKey.replace('{', '{"public_key":"2",'),
    });
    expect(first.token).not.toBe(second.token);
    expect(await admins.first.admin.elections.trustees.list({ electionId: id })).toMatchObject([
      { name: 'Tool', shareGiven: false },
      { name: 'Codka', shareGiven: false },
    ]);

    const voters = await Promise.all([0, 1, 2, 3].map(() => createUser(built.db)));
    const cookies = voters.map((v) => cookieOf(built, v));
    await openElection(admins, opening);

    // The setup as published passes the tool's checks.
    const setup = await downloadArchive(base, id, dir, uuid);
    expect(setup.cacheControl).toBe('public, no-cache');
    const held = await fetch(`${base}/api/v1/elections/${id}/archive.bel`, {
      headers: { 'if-none-match': setup.etag ?? '' },
    });
    expect(held.status).toBe(304);
    toolVerifies(dir);
    const election = parseElection(readArchive(setup.bytes).setup.election);
    expect(election.questions[0]?.answers).toEqual(CANDIDATES);

    // Each voter's credential from Codka, the same on every ask.
    const credentials: string[] = [];
    for (const cookie of cookies) {
      const answer = await trpc(base, 'votes.credential', { electionId: id }, { cookie, query: true });
      expect(answer.status).toBe(200);
      credentials.push((answer.result as { credential: string }).credential);
    }
    const again = await trpc(
      base,
      'votes.credential',
      { electionId: id },
      { cookie: cookies[0], query: true },
    );
    expect((again.result as { credential: string }).credential).toBe(credentials[0]);

    // Two ballots from belenios-tool, sent as it writes them (with a line end), two from Codka's browser code.
    const choices = [[[1, 0, 0]], [[0, 1, 0]], [[1, 0, 0]], [[0, 0, 1]]];
    const sent = credentials.map((credential, i) => {
      if (i < 2) {
        write(join(dir, 'cred'), credential);
        write(join(dir, 'vote'), JSON.stringify(choices[i]));
        return tool(dir, ['election', 'generate-ballot', '--privcred', 'cred', '--ballot', 'vote']);
      }
      return encryptBallot(election, credential, choices[i] as number[][]).ballot;
    });
    expect(sent[0]).toMatch(/\}\n$/);
    const ballots = sent.map((ballot) => ballot.trim());
    for (const [i, ballot] of sent.entries()) {
      const answer = await trpc(base, 'votes.castBallot', { electionId: id, ballot }, { cookie: cookies[i] });
      expect(answer.status, answer.error?.message).toBe(200);
      expect(answer.result).toEqual({ tracker: ballotTracker(ballots[i] ?? '') });
    }
    const afterBallots = await downloadArchive(base, id, dir, uuid);
    expect(afterBallots.etag).not.toBe(setup.etag);
    // Append-only: the setup's bytes are the start of the later archive.
    expect(
      Buffer.from(afterBallots.bytes.subarray(0, setup.bytes.length)).equals(Buffer.from(setup.bytes)),
    ).toBe(true);
    toolVerifies(dir);
    expect(readArchive(afterBallots.bytes).ballots).toEqual(ballots);

    // No result before the trustees: counts are not shown to anyone, admins included.
    const before = await admins.first.elections.results({ id });
    expect(before).toMatchObject({ verifiable: true, results: null });

    // The close: end of ballots and the encrypted tally, computed by Codka; the tool computes the same.
    await admins.first.admin.elections.update({ ...opening, status: 'Closed' });
    const closed = await downloadArchive(base, id, dir, uuid);
    const archive = readArchive(closed.bytes);
    expect(archive.encryptedTally).toBeDefined();
    toolVerifies(dir);
    const tally = parseEncryptedTally(archive.encryptedTally?.tally ?? '', election);

    // The tool's share as it writes it: the share, then its owner line. Sent with the wrong trustee's token, it is
    // refused and adds nothing.
    const toolShare = tool(dir, [
      'election',
      'decrypt',
      '--privkey',
      toolKey.privateKey,
      '--trustee-id',
      '1',
    ]);
    expect(toolShare.trim().split('\n')).toHaveLength(2);
    const wrong = await trpc(base, 'trustees.submitPartialDecryption', {
      token: second.token,
      partialDecryption: toolShare,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.error?.data.errorCode).toBe('verifiable.shareInvalid');
    expect((await downloadArchive(base, id, dir, uuid)).etag).toBe(closed.etag);

    const given = await trpc(base, 'trustees.submitPartialDecryption', {
      token: first.token,
      partialDecryption: toolShare,
    });
    expect(given.status, given.error?.message).toBe(200);
    const twice = await trpc(base, 'trustees.submitPartialDecryption', {
      token: first.token,
      partialDecryption: toolShare,
    });
    expect(twice.error?.data.errorCode).toBe('verifiable.shareAlreadyGiven');
    // A field written twice again: the archive holds the share as checked, which the tool reads the same way.
    const ourShare = computePartialDecryption(election, tally, parseTrusteePrivateKey(ourKey.privateKey));
    const last = await trpc(base, 'trustees.submitPartialDecryption', {
      token: second.token,
      partialDecryption: ourShare.replace('{', '{"decryption_factors":"x",'),
    });
    expect(last.status, last.error?.message).toBe(200);

    const final = await downloadArchive(base, id, dir, uuid);
    toolVerifies(dir);
    const result = readArchive(final.bytes).result;
    expect(tool(dir, ['election', 'compute-result']).trim()).toBe(result);
    expect(result).toBe('{"result":[[2,1,1]]}');

    const results = await admins.first.elections.results({ id });
    expect(results.verifiable).toBe(true);
    expect(results.archive).toBe(`/api/v1/elections/${id}/archive.bel`);
    expect(results.results?.rows.map((r) => [r.name, r.votes])).toEqual([
      ['Amina', 2],
      ['Bashir', 1],
      ['Casho', 1],
    ]);
    expect(built.db.select().from(encryptedBallots).all()).toHaveLength(4);
    await expectTrpcError(
      admins.first.admin.elections.trustees.add({
        electionId: id,
        name: 'Late',
        publicKey: generateTrusteeKey().publicKey,
      }),
      'PRECONDITION_FAILED',
    );
    // The archive's rows cannot be changed or removed, even by the server's own SQL.
    expect(() => built.db.delete(electionArchiveChunks).run()).toThrow(/append-only/);
    expect(() => built.db.update(electionArchiveChunks).set({ seq: 99 }).run()).toThrow(/append-only/);
  });
});
