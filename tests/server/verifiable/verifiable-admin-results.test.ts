import { elections } from '@server/db/schema';
import { archiveBytes } from '@server/services/verifiable/archive';
import { castBallot } from '@server/services/verifiable/ballots';
import { closeVerifiable, submitPartialDecryption } from '@server/services/verifiable/tally';
import { computePartialDecryption, parseElection, parseEncryptedTally, readArchive } from '@shared/belenios';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { createUser } from '../../helpers/factories';
import { type Admins, twoAdmins } from '../../helpers/verifiable';
import { ballotFor, verifiableElection } from '../../helpers/verifiable-factories';

let built: TestApp;
let admins: Admins;

beforeAll(async () => {
  built = await buildTestApp();
  admins = await twoAdmins(built);
});
afterAll(() => built.app.close());

describe('the admin results page of a verifiable election', { timeout: 60_000 }, () => {
  it('counts nothing until the trustees have decrypted, then the decrypted result', async () => {
    const voters = await Promise.all([1, 2, 3].map(() => createUser(built.db)));
    const made = await verifiableElection(built.db);
    for (const [i, voter] of voters.entries())
      await castBallot(built.db, voter.id, {
        electionId: made.electionId,
        ballot: ballotFor(built.db, made.electionId, voter.id, i === 0 ? [0, 1] : [1, 0]),
      });
    const waiting = await admins.first.admin.elections.results({ electionId: made.electionId });
    expect(waiting).toMatchObject({ verifiable: true, awaitingTrustees: true, cast: 3, total: 0, rows: [] });
    expect(waiting.turnout?.overall.votes).toBe(3);

    built.db
      .update(elections)
      .set({
        status: 'Closed',
        startTime: new Date(Date.now() - 7_200_000),
        endTime: new Date(Date.now() - 3_600_000),
      })
      .where(eq(elections.id, made.electionId))
      .run();
    expect(await closeVerifiable(built.db, made.electionId)).toBe(true);
    const archive = readArchive(archiveBytes(built.db, made.electionId) ?? new Uint8Array());
    const election = parseElection(archive.setup.election);
    const tally = parseEncryptedTally(archive.encryptedTally?.tally ?? '', election);
    for (const trustee of made.trustees)
      await submitPartialDecryption(built.db, {
        token: trustee.token,
        partialDecryption: computePartialDecryption(election, tally, trustee.privateKey),
      });
    const counted = await admins.first.admin.elections.results({ electionId: made.electionId });
    expect(counted).toMatchObject({ awaitingTrustees: false, cast: 3, total: 3 });
    expect(counted.rows.map((row) => [row.name, row.votes])).toEqual([
      [made.candidates[0]?.name, 2],
      [made.candidates[1]?.name, 1],
    ]);
  });
});
