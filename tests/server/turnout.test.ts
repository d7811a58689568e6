import type { Db } from '@server/db/client';
import { candidates, elections } from '@server/db/schema';
import { procedurePolicy } from '@server/routers/policy';
import { DISTRICT_REGIONS } from '@shared/regions';
import type { EligibilityRule } from '@shared/voter-roll';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerAs, callerFor, createTestDeps } from '../helpers/caller';
import { createElection } from '../helpers/election-factories';
import { createAdmin } from '../helpers/factories';
import { addAccount, addDistrict, addVote, addVoter, addVotingVoter } from '../helpers/turnout-factories';

const DAY = 86_400_000;

function setRule(db: Db, electionId: string, eligibility: EligibilityRule, regions: string[] | null = null) {
  db.update(elections)
    .set({ eligibility, eligibleRegions: regions ? JSON.stringify(regions) : null })
    .where(eq(elections.id, electionId))
    .run();
}

/** A Closed election whose results voters see, so every viewer reads exact counts. */
function closedVisibleElection(db: Db) {
  return createElection(db, {
    status: 'Closed',
    resultsVisible: true,
    hideResultsUntilClose: false,
    eligibility: 'enrolled',
    startTime: new Date(Date.now() - 2 * DAY),
    endTime: new Date(Date.now() - DAY),
  });
}

describe('enrollment.countsByRegion', () => {
  it('is public, cached and kept offline', () => {
    expect(procedurePolicy('enrollment.countsByRegion')).toEqual({ publicCache: true, offline: true });
  });

  it('lists the 18 regions in order with zeros, and counts only enrolled voters through their district', async () => {
    const deps = createTestDeps();
    const { caller } = await callerAs(deps, 'visitor');
    const empty = await caller.enrollment.countsByRegion();
    expect(empty.total).toBe(0);
    expect(empty.regions).toEqual(DISTRICT_REGIONS.map((region) => ({ region, enrolledVoters: 0 })));

    // Two districts of Bay add up; Awdal's non-enrolled entries do not count.
    const bayOne = addDistrict(deps.db, 'Bay');
    const bayTwo = addDistrict(deps.db, 'Bay');
    const awdal = addDistrict(deps.db, 'Awdal');
    addVoter(deps.db, bayOne);
    addVoter(deps.db, bayOne);
    addVoter(deps.db, bayTwo);
    addVoter(deps.db, awdal);
    for (const status of ['pending', 'rejected', 'suspended'] as const) addVoter(deps.db, awdal, { status });

    const counts = await caller.enrollment.countsByRegion();
    expect(counts.total).toBe(4);
    expect(counts.regions).toHaveLength(18);
    expect(counts.regions.find((row) => row.region === 'Bay')?.enrolledVoters).toBe(3);
    expect(counts.regions.find((row) => row.region === 'Awdal')?.enrolledVoters).toBe(1);
    expect(counts.regions.filter((row) => row.enrolledVoters === 0)).toHaveLength(16);
    // The answer holds counts only: no name, card or account of the roll.
    expect(JSON.stringify(counts)).not.toMatch(/TV-|Turnout Voter/);
  });
});

