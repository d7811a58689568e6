import { approvals, auditLogs, candidates, electionRecords, elections, polls } from '@server/db/schema';
import { monthBounds } from '@shared/months';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { confirmedBySecondAdmin, expectTrpcError } from '../helpers/admin';
import { castVote, openWindow } from '../helpers/admin-elections';
import { callerFor, createTestDeps, type TestDeps } from '../helpers/caller';
import { createAdmin } from '../helpers/factories';
import { createPoll } from '../helpers/poll-factories';

const HOUR = 3_600_000;

/** A draft poll voting within its own month (publishing checks it). */
const draftIn = (monthYear: string) => ({ status: 'draft' as const, monthYear, ...monthBounds(monthYear) });

async function twoAdmins() {
  const deps = createTestDeps();
  const first = await createAdmin(deps.db);
  const second = await createAdmin(deps.db);
  const as = (user: typeof first) => callerFor(deps, user, '192.0.2.30', { steppedUp: true }).caller;
  return { deps, first, second, firstCaller: as(first), secondCaller: as(second) };
}

const electionOf = (deps: TestDeps, id: string) =>
  deps.db.select().from(elections).where(eq(elections.id, id)).get();
const approvalOf = (deps: TestDeps, id: string) =>
  deps.db.select().from(approvals).where(eq(approvals.id, id)).get();
const auditOf = (deps: TestDeps, tableName: string, recordId: string) =>
  deps.db
    .select({ action: auditLogs.action, actorId: auditLogs.actorId, newValues: auditLogs.newValues })
    .from(auditLogs)
    .where(and(eq(auditLogs.tableName, tableName), eq(auditLogs.recordId, recordId)))
    .orderBy(asc(auditLogs.id))
    .all()
    .map((row) => ({ ...row, newValues: JSON.parse(row.newValues ?? 'null') }));

const ballot = [{ name: 'Candidate A', party: null, positionSought: null }];

/** A draft made through the console, and the edit that would open it. */
async function draftElection(
  caller: Awaited<ReturnType<typeof twoAdmins>>['firstCaller'],
  title = 'Mayor 2027',
) {
  const window = openWindow();
  const { id } = await caller.admin.elections.create({ title, ...window, candidates: ballot });
  const opening = {
    id,
    title,
    description: null,
    ...window,
    status: 'Active' as const,
    resultsVisible: false,
    hideResultsUntilClose: true,
  };
  return { id, opening };
}

