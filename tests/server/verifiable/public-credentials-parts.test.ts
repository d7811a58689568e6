import { electionCredentials, verifiableElections } from '@server/db/schema';
import { setPublicCredentials } from '@server/services/verifiable/credentials';
import '@server/services/verifiable/setup';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectTrpcError } from '../../helpers/admin';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { createAdmin } from '../../helpers/factories';
import { type Admins, beleniosUuid, draftWithTrustees, twoAdmins } from '../../helpers/verifiable';
import { publicCredentialList } from '../../helpers/verifiable-factories';

/**
 * An outside authority's list is written a part at a time (a nation's list would otherwise hold the event loop
 * for its whole write): the stored list is always one whole list with its count, a list cut short (a server
 * stopped mid-way) is refused at the opening with its sentence, and sending it again mends it.
 */

let built: TestApp;
let admins: Admins;

beforeAll(async () => {
  built = await buildTestApp();
  admins = await twoAdmins(built);
});
afterAll(() => built.app.close());

const listOf = (uuid: string, n: number) => publicCredentialList(uuid, n).publics;

const stored = (electionId: string) =>
  built.db
    .select({ credential: electionCredentials.credential })
    .from(electionCredentials)
    .where(eq(electionCredentials.electionId, electionId))
    .all()
    .map((r) => r.credential)
    .sort();

const sideOf = (electionId: string) =>
  built.db.select().from(verifiableElections).where(eq(verifiableElections.electionId, electionId)).get();

describe('an outside authority list written in parts', { timeout: 120_000 }, () => {
  it('two lists sent at once leave one of them whole, with its count', async () => {
    const { id } = await draftWithTrustees(admins, 'Two lists');
    const uuid = beleniosUuid(built, id);
    const adminId = (await createAdmin(built.db)).id;
    const large = listOf(uuid, 5_000);
    const small = listOf(uuid, 30);
    const [first, second] = await Promise.allSettled([
      setPublicCredentials(
        built.db,
        { electionId: id, file: Buffer.from(JSON.stringify(large)) },
        () => adminId,
      ),
      setPublicCredentials(
        built.db,
        { electionId: id, file: Buffer.from(JSON.stringify(small)) },
        () => adminId,
      ),
    ]);
    // Whichever began writing last wins; the other, if it was cut off, says so.
    for (const answer of [first, second])
      if (answer.status === 'rejected')
        expect((answer.reason as { code?: string }).code).toBe('verifiable.credentialsInterrupted');
    const kept = stored(id);
    const whole = [[...large].sort(), [...small].sort()].find((list) => list.length === kept.length);
    expect(kept).toEqual(whole);
    expect(sideOf(id)?.credentialsCount).toBe(kept.length);
  });

  it('a list cut short is refused at the opening; sent again, it opens once asked for again', async () => {
    const { id, opening } = await draftWithTrustees(admins, 'Cut short');
    const uuid = beleniosUuid(built, id);
    const adminId = (await createAdmin(built.db)).id;
    const list = listOf(uuid, 2_500);
    const file = Buffer.from(JSON.stringify(list));
    await setPublicCredentials(built.db, { electionId: id, file }, () => adminId);
    // As a server stopped between two parts leaves it: some rows, no count.
    built.db
      .update(verifiableElections)
      .set({ credentialsCount: null })
      .where(eq(verifiableElections.electionId, id))
      .run();
    built.db.$client
      .prepare(
        'DELETE FROM election_credentials WHERE rowid IN (SELECT rowid FROM election_credentials WHERE election_id = ? LIMIT 500)',
      )
      .run(id);
    const asked = await admins.first.admin.elections.update(opening);
    const approvalId = (asked as { pendingApproval: { id: string } }).pendingApproval.id;
    await expectTrpcError(
      admins.second.admin.approvals.confirm({ id: approvalId }),
      'PRECONDITION_FAILED',
      "The outside authority's list of public credentials was not completely written. Please send the file again.",
    );
    await setPublicCredentials(built.db, { electionId: id, file }, () => adminId);
    // The list sent again is not the one the request was made with: the opening is asked for again.
    await expectTrpcError(admins.second.admin.approvals.confirm({ id: approvalId }), 'CONFLICT');
    await admins.first.admin.approvals.cancel({ id: approvalId });
    const again = await admins.first.admin.elections.update(opening);
    await admins.second.admin.approvals.confirm({
      id: (again as { pendingApproval: { id: string } }).pendingApproval.id,
    });
    expect(stored(id)).toEqual([...list].sort());
  });
});
