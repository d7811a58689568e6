import { elections, polls } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectTrpcError } from '../../helpers/admin';
import { adminCaller, auditRows, openWindow } from '../../helpers/admin-elections';
import { callerFor, createTestDeps } from '../../helpers/caller';
import { createElection } from '../../helpers/election-factories';
import { createUser } from '../../helpers/factories';
import { createPoll } from '../../helpers/poll-factories';

const ballot = [{ name: 'Candidate A', party: null, positionSought: null }];

describe('admin: who can vote', () => {
  it('creates an election for enrolled voters by default, or with the rule and regions given, audited', async () => {
    const deps = createTestDeps();
    const { caller } = await adminCaller(deps);
    const plain = await caller.admin.elections.create({
      title: 'Default',
      ...openWindow(),
      candidates: ballot,
    });
    expect(await caller.admin.elections.byId({ id: plain.id })).toMatchObject({
      eligibility: 'enrolled',
      eligibleRegions: null,
    });
    const limited = await caller.admin.elections.create({
      title: 'South West and Banadir',
      ...openWindow(),
      candidates: ballot,
      eligibility: 'enrolled',
      eligibleRegions: ['Bay', 'Banadir', 'Bakool', 'Lower Shabelle'],
    });
    const stored = deps.db
      .select({ regions: elections.eligibleRegions })
      .from(elections)
      .where(eq(elections.id, limited.id))
      .get();
    // North to south, as the districts list orders them.
    expect(stored?.regions).toBe('["Banadir","Lower Shabelle","Bay","Bakool"]');
    const [audit] = auditRows(deps, 'elections', limited.id);
    expect(JSON.parse(audit?.newValues ?? '{}')).toMatchObject({
      eligibility: 'enrolled',
      eligibleRegions: ['Banadir', 'Lower Shabelle', 'Bay', 'Bakool'],
    });
  });

  it('stores no regions for a rule they do not apply to', async () => {
    const deps = createTestDeps();
    const { caller } = await adminCaller(deps);
    const { id } = await caller.admin.elections.create({
      title: 'Anyone',
      ...openWindow(),
      candidates: ballot,
      eligibility: 'signedIn',
      eligibleRegions: ['Bay'],
    });
    expect(await caller.admin.elections.byId({ id })).toMatchObject({
      eligibility: 'signedIn',
      eligibleRegions: null,
    });
  });

  it('refuses an unknown region or rule with a sentence, and changes nothing', async () => {
    const deps = createTestDeps();
    const { caller } = await adminCaller(deps);
    await expectTrpcError(
      caller.admin.elections.create({
        title: 'Bad',
        ...openWindow(),
        candidates: ballot,
        eligibleRegions: ['Atlantis' as 'Bay'],
      }),
      'BAD_REQUEST',
      "Choose the regions from the list of Somalia's 18 regions.",
    );
    await expectTrpcError(
      caller.admin.elections.create({
        title: 'Bad',
        ...openWindow(),
        candidates: ballot,
        eligibility: 'everyone' as 'signedIn',
      }),
      'BAD_REQUEST',
      'Choose who can vote: enrolled voters, voters with a confirmed e-mail address or phone number, or any signed-in account.',
    );
    await expectTrpcError(
      caller.polls.create({ monthYear: '2026-12', eligibility: 'everyone' as 'signedIn' }),
      'BAD_REQUEST',
      'Choose who can vote: enrolled voters, voters with a confirmed e-mail address or phone number, or any signed-in account.',
    );
    expect(deps.db.select().from(elections).all()).toEqual([]);
    expect(deps.db.select().from(polls).all()).toEqual([]);
  });

  it('updates the rule and regions when sent, and keeps them when not', async () => {
    const deps = createTestDeps();
    const { caller } = await adminCaller(deps);
    const { election } = createElection(deps.db, { eligibility: 'enrolled', eligibleRegions: ['Gedo'] });
    const fields = {
      id: election.id,
      title: election.title,
      startTime: election.startTime,
      endTime: election.endTime,
      status: election.status,
    };
    await caller.admin.elections.update(fields);
    expect(await caller.admin.elections.byId({ id: election.id })).toMatchObject({
      eligibility: 'enrolled',
      eligibleRegions: ['Gedo'],
    });
    await caller.admin.elections.update({ ...fields, eligibleRegions: ['Bay', 'Gedo'] });
    expect(await caller.admin.elections.byId({ id: election.id })).toMatchObject({
      eligibility: 'enrolled',
      eligibleRegions: ['Bay', 'Gedo'],
    });
    await caller.admin.elections.update({ ...fields, eligibility: 'verifiedContact', eligibleRegions: null });
    expect(await caller.admin.elections.byId({ id: election.id })).toMatchObject({
      eligibility: 'verifiedContact',
      eligibleRegions: null,
    });
    const last = auditRows(deps, 'elections', election.id).at(-1);
    expect(JSON.parse(last?.newValues ?? '{}')).toMatchObject({
      eligibility: 'verifiedContact',
      eligibleRegions: null,
    });
  });

  it('creates a poll for confirmed e-mail addresses by default, or with the rule given', async () => {
    const deps = createTestDeps();
    const { caller } = await adminCaller(deps);
    const plain = await caller.polls.create({ monthYear: '2026-12' });
    const anyone = await caller.polls.create({ monthYear: '2027-01', eligibility: 'signedIn' });
    const rules = Object.fromEntries(
      deps.db
        .select({ id: polls.id, eligibility: polls.eligibility })
        .from(polls)
        .all()
        .map((row) => [row.id, row.eligibility]),
    );
    expect(rules).toEqual({ [plain.id]: 'verifiedContact', [anyone.id]: 'signedIn' });
    expect(JSON.parse(auditRows(deps, 'polls', anyone.id)[0]?.newValues ?? '{}')).toMatchObject({
      eligibility: 'signedIn',
    });
  });
});

