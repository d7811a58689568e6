import { candidates } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectTrpcError } from '../helpers/admin';
import { adminCaller, auditRows, castVote, MISSING_ID } from '../helpers/admin-elections';
import { createTestDeps } from '../helpers/caller';
import { createElection } from '../helpers/election-factories';

describe('admin.elections.candidates', () => {
  it('lists the ballot in order with votes; adds at max+1; updates; deletes only without votes', async () => {
    const deps = createTestDeps();
    const { admin, caller } = await adminCaller(deps);
    const { election, candidates: ballot } = createElection(deps.db, { candidateCount: 2 });
    deps.db
      .update(candidates)
      .set({ orderIndex: 7 })
      .where(eq(candidates.id, ballot[1]?.id ?? ''))
      .run();
    await castVote(deps, election.id, ballot[0]?.id ?? '');

    const added = await caller.admin.elections.candidates.create({
      electionId: election.id,
      name: 'Hodan',
      party: '',
    });
    expect(added.orderIndex).toBe(8);
    const list = await caller.admin.elections.candidates.list({ electionId: election.id });
    expect(list.map((c) => [c.name, c.orderIndex, c.votes])).toEqual([
      ['Candidate 1', 1, 1],
      ['Candidate 2', 7, 0],
      ['Hodan', 8, 0],
    ]);
    expect(list[2]?.party).toBeNull();

    await caller.admin.elections.candidates.update({ id: added.id, name: 'Hodan Ali', bio: 'Teacher' });
    expect(
      deps.db
        .select({ name: candidates.name, bio: candidates.bio })
        .from(candidates)
        .where(eq(candidates.id, added.id))
        .get(),
    ).toEqual({
      name: 'Hodan Ali',
      bio: 'Teacher',
    });
    await expectTrpcError(
      caller.admin.elections.candidates.delete({ id: ballot[0]?.id ?? '' }),
      'CONFLICT',
      'This candidate has received votes and cannot be deleted.',
    );
    await caller.admin.elections.candidates.delete({ id: added.id });
    expect(auditRows(deps, 'candidates', added.id).map((row) => [row.action, row.actorId])).toEqual([
      ['create', admin.id],
      ['update', admin.id],
      ['delete', admin.id],
    ]);
    await expectTrpcError(caller.admin.elections.candidates.list({ electionId: MISSING_ID }), 'NOT_FOUND');
    await expectTrpcError(
      caller.admin.elections.candidates.create({ electionId: election.id, name: ' ' }),
      'BAD_REQUEST',
      'Candidate name is required',
    );
  });
});

describe('admin.elections.results', () => {
  it('gives admins counts and percentages even while voters cannot see them', async () => {
    const deps = createTestDeps();
    const { caller } = await adminCaller(deps);
    const { election, candidates: ballot } = createElection(deps.db, { hideResultsUntilClose: true });
    await castVote(deps, election.id, ballot[1]?.id ?? '');
    await castVote(deps, election.id, ballot[1]?.id ?? '');
    await castVote(deps, election.id, ballot[2]?.id ?? '');
    const results = await caller.admin.elections.results({ electionId: election.id });
    expect(results.resultsVisibleToVoters).toBe(false);
    expect(results.total).toBe(3);
    expect(results.rows.map((row) => [row.name, row.votes, row.percentage])).toEqual([
      ['Candidate 2', 2, 66.67],
      ['Candidate 3', 1, 33.33],
      ['Candidate 1', 0, 0],
    ]);
  });

  it('says when voters can see them, and reports no votes as a total of 0', async () => {
    const deps = createTestDeps();
    const { caller } = await adminCaller(deps);
    const { election } = createElection(deps.db, { resultsVisible: true, hideResultsUntilClose: false });
    const results = await caller.admin.elections.results({ electionId: election.id });
    expect(results).toMatchObject({ resultsVisibleToVoters: true, total: 0 });
    expect(results.rows.every((row) => row.percentage === 0)).toBe(true);
  });
});
