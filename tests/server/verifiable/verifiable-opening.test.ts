import { elections, verifiableElections } from '@server/db/schema';
import { generateTrusteeKey } from '@shared/belenios';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectTrpcError } from '../../helpers/admin';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { type Admins, openElection, twoAdmins, verifiableDraft } from '../../helpers/verifiable';

let built: TestApp;
let admins: Admins;

beforeAll(async () => {
  built = await buildTestApp();
  admins = await twoAdmins(built);
});
afterAll(() => built.app.close());

const addTrustee = (electionId: string, name: string) =>
  admins.first.admin.elections.trustees.add({ electionId, name, publicKey: generateTrusteeKey().publicKey });

describe('opening a verifiable election', () => {
  it('needs two trustees, asked and confirmed; its counting is fixed once it opens', async () => {
    const { id, opening } = await verifiableDraft(admins, 'Needs trustees');
    await expectTrpcError(admins.first.admin.elections.update(opening), 'PRECONDITION_FAILED');
    const only = await addTrustee(id, 'One');
    await expectTrpcError(admins.first.admin.elections.update(opening), 'PRECONDITION_FAILED');
    await addTrustee(id, 'Two');
    // A trustee removed while the opening waits: the confirm refuses it too.
    const asked = await admins.first.admin.elections.update(opening);
    await admins.first.admin.elections.trustees.remove({ electionId: id, id: only.id });
    const waiting = (asked as { pendingApproval: { id: string } }).pendingApproval.id;
    await expectTrpcError(admins.second.admin.approvals.confirm({ id: waiting }), 'PRECONDITION_FAILED');
    expect(built.db.select().from(elections).where(eq(elections.id, id)).get()?.status).toBe('Draft');
    await admins.first.admin.approvals.cancel({ id: waiting });

    await addTrustee(id, 'Three');
    await openElection(admins, opening);
    const side = built.db
      .select()
      .from(verifiableElections)
      .where(eq(verifiableElections.electionId, id))
      .get();
    expect(side?.electionText).toContain('"group":"BELENIOS-2048"');
    await expectTrpcError(
      admins.first.admin.elections.update({ ...opening, counting: 'standard' }),
      'PRECONDITION_FAILED',
    );
    await expectTrpcError(addTrustee(id, 'Late'), 'PRECONDITION_FAILED');
    // Its candidates are the setup's answers: none added, removed or renamed after the opening.
    await expectTrpcError(
      admins.first.admin.elections.candidates.create({
        electionId: id,
        name: 'Newcomer',
        party: null,
        positionSought: null,
      }),
      'PRECONDITION_FAILED',
    );
    const [candidate] = await admins.first.admin.elections.candidates.list({ electionId: id });
    if (!candidate) throw new Error('no candidate');
    await expectTrpcError(
      admins.first.admin.elections.candidates.delete({ id: candidate.id }),
      'PRECONDITION_FAILED',
    );
  });

  it('refuses to open with two candidates whose names read alike (case, spacing, invisible characters aside)', async () => {
    const { id, opening } = await verifiableDraft(admins, 'Two of one name');
    const { candidates } = await import('@server/db/schema');
    built.db.update(candidates).set({ name: 'Ahmed  al\u200Bi' }).where(eq(candidates.name, 'Casho')).run();
    built.db.update(candidates).set({ name: 'Ahmed Ali' }).where(eq(candidates.name, 'Bashir')).run();
    await addTrustee(id, 'One');
    await addTrustee(id, 'Two');
    await expectTrpcError(
      admins.first.admin.elections.update(opening),
      'PRECONDITION_FAILED',
      /^Two candidates of this verifiable election have the same name \(Ahmed /,
    );
    expect(built.db.select().from(elections).where(eq(elections.id, id)).get()?.status).toBe('Draft');
  });

  it('a standard election has no trustees and no archive', async () => {
    const { id } = await admins.first.admin.elections.create({
      title: 'Standard',
      startTime: new Date(Date.now() - 3_600_000),
      endTime: new Date(Date.now() + 3_600_000),
      candidates: [{ name: 'A', party: null, positionSought: null }],
    });
    await expectTrpcError(addTrustee(id, 'X'), 'PRECONDITION_FAILED');
    expect((await built.app.inject({ url: `/api/v1/elections/${id}/archive.bel` })).statusCode).toBe(404);
  });
});