describe('turnout on the public results', () => {
  it("'enrolled': votes / enrolled voters, all regions or the listed ones", async () => {
    const deps = createTestDeps();
    const { election, candidates: ballot } = closedVisibleElection(deps.db);
    const banadir = addDistrict(deps.db, 'Banadir');
    const gedo = addDistrict(deps.db, 'Gedo');
    for (let i = 0; i < 3; i += 1) addVotingVoter(deps.db, banadir, election.id, ballot[0]?.id ?? '');
    for (let i = 0; i < 5; i += 1) addVoter(deps.db, banadir);
    addVoter(deps.db, gedo);
    addVoter(deps.db, gedo, { status: 'suspended' });
    const { caller } = await callerAs(deps, 'user');

    setRule(deps.db, election.id, 'enrolled');
    const all = await caller.elections.results({ id: election.id });
    expect(all.turnout).toEqual({ votes: 3, eligibleVoters: 9, percentage: 33.33 });

    setRule(deps.db, election.id, 'enrolled', ['Gedo', 'Bay']);
    const limited = await caller.elections.results({ id: election.id });
    expect(limited.turnout).toMatchObject({ votes: 3, eligibleVoters: 1 });
  });

  it("'verifiedContact' counts active accounts with a confirmed address; 'signedIn' every active account", async () => {
    const deps = createTestDeps();
    const { election, candidates: ballot } = closedVisibleElection(deps.db);
    const voter = addAccount(deps.db);
    addVote(deps.db, election.id, ballot[1]?.id ?? '', voter);
    addAccount(deps.db);
    addAccount(deps.db, { verified: false });
    addAccount(deps.db, { verified: false });
    addAccount(deps.db, { isActive: false });
    const { caller } = await callerAs(deps, 'visitor');

    setRule(deps.db, election.id, 'verifiedContact');
    expect((await caller.elections.results({ id: election.id })).turnout).toEqual({
      votes: 1,
      eligibleVoters: 2,
      percentage: 50,
    });
    setRule(deps.db, election.id, 'signedIn');
    expect((await caller.elections.results({ id: election.id })).turnout).toEqual({
      votes: 1,
      eligibleVoters: 4,
      percentage: 25,
    });
  });

  it('is 0% with nobody eligible, and shows on /verified-results beside visible counts only', async () => {
    const deps = createTestDeps();
    const { election } = closedVisibleElection(deps.db);
    const hidden = createElection(deps.db, { resultsVisible: false, hideResultsUntilClose: true });
    const { caller } = await callerAs(deps, 'visitor');
    expect((await caller.elections.results({ id: election.id })).turnout).toEqual({
      votes: 0,
      eligibleVoters: 0,
      percentage: 0,
    });
    const list = await caller.elections.verified();
    expect(list.find((row) => row.id === election.id)?.turnout).toMatchObject({
      votes: 0,
      eligibleVoters: 0,
    });
    expect(list.find((row) => row.id === hidden.election.id)).toMatchObject({ results: null, turnout: null });
  });

  it('leaks nothing of hidden results: no turnout for voters, turnout for a stepped-up admin', async () => {
    const deps = createTestDeps();
    const { election, candidates: ballot } = createElection(deps.db, {
      hideResultsUntilClose: true,
      eligibility: 'enrolled',
    });
    const district = addDistrict(deps.db, 'Bari');
    addVotingVoter(deps.db, district, election.id, ballot[0]?.id ?? '');
    addVoter(deps.db, district);
    for (const actor of ['visitor', 'user'] as const) {
      const { caller } = await callerAs(deps, actor);
      const answer = await caller.elections.results({ id: election.id });
      expect(answer).toMatchObject({ results: null, turnout: null });
      const listed = (await caller.elections.verified()).find((row) => row.id === election.id);
      expect(listed).toMatchObject({ results: null, turnout: null });
    }
    const admin = callerFor(deps, await createAdmin(deps.db), undefined, { steppedUp: true }).caller;
    expect((await admin.elections.results({ id: election.id })).turnout).toEqual({
      votes: 1,
      eligibleVoters: 2,
      percentage: 50,
    });
  });

  it('follows the published batch while voting is open: turnout never says more than the counts beside it', async () => {
    const deps = createTestDeps();
    const { election, candidates: ballot } = createElection(deps.db, {
      resultsVisible: true,
      hideResultsUntilClose: false,
      eligibility: 'enrolled',
    });
    const district = addDistrict(deps.db, 'Hiraan');
    for (let i = 0; i < 4; i += 1) addVotingVoter(deps.db, district, election.id, ballot[i % 2]?.id ?? '');
    const { caller } = await callerAs(deps, 'user');
    // No batch published yet: the public total is 0, and so is turnout's numerator.
    const before = await caller.elections.results({ id: election.id });
    expect(before.results?.total).toBe(0);
    expect(before.turnout).toEqual({ votes: 0, eligibleVoters: 4, percentage: 0 });
    // A batch that saw one vote (as the timer would publish it).
    deps.db
      .update(candidates)
      .set({ publishedVotes: 1 })
      .where(eq(candidates.id, ballot[0]?.id ?? ''))
      .run();
    const after = await caller.elections.results({ id: election.id });
    expect(after.results?.total).toBe(1);
    expect(after.turnout).toEqual({ votes: 1, eligibleVoters: 4, percentage: 25 });
    const admin = callerFor(deps, await createAdmin(deps.db), undefined, { steppedUp: true }).caller;
    expect((await admin.elections.results({ id: election.id })).turnout?.votes).toBe(4);
  });
});