describe('attack: one System Admin alone opens an election', () => {
  it('an opening waits, changes nothing, and is done when a second System Admin confirms; the audit names both', async () => {
    const { deps, first, second, firstCaller, secondCaller } = await twoAdmins();
    const { id, opening } = await draftElection(firstCaller);
    const asked = await firstCaller.admin.elections.update(opening);
    expect(asked).toEqual({ pendingApproval: { id: expect.any(String) } });
    if (!('pendingApproval' in asked)) throw new Error('expected a waiting request');
    expect(electionOf(deps, id)?.status).toBe('Draft');

    const [listed] = await secondCaller.admin.approvals.pending();
    expect(listed).toMatchObject({
      kind: 'electionOpen',
      summary: { title: 'Mayor 2027', fromStatus: 'Draft', toStatus: 'Active', hideResultsUntilClose: true },
      requestedBy: { id: first.id },
    });
    await expectTrpcError(firstCaller.admin.approvals.confirm({ id: asked.pendingApproval.id }), 'FORBIDDEN');
    expect(await secondCaller.admin.approvals.confirm({ id: asked.pendingApproval.id })).toEqual({
      id: asked.pendingApproval.id,
      status: 'confirmed',
    });
    expect(electionOf(deps, id)?.status).toBe('Active');

    const edit = auditOf(deps, 'elections', id).at(-1);
    expect(edit).toMatchObject({
      action: 'update',
      actorId: second.id,
      newValues: { status: 'Active', requestedBy: first.id },
    });
    expect(auditOf(deps, 'approvals', asked.pendingApproval.id)).toMatchObject([
      { action: 'request', actorId: first.id, newValues: { kind: 'electionOpen', subject: id } },
      { action: 'confirm', actorId: second.id, newValues: { requestedBy: first.id, confirmedBy: second.id } },
    ]);
  });

  it('an election created Active is created a draft, its opening waiting; other edits stay immediate', async () => {
    const { deps, firstCaller } = await twoAdmins();
    const made = await firstCaller.admin.elections.create({
      title: 'Opened at once',
      ...openWindow(),
      status: 'Active',
      candidates: ballot,
    });
    expect(made).toEqual({ id: expect.any(String), pendingApproval: { id: expect.any(String) } });
    expect(electionOf(deps, made.id)?.status).toBe('Draft');
    // A new title on the draft is done at once; a second request to open it is refused with a sentence.
    const { opening } = await draftElection(firstCaller, 'Another');
    expect(
      await firstCaller.admin.elections.update({ ...opening, status: 'Draft', title: 'Renamed' }),
    ).toEqual({
      id: opening.id,
    });
    expect(electionOf(deps, opening.id)?.title).toBe('Renamed');
    await firstCaller.admin.elections.update(opening);
    await expectTrpcError(
      firstCaller.admin.elections.update(opening),
      'CONFLICT',
      'A change to this election is already waiting for a second System Admin. Confirm or cancel it on the Approvals page first.',
    );
  });

  it('is refused at confirm once the election changed, or its end passed, and then changes nothing', async () => {
    const { deps, firstCaller, secondCaller } = await twoAdmins();
    const { id, opening } = await draftElection(firstCaller);
    const asked = await firstCaller.admin.elections.update(opening);
    if (!('pendingApproval' in asked)) throw new Error('expected a waiting request');
    // Archived meanwhile: the old request does not bring it back.
    deps.db.update(elections).set({ status: 'Archived' }).where(eq(elections.id, id)).run();
    await expectTrpcError(
      secondCaller.admin.approvals.confirm({ id: asked.pendingApproval.id }),
      'CONFLICT',
      'This election was changed after the request was made, so nothing was changed. Cancel the request and ask again.',
    );
    expect(electionOf(deps, id)?.status).toBe('Archived');
    expect(approvalOf(deps, asked.pendingApproval.id)?.status).toBe('pending');
    await firstCaller.admin.approvals.cancel({ id: asked.pendingApproval.id });
    expect(approvalOf(deps, asked.pendingApproval.id)?.status).toBe('cancelled');

    // Renamed while it waited (an edit done at once): the old request does not undo the new title.
    const renamed = await draftElection(firstCaller, 'Before');
    const renameAsk = await firstCaller.admin.elections.update(renamed.opening);
    if (!('pendingApproval' in renameAsk)) throw new Error('expected a waiting request');
    await firstCaller.admin.elections.update({ ...renamed.opening, status: 'Draft', title: 'After' });
    await expectTrpcError(
      secondCaller.admin.approvals.confirm({ id: renameAsk.pendingApproval.id }),
      'CONFLICT',
    );
    expect(electionOf(deps, renamed.id)).toMatchObject({ title: 'After', status: 'Draft' });

    // Its end passed while it waited.
    const late = await draftElection(firstCaller, 'Late');
    const lateAsk = await firstCaller.admin.elections.update({
      ...late.opening,
      startTime: new Date(Date.now() - HOUR),
      endTime: new Date(Date.now() + 200),
    });
    if (!('pendingApproval' in lateAsk)) throw new Error('expected a waiting request');
    await new Promise((resolve) => setTimeout(resolve, 250));
    await expectTrpcError(
      secondCaller.admin.approvals.confirm({ id: lateAsk.pendingApproval.id }),
      'PRECONDITION_FAILED',
      'This election’s end time has passed, so it cannot be opened. Change its dates first.',
    );
    expect(electionOf(deps, late.id)?.status).toBe('Draft');

    // No candidate left on its ballot: refused when asked.
    const empty = await draftElection(firstCaller, 'Empty');
    deps.db.delete(candidates).where(eq(candidates.electionId, empty.id)).run();
    await expectTrpcError(
      firstCaller.admin.elections.update(empty.opening),
      'PRECONDITION_FAILED',
      'This election has no candidates, so it cannot be opened. Add a candidate first.',
    );
  });
});

