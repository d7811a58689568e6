import { electionArchiveChunks, elections, verifiableElections } from '@server/db/schema';
import { preparationSettled } from '@server/services/verifiable/preparation';
import { generateTrusteeKey } from '@shared/belenios';
import { powG, Q, randomExponent } from '@shared/belenios/group';
import { proveKnowledge } from '@shared/belenios/proofs';
import { trusteePublicKeyJson } from '@shared/belenios/trustee';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectTrpcError } from '../../helpers/admin';
import { castVote } from '../../helpers/admin-elections';
import { buildTestApp, type TestApp } from '../../helpers/app';
import {
  type Admins,
  draftWithTrustees,
  listening,
  openElection,
  twoAdmins,
  verifiableDraft,
} from '../../helpers/verifiable';
import { verifiableElection } from '../../helpers/verifiable-factories';

let built: TestApp;
let base: string;
let admins: Admins;

beforeAll(async () => {
  built = await buildTestApp();
  base = await listening(built);
  admins = await twoAdmins(built);
});
afterAll(() => built.app.close());

const addTrustee = (electionId: string, name: string) =>
  admins.first.admin.elections.trustees.add({ electionId, name, publicKey: generateTrusteeKey().publicKey });
const statusOf = (id: string) => built.db.select().from(elections).where(eq(elections.id, id)).get()?.status;
const chunks = (id: string) =>
  built.db.select().from(electionArchiveChunks).where(eq(electionArchiveChunks.electionId, id)).all().length;
const waitingId = (asked: unknown) => (asked as { pendingApproval: { id: string } }).pendingApproval.id;

