import { describe, expect, it } from 'vitest';
import { callerFor, createTestDeps, type TestDeps } from '../helpers/caller';
import { createAdmin, createUser } from '../helpers/factories';
import { createPoll, createVoters, insertPollVote } from '../helpers/poll-factories';

const HOUR = 3_600_000;

/** Casts `counts[i]` votes for candidate i (in ballot order), the last one at `lastAt`. */
function castVotes(deps: TestDeps, pollId: string, candidateIds: string[], counts: number[], lastAt: Date) {
  const total = counts.reduce((sum, n) => sum + n, 0);
  const voters = createVoters(deps.db, total);
  let index = 0;
  counts.forEach((n, candidate) => {
    for (let i = 0; i < n; i += 1) {
      index += 1;
      insertPollVote(deps.db, {
        pollId,
        userId: voters[index - 1] ?? '',
        candidateId: candidateIds[candidate] ?? '',
        at: new Date(lastAt.getTime() - (total - index) * 60_000),
      });
    }
  });
}

describe('polls.results arithmetic', () => {
  it('sorts by votes (ties keep ballot order), rounds to 2 decimals, and sums the others', async () => {
    const deps = createTestDeps();
    const { poll, candidates } = createPoll(deps.db, {
      status: 'closed',
      candidateNames: ['Amina', 'Bashir', 'Cawo', 'Dahir', 'Ebyan', 'Farah'],
    });
    const lastAt = new Date('2026-11-20T10:00:00Z');
    castVotes(
      deps,
      poll.id,
      candidates.map((c) => c.id),
      [1, 3, 3, 4, 1, 0],
      lastAt,
    );
    const { poll: summary, results } = await callerFor(deps, null).caller.polls.results({ pollId: poll.id });
    expect(summary).toEqual({
      id: poll.id,
      title: poll.title,
      titleText: { en: poll.title, so: null },
      monthYear: poll.monthYear,
      status: 'closed',
      closesAt: poll.closesAt,
    });
    expect(results.totalVotes).toBe(12);
    expect(results.lastUpdated).toEqual(lastAt);
    expect(results.all.map((row) => [row.name, row.voteCount, row.percentage])).toEqual([
      ['Dahir', 4, 33.33],
      ['Bashir', 3, 25],
      ['Cawo', 3, 25],
      ['Amina', 1, 8.33],
      ['Ebyan', 1, 8.33],
      ['Farah', 0, 0],
    ]);
    expect(results.topThree.map((row) => row.name)).toEqual(['Dahir', 'Bashir', 'Cawo']);
    expect(results.topThree[0]).toEqual({
      id: candidates[3]?.id,
      name: 'Dahir',
      party: 'Party 4',
      partyText: { en: 'Party 4', so: null },
      photoUrl: null,
      colorHex: '#3B82F6',
      percentage: 33.33,
      voteCount: 4,
    });
    expect(results.othersPercentage).toBe(16.67);
  });

  it('answers a poll with no votes with zeros, no last update and every candidate listed', async () => {
    const deps = createTestDeps();
    const { poll } = createPoll(deps.db, { status: 'closed', candidateCount: 4 });
    const { results } = await callerFor(deps, null).caller.polls.results({ pollId: poll.id });
    expect(results).toMatchObject({ totalVotes: 0, lastUpdated: null, othersPercentage: 0 });
    expect(results.all.map((row) => [row.name, row.percentage])).toEqual([
      ['Candidate 1', 0],
      ['Candidate 2', 0],
      ['Candidate 3', 0],
      ['Candidate 4', 0],
    ]);
    expect(results.topThree).toHaveLength(3);
  });
});

