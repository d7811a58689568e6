import { auditLogs, candidates, elections, votes } from '@server/db/schema';
import { englishMessage } from '@server/errors/texts';
import { electionMessages as keyed } from '@shared/schemas/admin-elections';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

/** The schema's messages (keys) as the English sentences a client is sent. */
const electionMessages = Object.fromEntries(
  Object.entries(keyed).map(([name, message]) => [name, englishMessage(message)]),
) as Record<keyof typeof keyed, string>;

import { expectTrpcError } from '../helpers/admin';
import { adminCaller, auditRows, castVote, MISSING_ID, openWindow } from '../helpers/admin-elections';
import { callerFor, createTestDeps } from '../helpers/caller';
import { createElection } from '../helpers/election-factories';
import { createUser } from '../helpers/factories';

const HOUR = 3_600_000;

describe('admin.elections.create', () => {
  it('stores the election as the default draft with its named candidates numbered from 1, with audit rows', async () => {
    const deps = createTestDeps();
    const { admin, caller } = await adminCaller(deps);
    const { id } = await caller.admin.elections.create({
      title: '  Regional Election  ',
      ...openWindow(),
      candidates: [
        { name: 'Amina Warsame', party: 'Party A' },
        { name: '   ', party: 'dropped' },
        { name: 'Bashir Ali', positionSought: '' },
      ],
    });
    const election = deps.db.select().from(elections).where(eq(elections.id, id)).get();
    expect(election).toMatchObject({
      title: 'Regional Election',
      status: 'Draft',
      resultsVisible: false,
      hideResultsUntilClose: true,
      createdBy: admin.id,
      description: null,
    });
    const ballot = deps.db
      .select({
        name: candidates.name,
        party: candidates.party,
        positionSought: candidates.positionSought,
        orderIndex: candidates.orderIndex,
      })
      .from(candidates)
      .where(eq(candidates.electionId, id))
      .orderBy(asc(candidates.orderIndex))
      .all();
    expect(ballot).toEqual([
      { name: 'Amina Warsame', party: 'Party A', positionSought: null, orderIndex: 1 },
      { name: 'Bashir Ali', party: null, positionSought: null, orderIndex: 2 },
    ]);
    const audit = auditRows(deps, 'elections', id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', actorId: admin.id });
    expect(JSON.parse(audit[0]?.newValues ?? '{}')).toMatchObject({
      electionType: 'Presidential',
      candidates: ['Amina Warsame', 'Bashir Ali'],
    });
    const candidateAudits = deps.db
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, 'candidates'), eq(auditLogs.action, 'create')))
      .all();
    expect(candidateAudits).toHaveLength(2);
  });

  it('needs at least one candidate with a name', async () => {
    const deps = createTestDeps();
    const { caller } = await adminCaller(deps);
    for (const ballot of [[], [{ name: '' }, { name: '  ', party: 'P' }]]) {
      await expectTrpcError(
        caller.admin.elections.create({ title: 'E', ...openWindow(), candidates: ballot }),
        'BAD_REQUEST',
        electionMessages.candidateRequired,
      );
    }
    expect(deps.db.select({ id: elections.id }).from(elections).all()).toHaveLength(0);
  });

  it('needs a title, and an end after the start', async () => {
    const deps = createTestDeps();
    const { caller } = await adminCaller(deps);
    const ballot = [{ name: 'A' }];
    await expectTrpcError(
      caller.admin.elections.create({ title: '  ', ...openWindow(), candidates: ballot }),
      'BAD_REQUEST',
      electionMessages.titleRequired,
    );
    const start = new Date();
    for (const endTime of [start, new Date(start.getTime() - HOUR)]) {
      await expectTrpcError(
        caller.admin.elections.create({ title: 'E', startTime: start, endTime, candidates: ballot }),
        'BAD_REQUEST',
        electionMessages.endAfterStart,
      );
    }
  });

  it('accepts only HOP#001 to HOP#275 as positions in a Lower House election (the type is not stored)', async () => {
    const deps = createTestDeps();
    const { caller } = await adminCaller(deps);
    const lowerHouse = { title: 'House seat', electionType: 'Lower House' as const, ...openWindow() };
    await expectTrpcError(
      caller.admin.elections.create({
        ...lowerHouse,
        candidates: [{ name: 'A', positionSought: 'HOP#276' }],
      }),
      'BAD_REQUEST',
      electionMessages.hopPosition,
    );
    const { id } = await caller.admin.elections.create({
      ...lowerHouse,
      candidates: [{ name: 'A', positionSought: 'HOP#275' }, { name: 'B' }],
    });
    expect(
      deps.db
        .select({ p: candidates.positionSought })
        .from(candidates)
        .where(eq(candidates.electionId, id))
        .all(),
    ).toEqual([{ p: 'HOP#275' }, { p: null }]);
  });
});