// Each test opens Belenios elections: the time a busy machine needs.
describe('a verifiable election’s setup, once opened, stays as it was published', { timeout: 60_000 }, () => {
  it('never becomes a draft again, so its counting cannot be changed through one', async () => {
    const { id, opening } = await draftWithTrustees(admins, 'Stays open');
    await openElection(admins, opening);
    const archived = chunks(id);
    await expectTrpcError(
      admins.first.admin.elections.update({ ...opening, status: 'Draft' }),
      'PRECONDITION_FAILED',
      'A verifiable election that has been opened cannot become a draft again: its setup and ballot box are public and are kept as they are.',
    );
    expect(statusOf(id)).toBe('Active');
    await admins.first.admin.elections.update({ ...opening, status: 'Closed' });
    // Closed, it still cannot be made a draft, nor counted another way.
    await expectTrpcError(
      admins.first.admin.elections.update({ ...opening, status: 'Draft' }),
      'PRECONDITION_FAILED',
    );
    await expectTrpcError(
      admins.first.admin.elections.update({ ...opening, status: 'Closed', counting: 'standard' }),
      'PRECONDITION_FAILED',
    );
    expect(statusOf(id)).toBe('Closed');
    expect(built.db.select().from(elections).where(eq(elections.id, id)).get()?.counting).toBe('verifiable');
    expect(chunks(id)).toBeGreaterThanOrEqual(archived);
    const archive = await fetch(`${base}/api/v1/elections/${id}/archive.bel`);
    expect(archive.status).toBe(200);
  });

  it('its deletion is refused with a sentence, and the archive stays', async () => {
    const { electionId } = await verifiableElection(built.db);
    const before = chunks(electionId);
    await expectTrpcError(
      admins.first.admin.elections.delete({ id: electionId }),
      'CONFLICT',
      "This verifiable election's ballot box is public and cannot be deleted. Archive the election instead.",
    );
    expect(chunks(electionId)).toBe(before);
    expect(statusOf(electionId)).toBe('Active');
  });

  it('an opening confirms only the counting and trustees it was asked with, and shows them', async () => {
    const { id, opening } = await verifiableDraft(admins, 'Trustees swapped');
    await addTrustee(id, 'Amina Trustee');
    const second = await addTrustee(id, 'Bashir Trustee');
    const asked = await admins.first.admin.elections.update(opening);
    const [card] = (await admins.second.admin.approvals.pending()).filter((a) => a.id === waitingId(asked));
    expect(card?.summary).toMatchObject({
      counting: 'verifiable',
      trustees: ['Amina Trustee', 'Bashir Trustee'],
    });
    // One trustee swapped for another while the opening waits: as many trustees, not the keys approved.
    await admins.first.admin.elections.trustees.remove({ electionId: id, id: second.id });
    await addTrustee(id, 'Someone Else');
    await preparationSettled(built.db, id);
    await expectTrpcError(
      admins.second.admin.approvals.confirm({ id: waitingId(asked) }),
      'CONFLICT',
      /was changed after the request was made/,
    );
    expect(statusOf(id)).toBe('Draft');
    await admins.first.admin.approvals.cancel({ id: waitingId(asked) });

    // The counting switched to standard while the opening waits: the confirm refuses it too.
    const again = await admins.first.admin.elections.update(opening);
    await preparationSettled(built.db, id);
    await admins.first.admin.elections.update({ ...opening, status: 'Draft', counting: 'standard' });
    await expectTrpcError(
      admins.second.admin.approvals.confirm({ id: waitingId(again) }),
      'CONFLICT',
      /was changed after the request was made/,
    );
    expect(statusOf(id)).toBe('Draft');
  });

  it('an opening cannot carry a change of counting: the counting approved is the one shown', async () => {
    const { id, opening } = await draftWithTrustees(admins, 'Counting in the opening');
    await expectTrpcError(
      admins.first.admin.elections.update({ ...opening, counting: 'standard' }),
      'PRECONDITION_FAILED',
      'How the election is counted cannot change in the same request as its opening or its results: save the counting first, then ask again.',
    );
    // The other way: a standard draft asked to open as verifiable.
    await admins.first.admin.elections.update({ ...opening, status: 'Draft', counting: 'standard' });
    await expectTrpcError(
      admins.first.admin.elections.update({ ...opening, counting: 'verifiable' }),
      'PRECONDITION_FAILED',
    );
    expect(statusOf(id)).toBe('Draft');
    expect(built.db.select().from(elections).where(eq(elections.id, id)).get()?.counting).toBe('standard');
  });

  it('an opening confirms only the voters’ credentials it was asked with', async () => {
    const { id, opening } = await draftWithTrustees(admins, 'Credentials swapped');
    const asked = await admins.first.admin.elections.update(opening);
    await preparationSettled(built.db, id);
    // What an outside authority's upload leaves once its last part is in (server/services/verifiable/credentials.ts).
    built.db
      .update(verifiableElections)
      .set({ credentialAuthority: 'external', credentialsList: 'swapped', credentialsCount: 3 })
      .where(eq(verifiableElections.electionId, id))
      .run();
    await expectTrpcError(
      admins.second.admin.approvals.confirm({ id: waitingId(asked) }),
      'CONFLICT',
      /was changed after the request was made/,
    );
    expect(statusOf(id)).toBe('Draft');
  });

  it('refuses trustees whose keys cancel out (an election key of 1), as they are added and at the opening', async () => {
    const { id, opening } = await verifiableDraft(admins, 'Keys that cancel');
    const pair = (x: bigint) =>
      trusteePublicKeyJson({
        publicKey: powG(x),
        pok: proveKnowledge(x, `pok|BELENIOS-2048|${powG(x)}|`),
      });
    const x = randomExponent();
    await admins.first.admin.elections.trustees.add({ electionId: id, name: 'A', publicKey: pair(x) });
    await expectTrpcError(
      admins.first.admin.elections.trustees.add({ electionId: id, name: 'B', publicKey: pair(Q - x) }),
      'PRECONDITION_FAILED',
      "The trustees' keys together make an election key of 1, which would leave every ballot readable: one of these trustees must make a new key pair.",
    );
    // Added while a third key kept the product from 1, then that third trustee removed.
    const third = await addTrustee(id, 'C');
    await admins.first.admin.elections.trustees.add({ electionId: id, name: 'B', publicKey: pair(Q - x) });
    await admins.first.admin.elections.trustees.remove({ electionId: id, id: third.id });
    await expectTrpcError(
      admins.first.admin.elections.update(opening),
      'PRECONDITION_FAILED',
      /election key of 1/,
    );
    expect(statusOf(id)).toBe('Draft');
  });

  it('a standard election that has votes keeps its counting, even made a draft again', async () => {
    const { id } = await admins.first.admin.elections.create({
      title: 'Counted as votes arrive',
      startTime: new Date(Date.now() - 3_600_000),
      endTime: new Date(Date.now() + 3_600_000),
      candidates: [{ name: 'A', party: null, positionSought: null }],
    });
    built.db.update(elections).set({ status: 'Active' }).where(eq(elections.id, id)).run();
    const [candidate] = await admins.first.admin.elections.candidates.list({ electionId: id });
    await castVote(admins.deps, id, candidate?.id ?? '');
    const window = { startTime: new Date(Date.now() - 3_600_000), endTime: new Date(Date.now() + 3_600_000) };
    const draft = {
      id,
      title: 'Counted as votes arrive',
      description: null,
      ...window,
      status: 'Draft' as const,
      resultsVisible: false,
      hideResultsUntilClose: true,
    };
    await admins.first.admin.elections.update(draft);
    await expectTrpcError(
      admins.first.admin.elections.update({ ...draft, counting: 'verifiable' }),
      'PRECONDITION_FAILED',
      'How an election is counted can only be changed while it is a draft that nobody has voted in.',
    );
  });

  it('refuses 1 as a trustee key: its share is anyone’s to compute', async () => {
    const { id } = await verifiableDraft(admins, 'Identity key');
    // A well-formed key whose proof checks (Belenios' pok prefix, the private key 0): 1 = g^0.
    const identity = trusteePublicKeyJson({ publicKey: 1n, pok: proveKnowledge(0n, 'pok|BELENIOS-2048|1|') });
    await expectTrpcError(
      admins.first.admin.elections.trustees.add({ electionId: id, name: 'Nobody', publicKey: identity }),
      'BAD_REQUEST',
    );
    expect(await admins.first.admin.elections.trustees.list({ electionId: id })).toEqual([]);
  });
});