describe('polls.results visibility', () => {
  it('shows an open poll only to those who voted and to admins', async () => {
    const deps = createTestDeps();
    const { poll, candidates } = createPoll(deps.db);
    const voter = await createUser(deps.db);
    const nonVoter = await createUser(deps.db);
    await callerFor(deps, voter).caller.polls.vote({ pollId: poll.id, candidateId: candidates[0]?.id ?? '' });
    const input = { pollId: poll.id };
    await expect(callerFor(deps, null).caller.polls.results(input)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(callerFor(deps, nonVoter).caller.polls.results(input)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Results of this poll are shown after you vote.',
    });
    expect((await callerFor(deps, voter).caller.polls.results(input)).results.totalVotes).toBe(1);
    expect(
      (
        await callerFor(deps, await createAdmin(deps.db), undefined, {
          steppedUp: true,
        }).caller.polls.results(input)
      ).results.totalVotes,
    ).toBe(1);
  });

  it('shows final results to everyone once closed, or once closes_at has passed', async () => {
    const deps = createTestDeps();
    const closed = createPoll(deps.db, { status: 'closed' });
    const lapsed = createPoll(deps.db, {
      opensAt: new Date(Date.now() - 48 * HOUR),
      closesAt: new Date(Date.now() - HOUR),
    });
    const { caller } = callerFor(deps, null);
    await expect(caller.polls.results({ pollId: closed.poll.id })).resolves.toMatchObject({
      poll: { id: closed.poll.id, status: 'closed' },
      results: { totalVotes: 0 },
    });
    await expect(caller.polls.results({ pollId: lapsed.poll.id })).resolves.toMatchObject({
      poll: { id: lapsed.poll.id, status: 'open' },
      results: { totalVotes: 0 },
    });
  });

  it("keeps a draft's results (and the draft itself) for admins", async () => {
    const deps = createTestDeps();
    const { poll } = createPoll(deps.db, { status: 'draft' });
    const citizen = await createUser(deps.db);
    for (const caller of [callerFor(deps, null).caller, callerFor(deps, citizen).caller]) {
      await expect(caller.polls.results({ pollId: poll.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(caller.polls.byId({ id: poll.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    const admin = callerFor(deps, await createAdmin(deps.db), undefined, { steppedUp: true }).caller;
    await expect(admin.polls.results({ pollId: poll.id })).resolves.toMatchObject({
      poll: { id: poll.id, status: 'draft' },
      results: { totalVotes: 0 },
    });
    expect((await admin.polls.byId({ id: poll.id })).resultsVisible).toBe(true);
  });
});

describe('polls.current and polls.byId', () => {
  it('is the open presidential poll running now (the newest if several), with ordered candidates', async () => {
    const deps = createTestDeps();
    createPoll(deps.db, { opensAt: new Date(Date.now() - 10 * HOUR) });
    const newest = createPoll(deps.db, { opensAt: new Date(Date.now() - 2 * HOUR), candidateCount: 3 });
    createPoll(deps.db, { electionType: 'parliamentary', opensAt: new Date(Date.now() - HOUR / 2) });
    createPoll(deps.db, { status: 'draft', opensAt: new Date(Date.now() - HOUR / 2) });
    const view = await callerFor(deps, null).caller.polls.current();
    expect(view?.poll.id).toBe(newest.poll.id);
    expect(view?.candidates.map((c) => c.name)).toEqual(['Candidate 1', 'Candidate 2', 'Candidate 3']);
    expect(view).toMatchObject({ userHasVoted: false, votingOpen: true, resultsVisible: false });
  });

  it('is null when no presidential poll is open now', async () => {
    const deps = createTestDeps();
    createPoll(deps.db, { status: 'closed' });
    createPoll(deps.db, { opensAt: new Date(Date.now() - 48 * HOUR), closesAt: new Date(Date.now() - HOUR) });
    createPoll(deps.db, { opensAt: new Date(Date.now() + HOUR), closesAt: new Date(Date.now() + 48 * HOUR) });
    createPoll(deps.db, { electionType: 'senate' });
    expect(await callerFor(deps, null).caller.polls.current()).toBeNull();
  });

  it('tells a signed-in citizen that they have voted, and then shows them results', async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    const { poll, candidates } = createPoll(deps.db);
    const { caller } = callerFor(deps, user);
    expect(await caller.polls.byId({ id: poll.id })).toMatchObject({
      userHasVoted: false,
      resultsVisible: false,
    });
    await caller.polls.vote({ pollId: poll.id, candidateId: candidates[2]?.id ?? '' });
    expect(await caller.polls.current()).toMatchObject({ userHasVoted: true, resultsVisible: true });
    expect(await caller.polls.byId({ id: poll.id })).toMatchObject({
      userHasVoted: true,
      resultsVisible: true,
    });
  });
});

describe('polls.history and polls.list', () => {
  it('lists closed polls newest month first, with only the listed columns', async () => {
    const deps = createTestDeps();
    const october = createPoll(deps.db, { status: 'closed', monthYear: '2026-10' });
    const september = createPoll(deps.db, { status: 'closed', monthYear: '2026-09' });
    const november = createPoll(deps.db, { status: 'closed', monthYear: '2026-11', electionType: 'senate' });
    createPoll(deps.db, { status: 'open', monthYear: '2026-12' });
    createPoll(deps.db, { status: 'draft', monthYear: '2026-12', electionType: 'senate' });
    const history = await callerFor(deps, null).caller.polls.history();
    expect(history.map((p) => p.id)).toEqual([november.poll.id, october.poll.id, september.poll.id]);
    expect(Object.keys(history[0] ?? {}).sort()).toEqual([
      'closesAt',
      'electionType',
      'eligibility',
      'id',
      'monthYear',
      'status',
      'title',
      'titleText',
    ]);
  });

  it('lists open and closed polls newest first; admins also see drafts', async () => {
    const deps = createTestDeps();
    const base = Date.now() - 10 * HOUR;
    const closed = createPoll(deps.db, { status: 'closed', createdAt: new Date(base) });
    const open = createPoll(deps.db, { status: 'open', createdAt: new Date(base + HOUR) });
    const draft = createPoll(deps.db, { status: 'draft', createdAt: new Date(base + 2 * HOUR) });
    const visitorList = await callerFor(deps, null).caller.polls.list();
    expect(visitorList.map((p) => p.id)).toEqual([open.poll.id, closed.poll.id]);
    const adminList = await callerFor(deps, await createAdmin(deps.db)).caller.polls.list();
    expect(adminList.map((p) => p.id)).toEqual([draft.poll.id, open.poll.id, closed.poll.id]);
  });
});