describe('admin.elections.results turnout per region', () => {
  it('is for stepped-up System Admins only', async () => {
    const deps = createTestDeps();
    const { election } = closedVisibleElection(deps.db);
    const input = { electionId: election.id };
    await expect(
      (await callerAs(deps, 'visitor')).caller.admin.elections.results(input),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect((await callerAs(deps, 'user')).caller.admin.elections.results(input)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const notSteppedUp = callerFor(deps, await createAdmin(deps.db)).caller;
    await expect(notSteppedUp.admin.elections.results(input)).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      cause: { code: 'stepUp.required' },
    });
  });

  it("divides each region's votes (joined through the account's roll entry) by its enrolled voters", async () => {
    const deps = createTestDeps();
    const { election, candidates: ballot } = closedVisibleElection(deps.db);
    const candidateId = ballot[0]?.id ?? '';
    const bayA = addDistrict(deps.db, 'Bay');
    const bayB = addDistrict(deps.db, 'Bay');
    const sool = addDistrict(deps.db, 'Sool');
    addVotingVoter(deps.db, bayA, election.id, candidateId);
    addVotingVoter(deps.db, bayB, election.id, candidateId);
    addVoter(deps.db, bayA);
    addVoter(deps.db, bayB);
    addVotingVoter(deps.db, sool, election.id, candidateId);
    // Suspended after voting: the vote stays in the total, outside every region's turnout.
    const suspended = addAccount(deps.db);
    addVoter(deps.db, sool, { status: 'suspended', userId: suspended });
    addVote(deps.db, election.id, candidateId, suspended);
    const admin = callerFor(deps, await createAdmin(deps.db), undefined, { steppedUp: true }).caller;

    const answer = await admin.admin.elections.results({ electionId: election.id });
    expect(answer.total).toBe(4);
    expect(answer.turnout?.overall).toEqual({ votes: 4, eligibleVoters: 5, percentage: 80 });
    expect(answer.turnout?.regions).toHaveLength(18);
    const row = (region: string) => answer.turnout?.regions?.find((entry) => entry.region === region);
    expect(row('Bay')).toEqual({ region: 'Bay', votes: 2, eligibleVoters: 4, percentage: 50 });
    expect(row('Sool')).toEqual({ region: 'Sool', votes: 1, eligibleVoters: 1, percentage: 100 });
    expect(row('Awdal')).toEqual({ region: 'Awdal', votes: 0, eligibleVoters: 0, percentage: 0 });
    expect(answer.turnout?.votesOutsideRoll).toBe(1);

    // Limited to some regions: only those are listed, and votes from elsewhere fall outside.
    setRule(deps.db, election.id, 'enrolled', ['Sool']);
    const limited = await admin.admin.elections.results({ electionId: election.id });
    expect(limited.turnout?.regions?.map((entry) => entry.region)).toEqual(['Sool']);
    expect(limited.turnout?.overall).toEqual({ votes: 4, eligibleVoters: 1, percentage: 400 });
    expect(limited.turnout?.votesOutsideRoll).toBe(3);

    // Other rules have no per-region turnout: only the overall figure.
    setRule(deps.db, election.id, 'signedIn');
    const signedIn = await admin.admin.elections.results({ electionId: election.id });
    expect(signedIn.turnout).toMatchObject({
      eligibility: 'signedIn',
      regions: null,
      votesOutsideRoll: null,
    });
  });
});