describe('attack: one System Admin alone publishes an election’s results', () => {
  it('making results visible waits for a second System Admin; a draft’s results rule is free', async () => {
    const { deps, first, second, firstCaller, secondCaller } = await twoAdmins();
    const { id, opening } = await draftElection(firstCaller);
    // On a draft, the results rule is part of what its opening is approved with.
    expect(
      await firstCaller.admin.elections.update({ ...opening, status: 'Draft', resultsVisible: true }),
    ).toEqual({
      id,
    });
    deps.db
      .update(elections)
      .set({ status: 'Closed', resultsVisible: false, hideResultsUntilClose: false })
      .where(eq(elections.id, id))
      .run();
    const closed = { ...opening, status: 'Closed' as const, hideResultsUntilClose: false };
    const asked = await firstCaller.admin.elections.update({ ...closed, resultsVisible: true });
    if (!('pendingApproval' in asked)) throw new Error('expected a waiting request');
    expect(electionOf(deps, id)?.resultsVisible).toBe(false);
    expect((await secondCaller.admin.approvals.pending())[0]).toMatchObject({
      kind: 'electionResults',
      summary: { resultsVisible: true, toStatus: 'Closed' },
    });
    await secondCaller.admin.approvals.confirm({ id: asked.pendingApproval.id });
    expect(electionOf(deps, id)?.resultsVisible).toBe(true);
    expect(auditOf(deps, 'elections', id).at(-1)).toMatchObject({
      actorId: second.id,
      newValues: { resultsVisible: true, requestedBy: first.id },
    });

    // Hiding them again is done at once.
    expect(await firstCaller.admin.elections.update({ ...closed, resultsVisible: false })).toEqual({ id });
    // Turning on "show at close" publishes them too: it waits.
    const atClose = await firstCaller.admin.elections.update({ ...closed, hideResultsUntilClose: true });
    expect(atClose).toEqual({ pendingApproval: { id: expect.any(String) } });
    expect(electionOf(deps, id)?.hideResultsUntilClose).toBe(false);
  });
  it('an edit that closes the election and publishes its results fixes its record once confirmed', async () => {
    const { deps, firstCaller, secondCaller } = await twoAdmins();
    const { id, opening } = await draftElection(firstCaller, 'Closed with results');
    await confirmedBySecondAdmin(deps, await firstCaller.admin.elections.update(opening));
    const [candidate] = await firstCaller.admin.elections.candidates.list({ electionId: id });
    await castVote(deps, id, candidate?.id ?? '');

    const asked = await firstCaller.admin.elections.update({
      ...opening,
      status: 'Closed',
      resultsVisible: true,
    });
    if (!('pendingApproval' in asked)) throw new Error('expected a waiting request');
    // The close waits with the publication it was sent with: the election still runs, with no record yet.
    expect(electionOf(deps, id)?.status).toBe('Active');
    expect(deps.db.select().from(electionRecords).where(eq(electionRecords.electionId, id)).all()).toEqual(
      [],
    );
    await secondCaller.admin.approvals.confirm({ id: asked.pendingApproval.id });
    expect(electionOf(deps, id)).toMatchObject({ status: 'Closed', resultsVisible: true });
    expect(
      deps.db.select().from(electionRecords).where(eq(electionRecords.electionId, id)).all(),
    ).toHaveLength(1);
  });
});

describe('attack: one System Admin alone publishes a poll', () => {
  it('publishing waits; a second System Admin opens it; a cancel leaves it a draft; a stale request is refused', async () => {
    const { deps, first, second, firstCaller, secondCaller } = await twoAdmins();
    const { poll } = createPoll(deps.db, draftIn('2031-01'));
    const asked = await firstCaller.polls.publish({ id: poll.id });
    expect(deps.db.select().from(polls).where(eq(polls.id, poll.id)).get()?.status).toBe('draft');
    await expectTrpcError(
      firstCaller.polls.publish({ id: poll.id }),
      'CONFLICT',
      'Publishing this poll is already waiting for a second System Admin. Confirm or cancel it on the Approvals page first.',
    );
    expect((await secondCaller.admin.approvals.pending())[0]).toMatchObject({
      kind: 'pollPublish',
      summary: { title: poll.title, monthYear: poll.monthYear },
    });
    await secondCaller.admin.approvals.cancel({ id: asked.pendingApproval.id });
    expect(deps.db.select().from(polls).where(eq(polls.id, poll.id)).get()?.status).toBe('draft');

    const again = await firstCaller.polls.publish({ id: poll.id });
    const confirmer = await confirmedBySecondAdmin(deps, again);
    expect(deps.db.select().from(polls).where(eq(polls.id, poll.id)).get()?.status).toBe('open');
    expect(auditOf(deps, 'polls', poll.id).at(-1)).toMatchObject({
      actorId: confirmer.id,
      newValues: { status: 'open', requestedBy: first.id },
    });

    // Published directly meanwhile (another request confirmed first): the old one is refused with a sentence.
    const { poll: other } = createPoll(deps.db, draftIn('2031-02'));
    const stale = await firstCaller.polls.publish({ id: other.id });
    deps.db.update(polls).set({ status: 'closed' }).where(eq(polls.id, other.id)).run();
    await expectTrpcError(
      secondCaller.admin.approvals.confirm({ id: stale.pendingApproval.id }),
      'PRECONDITION_FAILED',
      'A closed poll cannot be published again.',
    );
    expect(second.id).not.toBe(first.id);
  });
});