describe('public reads say who may vote, the same to every viewer', () => {
  it('carries the election rule and regions on byId, hub, active and results', async () => {
    const deps = createTestDeps();
    const { election } = createElection(deps.db, {
      eligibility: 'enrolled',
      eligibleRegions: ['Bay', 'Banadir'],
    });
    const rule = { eligibility: 'enrolled', eligibleRegions: ['Banadir', 'Bay'] };
    const answers = [];
    for (const user of [null, await createUser(deps.db)]) {
      const { caller } = callerFor(deps, user);
      answers.push({
        byId: await caller.elections.byId({ id: election.id }),
        active: (await caller.elections.active())[0],
        results: (await caller.elections.results({ id: election.id })).election,
      });
      if (user) expect((await caller.elections.hub()).elections[0]).toMatchObject(rule);
    }
    for (const answer of answers) {
      expect(answer.byId).toMatchObject(rule);
      expect(answer.active).toMatchObject(rule);
      expect(answer.results).toMatchObject(rule);
    }
  });

  it('carries the poll rule on current, byId, history and the hub', async () => {
    const deps = createTestDeps();
    const open = createPoll(deps.db, { eligibility: 'verifiedContact' });
    createPoll(deps.db, { eligibility: 'enrolled', status: 'closed', monthYear: '2026-10' });
    const user = await createUser(deps.db);
    const { caller } = callerFor(deps, user);
    expect((await caller.polls.current())?.poll.eligibility).toBe('verifiedContact');
    expect((await caller.polls.byId({ id: open.poll.id })).poll.eligibility).toBe('verifiedContact');
    expect((await caller.polls.history()).map((poll) => poll.eligibility)).toEqual(['enrolled']);
    const hub = await caller.elections.hub();
    expect(hub.polls.find((poll) => poll.id === open.poll.id)).toMatchObject({
      eligibility: 'verifiedContact',
      eligibleRegions: null,
    });
  });
});