describe('admin.elections list, byId, update', () => {
  it('lists every election (drafts too) newest first with candidate and vote counts', async () => {
    const deps = createTestDeps();
    const { caller } = await adminCaller(deps);
    const older = createElection(deps.db, { title: 'Older', candidateCount: 2 });
    deps.db
      .update(elections)
      .set({ createdAt: new Date(Date.now() - 10 * HOUR) })
      .where(eq(elections.id, older.election.id))
      .run();
    const draft = createElection(deps.db, { title: 'Draft one', status: 'Draft', candidateCount: 4 });
    await castVote(deps, older.election.id, older.candidates[0]?.id ?? '');
    const list = await caller.admin.elections.list();
    expect(list.map((e) => [e.title, e.candidateCount, e.voteCount])).toEqual([
      ['Draft one', 4, 0],
      ['Older', 2, 1],
    ]);
    expect(await caller.admin.elections.byId({ id: draft.election.id })).toMatchObject({
      title: 'Draft one',
      status: 'Draft',
      candidateCount: 4,
    });
    await expectTrpcError(caller.admin.elections.byId({ id: MISSING_ID }), 'NOT_FOUND');
  });

  it('updates the fields, status set freely, with an audit row; refuses a bad date order and a missing id', async () => {
    const deps = createTestDeps();
    const { admin, caller } = await adminCaller(deps);
    const { election } = createElection(deps.db, { status: 'Closed' });
    const fields = {
      title: 'Renamed',
      description: 'About it',
      ...openWindow(),
      status: 'Draft' as const,
      resultsVisible: true,
      hideResultsUntilClose: false,
    };
    await caller.admin.elections.update({ id: election.id, ...fields });
    expect(deps.db.select().from(elections).where(eq(elections.id, election.id)).get()).toMatchObject(fields);
    expect(auditRows(deps, 'elections', election.id)).toEqual([
      expect.objectContaining({ action: 'update', actorId: admin.id }),
    ]);
    await expectTrpcError(
      caller.admin.elections.update({ id: election.id, ...fields, endTime: fields.startTime }),
      'BAD_REQUEST',
      electionMessages.endAfterStart,
    );
    await expectTrpcError(caller.admin.elections.update({ id: MISSING_ID, ...fields }), 'NOT_FOUND');
  });
});

describe('admin.elections.delete', () => {
  it('deletes an election without votes, its candidates with it, and records it', async () => {
    const deps = createTestDeps();
    const { caller } = await adminCaller(deps);
    const { election } = createElection(deps.db);
    await caller.admin.elections.delete({ id: election.id });
    expect(deps.db.select({ id: elections.id }).from(elections).all()).toHaveLength(0);
    expect(deps.db.select({ id: candidates.id }).from(candidates).all()).toHaveLength(0);
    expect(auditRows(deps, 'elections', election.id)).toEqual([
      expect.objectContaining({ action: 'delete' }),
    ]);
    await expectTrpcError(caller.admin.elections.delete({ id: election.id }), 'NOT_FOUND');
  });

  it('refuses an election that has votes, and says to archive it', async () => {
    const deps = createTestDeps();
    const { caller } = await adminCaller(deps);
    const { election, candidates: ballot } = createElection(deps.db);
    await castVote(deps, election.id, ballot[0]?.id ?? '');
    await expectTrpcError(
      caller.admin.elections.delete({ id: election.id }),
      'CONFLICT',
      'This election has votes and cannot be deleted. Archive it instead.',
    );
    expect(deps.db.select({ id: votes.id }).from(votes).all()).toHaveLength(1);
    expect(auditRows(deps, 'elections', election.id)).toHaveLength(0);
  });
});

describe('admin.elections tiers', () => {
  it('refuses a visitor (UNAUTHORIZED) and a citizen (FORBIDDEN)', async () => {
    const deps = createTestDeps();
    const citizen = await createUser(deps.db);
    const input = { title: 'E', ...openWindow(), candidates: [{ name: 'A' }] };
    await expectTrpcError(callerFor(deps, null).caller.admin.elections.create(input), 'UNAUTHORIZED');
    await expectTrpcError(callerFor(deps, citizen).caller.admin.elections.create(input), 'FORBIDDEN');
    await expectTrpcError(callerFor(deps, null).caller.admin.elections.list(), 'UNAUTHORIZED');
    await expectTrpcError(callerFor(deps, citizen).caller.admin.elections.list(), 'FORBIDDEN');
    expect(deps.db.select({ id: elections.id }).from(elections).all()).toHaveLength(0);
  });
});
