import type { Db } from '@server/db/client';
import { elections, polls } from '@server/db/schema';
import type { PollStatus } from '@shared/polls';
import { RECEIPT_PATTERN } from '@shared/receipts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerAs, callerFor, createTestDeps, type TestDeps } from '../helpers/caller';
import { createElection } from '../helpers/election-factories';
import { createAdmin, createUser } from '../helpers/factories';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Casts one vote per entry: `choices[i]` is the candidate index the i-th fresh citizen picks. */
async function castVotes(deps: TestDeps, electionId: string, candidateIds: string[], choices: number[]) {
  for (const choice of choices) {
    const voter = await createUser(deps.db);
    await callerFor(deps, voter).caller.votes.cast({ electionId, candidateId: candidateIds[choice] ?? '' });
  }
}

/** Ends an election, so that everyone sees its exact counts (while open, non-admins see batches). */
function closeElection(db: Db, electionId: string) {
  db.update(elections).set({ status: 'Closed' }).where(eq(elections.id, electionId)).run();
}

/** One poll of a type a month: each status gets a type of its own, so all three can share May 2026. */
const TYPE_OF = { open: 'presidential', closed: 'parliamentary', draft: 'senate' } as const;

function addPoll(db: Db, status: PollStatus, title = `Poll ${status}`) {
  const now = Date.now();
  return db
    .insert(polls)
    .values({
      title,
      monthYear: '2026-05',
      electionType: TYPE_OF[status],
      status,
      opensAt: new Date(now - 10 * DAY),
      closesAt: new Date(now + 10 * DAY),
    })
    .returning({ id: polls.id })
    .get();
}

const idsOf = (list: { id: string }[]) => list.map((item) => item.id).sort();

describe('elections.hub', () => {
  it('refuses a visitor', async () => {
    const { caller } = await callerAs(createTestDeps(), 'visitor');
    await expect(caller.elections.hub()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('hides drafts from citizens and shows them to admins', async () => {
    const deps = createTestDeps();
    const active = createElection(deps.db).election;
    const closed = createElection(deps.db, { status: 'Closed' }).election;
    const archived = createElection(deps.db, { status: 'Archived' }).election;
    const draft = createElection(deps.db, { status: 'Draft' }).election;
    const citizen = await callerAs(deps, 'user');
    expect(idsOf((await citizen.caller.elections.hub()).elections)).toEqual(
      [active.id, closed.id, archived.id].sort(),
    );
    const admin = await callerAs(deps, 'admin');
    expect(idsOf((await admin.caller.elections.hub()).elections)).toEqual(
      [active.id, closed.id, archived.id, draft.id].sort(),
    );
  });

  it('offers actions by the hub rules and marks elections the citizen voted in', async () => {
    const deps = createTestDeps();
    const now = Date.now();
    const open = createElection(deps.db, { title: 'open, hidden' });
    createElection(deps.db, {
      title: 'open, visible',
      resultsVisible: true,
      hideResultsUntilClose: false,
    });
    createElection(deps.db, {
      title: 'not started',
      startTime: new Date(now + DAY),
      endTime: new Date(now + 2 * DAY),
    });
    createElection(deps.db, {
      title: 'ended',
      startTime: new Date(now - 2 * DAY),
      endTime: new Date(now - DAY),
    });
    createElection(deps.db, {
      title: 'closed, visible',
      status: 'Closed',
      resultsVisible: true,
    });
    const user = await createUser(deps.db);
    const { caller } = callerFor(deps, user);
    await caller.votes.cast({ electionId: open.election.id, candidateId: open.candidates[0]?.id ?? '' });

    const hub = await caller.elections.hub();
    const byTitle = new Map(hub.elections.map((election) => [election.title, election]));
    expect(byTitle.get('open, hidden')).toMatchObject({ actions: ['vote', 'details'], hasVoted: true });
    expect(byTitle.get('open, visible')).toMatchObject({ actions: ['vote', 'results'], hasVoted: false });
    expect(byTitle.get('not started')?.actions).toEqual(['details']);
    // An election that hid results until close shows them once its end has passed.
    expect(byTitle.get('ended')?.actions).toEqual(['results']);
    expect(byTitle.get('closed, visible')?.actions).toEqual(['results']);
    expect(hub.elections.every((election) => election.kind === 'election')).toBe(true);
  });

  it('maps open and closed polls as Active and Closed elections, leaving drafts out', async () => {
    const deps = createTestDeps();
    const open = addPoll(deps.db, 'open', 'May opinion poll');
    const closed = addPoll(deps.db, 'closed', '');
    addPoll(deps.db, 'draft');
    const { caller } = await callerAs(deps, 'user');
    const hub = await caller.elections.hub();
    expect(idsOf(hub.polls)).toEqual([open.id, closed.id].sort());
    const openPoll = hub.polls.find((poll) => poll.id === open.id);
    const closedPoll = hub.polls.find((poll) => poll.id === closed.id);
    expect(openPoll).toMatchObject({
      kind: 'poll',
      title: 'May opinion poll',
      description: 'Election poll for 2026-05',
      status: 'Active',
      resultsVisible: false,
      hideResultsUntilClose: true,
    });
    expect(openPoll?.startTime).toBeInstanceOf(Date);
    // docs/product.md#hub-actions: an untitled poll has its default title, in both languages, and so has the
    // description the hub writes (docs/decisions/021-bilingual-content.md).
    expect(openPoll).toMatchObject({
      titleText: { en: 'May opinion poll', so: null },
      descriptionText: { en: 'Election poll for 2026-05', so: "Ra'yi ururinta doorashada 2026-05" },
    });
    expect(closedPoll).toMatchObject({
      title: 'Parliamentary Poll 2026-05',
      titleText: { en: 'Parliamentary Poll 2026-05', so: "Ra'yi ururinta baarlamaanka 2026-05" },
      status: 'Closed',
      resultsVisible: true,
    });
  });
});

describe('elections.byId', () => {
  it('answers NOT_FOUND for a draft to citizens and visitors, but shows it to admins', async () => {
    const deps = createTestDeps();
    const { election } = createElection(deps.db, { status: 'Draft' });
    for (const actor of ['visitor', 'user'] as const) {
      const { caller } = await callerAs(deps, actor);
      await expect(caller.elections.byId({ id: election.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    const { caller } = await callerAs(deps, 'admin');
    expect((await caller.elections.byId({ id: election.id })).status).toBe('Draft');
  });

  it('answers NOT_FOUND for an unknown id and BAD_REQUEST for a malformed one', async () => {
    const { caller } = await callerAs(createTestDeps(), 'user');
    await expect(caller.elections.byId({ id: crypto.randomUUID() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(caller.elections.byId({ id: 'not-an-id' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('gives candidates in ballot order, and the citizen their own vote with its receipt', async () => {
    const deps = createTestDeps();
    const { election, candidates } = createElection(deps.db, { candidateCount: 3 });
    const user = await createUser(deps.db);
    const { caller } = callerFor(deps, user);
    const before = await caller.elections.byId({ id: election.id });
    expect(before.myVote).toBeNull();
    expect(before.candidates.map((candidate) => candidate.name)).toEqual([
      'Candidate 1',
      'Candidate 2',
      'Candidate 3',
    ]);
    const { receiptId } = await caller.votes.cast({
      electionId: election.id,
      candidateId: candidates[2]?.id ?? '',
    });
    const after = await caller.elections.byId({ id: election.id });
    expect(after.myVote).toEqual({ receiptId, createdAt: expect.any(Date) });
    expect(after.myVote?.receiptId).toMatch(RECEIPT_PATTERN);
    // Nobody else sees it, and a visitor has no vote.
    const other = await callerAs(deps, 'user');
    expect((await other.caller.elections.byId({ id: election.id })).myVote).toBeNull();
    const visitor = await callerAs(deps, 'visitor');
    expect((await visitor.caller.elections.byId({ id: election.id })).myVote).toBeNull();
  });
});

describe('elections.results', () => {
  it('withholds hidden results from citizens and visitors, and gives them to admins with the flag', async () => {
    const deps = createTestDeps();
    const { election, candidates } = createElection(deps.db);
    await castVotes(
      deps,
      election.id,
      candidates.map((candidate) => candidate.id),
      [0, 1, 1],
    );
    for (const actor of ['visitor', 'user'] as const) {
      const { caller } = await callerAs(deps, actor);
      const answer = await caller.elections.results({ id: election.id });
      expect(answer).toMatchObject({ resultsVisibleToVoters: false, results: null });
      expect(answer.election.id).toBe(election.id);
    }
    const admin = callerFor(deps, await createAdmin(deps.db), undefined, { steppedUp: true }).caller;
    const answer = await admin.elections.results({ id: election.id });
    expect(answer.resultsVisibleToVoters).toBe(false);
    expect(answer.results?.total).toBe(3);
    expect(answer.results?.rows.map((row) => row.votes)).toEqual([2, 1, 0]);
  });

  it('gives visible results sorted by votes with percentages rounded to 2 decimals', async () => {
    const deps = createTestDeps();
    const { election, candidates } = createElection(deps.db, {
      status: 'Closed',
      resultsVisible: true,
      startTime: new Date(Date.now() - DAY),
      endTime: new Date(Date.now() + DAY),
    });
    const ids = candidates.map((candidate) => candidate.id);
    const openCopy = createElection(deps.db, { resultsVisible: true, hideResultsUntilClose: false });
    await castVotes(
      deps,
      openCopy.election.id,
      openCopy.candidates.map((candidate) => candidate.id),
      [2, 2, 1],
    );
    closeElection(deps.db, openCopy.election.id);
    const { caller } = await callerAs(deps, 'user');
    const answer = await caller.elections.results({ id: openCopy.election.id });
    expect(answer.resultsVisibleToVoters).toBe(true);
    expect(answer.results).toEqual({
      total: 3,
      rows: [
        expect.objectContaining({ name: 'Candidate 3', votes: 2, percentage: 66.67 }),
        expect.objectContaining({ name: 'Candidate 2', votes: 1, percentage: 33.33 }),
        expect.objectContaining({ name: 'Candidate 1', votes: 0, percentage: 0 }),
      ],
    });
    expect(answer.lastUpdated).toBeInstanceOf(Date);
    // A Closed election marked visible shows zeros when nobody voted.
    const closed = await caller.elections.results({ id: election.id });
    expect(closed.results?.total).toBe(0);
    expect(closed.results?.rows.map((row) => [row.candidateId, row.votes, row.percentage])).toEqual(
      ids.map((id) => [id, 0, 0]),
    );
  });

  it('keeps ballot order between tied candidates', async () => {
    const deps = createTestDeps();
    const { election, candidates } = createElection(deps.db, {
      candidateCount: 4,
      resultsVisible: true,
      hideResultsUntilClose: false,
    });
    await castVotes(
      deps,
      election.id,
      candidates.map((candidate) => candidate.id),
      [3, 1, 3, 1, 0],
    );
    closeElection(deps.db, election.id);
    const { caller } = await callerAs(deps, 'user');
    const { results } = await caller.elections.results({ id: election.id });
    expect(results?.rows.map((row) => [row.name, row.votes, row.percentage])).toEqual([
      ['Candidate 2', 2, 40],
      ['Candidate 4', 2, 40],
      ['Candidate 1', 1, 20],
      ['Candidate 3', 0, 0],
    ]);
  });

  it('shows results of an election that hid them until close once its end has passed', async () => {
    const deps = createTestDeps();
    const { election } = createElection(deps.db, {
      startTime: new Date(Date.now() - 3 * DAY),
      endTime: new Date(Date.now() - HOUR),
    });
    const { caller } = await callerAs(deps, 'visitor');
    const answer = await caller.elections.results({ id: election.id });
    expect(answer.resultsVisibleToVoters).toBe(true);
    expect(answer.results).toMatchObject({ total: 0 });
  });

  it('answers NOT_FOUND for drafts to citizens', async () => {
    const deps = createTestDeps();
    const { election } = createElection(deps.db, { status: 'Draft', resultsVisible: true });
    const { caller } = await callerAs(deps, 'user');
    await expect(caller.elections.results({ id: election.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('elections.verified', () => {
  it('lists Closed elections as verified and Active ones as pending, with counts only where visible', async () => {
    const deps = createTestDeps();
    const active = createElection(deps.db, { title: 'Running' });
    const closed = createElection(deps.db, { title: 'Finished', status: 'Closed', resultsVisible: true });
    createElection(deps.db, { status: 'Draft', title: 'Unpublished' });
    createElection(deps.db, { status: 'Archived', title: 'Old' });
    await castVotes(
      deps,
      active.election.id,
      active.candidates.map((candidate) => candidate.id),
      [0],
    );
    const { caller } = await callerAs(deps, 'visitor');
    const verified = await caller.elections.verified();
    expect(verified.map((row) => row.title).sort()).toEqual(['Finished', 'Running']);
    const running = verified.find((row) => row.id === active.election.id);
    const finished = verified.find((row) => row.id === closed.election.id);
    expect(running).toMatchObject({ verification: 'pending', resultsVisibleToVoters: false, results: null });
    expect(finished).toMatchObject({ verification: 'verified', resultsVisibleToVoters: true });
    expect(finished?.results?.rows).toHaveLength(3);
  });
});

describe('elections.kindOf', () => {
  it('tells elections from polls, hiding drafts from non-admins', async () => {
    const deps = createTestDeps();
    const { election } = createElection(deps.db);
    const draft = createElection(deps.db, { status: 'Draft' }).election;
    const poll = deps.db
      .insert(polls)
      .values({ title: 'P', monthYear: '2026-11', status: 'open', opensAt: new Date(), closesAt: new Date() })
      .returning()
      .get();
    const visitor = callerFor(deps, null).caller;
    expect(await visitor.elections.kindOf({ id: election.id })).toEqual({ kind: 'election' });
    expect(await visitor.elections.kindOf({ id: poll.id })).toEqual({ kind: 'poll' });
    expect(await visitor.elections.kindOf({ id: draft.id })).toEqual({ kind: null });
    expect(await visitor.elections.kindOf({ id: crypto.randomUUID() })).toEqual({ kind: null });
    const admin = await createAdmin(deps.db);
    expect(await callerFor(deps, admin).caller.elections.kindOf({ id: draft.id })).toEqual({
      kind: 'election',
    });
  });
});
