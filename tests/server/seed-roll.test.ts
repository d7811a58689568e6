import * as schema from '@server/db/schema';
import { monthKey } from '@shared/months';
import { RECEIPT_PATTERN } from '@shared/receipts';
import { DISTRICT_REGIONS } from '@shared/regions';
import { and, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_CITIZEN, DEMO_REGISTRAR, DEMO_SUPERVISOR, type DemoCredential } from '../../seed/demo-accounts';
import { seedDemo } from '../../seed/seed';
import { DEMO_REGISTRAR_CENTERS, DEMO_ROLL_PER_REGION } from '../../seed/voter-roll';
import { signedInUser } from '../helpers/account';
import { callerFor, createTestDeps, type TestDeps } from '../helpers/caller';

const { voters, districts, users } = schema;

function rollCounts(deps: TestDeps) {
  const byStatus = deps.db
    .select({ status: voters.status, n: count() })
    .from(voters)
    .groupBy(voters.status)
    .all();
  const staffCenters = deps.db.select({ n: count() }).from(schema.staffCenters).get()?.n ?? 0;
  return { byStatus: Object.fromEntries(byStatus.map((row) => [row.status, row.n])), staffCenters };
}

async function signIn(deps: TestDeps, credentials: DemoCredential[], email: string) {
  const password = credentials.find((account) => account.email === email)?.password ?? '';
  const { caller } = callerFor(deps, null);
  return signedInUser(await caller.auth.signIn({ email, password }));
}

describe('demo seed: the voter roll', () => {
  it('creates a Registrar and an Enrollment Supervisor who sign in with the passwords it printed', async () => {
    const deps = createTestDeps();
    const { credentials } = await seedDemo(deps.db);
    expect(credentials.map((account) => account.label)).toEqual([
      'System Admin',
      'System Admin',
      'Citizen',
      'Registrar',
      'Enrollment Supervisor',
    ]);
    expect(await signIn(deps, credentials, DEMO_REGISTRAR.email)).toMatchObject({ role: 'Registrar' });
    expect(await signIn(deps, credentials, DEMO_SUPERVISOR.email)).toMatchObject({
      role: 'Enrollment Supervisor',
    });
    const registrar = deps.db.select().from(users).where(eq(users.email, DEMO_REGISTRAR.email)).get();
    const centers = deps.db
      .select({ code: schema.registrationCenters.code })
      .from(schema.staffCenters)
      .innerJoin(schema.registrationCenters, eq(schema.registrationCenters.id, schema.staffCenters.centerId))
      .where(eq(schema.staffCenters.userId, registrar?.id ?? ''))
      .all();
    expect(centers.map((center) => center.code).sort()).toEqual([...DEMO_REGISTRAR_CENTERS]);
  });

  it('puts a few hundred voters on the roll in all 18 regions, dates of birth only hashed; a second run adds none', async () => {
    const deps = createTestDeps();
    await seedDemo(deps.db);
    const first = rollCounts(deps);
    // 270 imported entries, the demo citizen and 52 demo voters enrolled (24 in Banadir, 22 in Hirshabelle's two
    // regions, 6 elsewhere); 4 pending and 2 suspended.
    expect(first.byStatus).toEqual({
      enrolled: 18 * DEMO_ROLL_PER_REGION + 1 + 52,
      pending: 4,
      suspended: 2,
    });
    const perRegion = deps.db
      .select({ region: districts.region, n: count() })
      .from(voters)
      .innerJoin(districts, eq(districts.id, voters.districtId))
      .where(eq(voters.status, 'enrolled'))
      .groupBy(districts.region)
      .all();
    expect(perRegion.map((row) => row.region).sort()).toEqual([...DISTRICT_REGIONS].sort());
    for (const row of perRegion) expect(row.n, row.region).toBeGreaterThanOrEqual(DEMO_ROLL_PER_REGION);
    const hashes = deps.db.select({ hash: voters.dateOfBirthHash }).from(voters).all();
    for (const { hash } of hashes) expect(hash).toMatch(/^[0-9a-f]{64}$/);

    // The supervisor's queue: entries the demo registrar made at their own centers.
    const registrar = deps.db.select().from(users).where(eq(users.email, DEMO_REGISTRAR.email)).get();
    const pending = deps.db.select().from(voters).where(eq(voters.status, 'pending')).all();
    const theirCenters = deps.db
      .select({ id: schema.staffCenters.centerId })
      .from(schema.staffCenters)
      .where(eq(schema.staffCenters.userId, registrar?.id ?? ''))
      .all()
      .map((row) => row.id);
    for (const entry of pending) {
      expect(entry).toMatchObject({ source: 'registrar', enteredBy: registrar?.id, reviewedBy: null });
      expect(theirCenters).toContain(entry.centerId);
    }

    await seedDemo(deps.db);
    expect(rollCounts(deps)).toEqual(first);
  });

  it('enrols the demo citizen (verified) so they may vote in every open election, and every demo vote (in any election) came from an eligible voter', async () => {
    const deps = createTestDeps();
    await seedDemo(deps.db);
    const citizen = deps.db.select().from(users).where(eq(users.email, DEMO_CITIZEN.email)).get();
    expect(citizen?.emailVerifiedAt).toBeInstanceOf(Date);
    // A confirmed number, so the USSD simulator dials as her.
    expect(citizen?.phone).toBe(DEMO_CITIZEN.phone);
    expect(citizen?.phoneConfirmedAt).toBeInstanceOf(Date);
    const entry = deps.db
      .select({
        status: voters.status,
        region: districts.region,
        enteredBy: voters.enteredBy,
        reviewedBy: voters.reviewedBy,
      })
      .from(voters)
      .innerJoin(districts, eq(districts.id, voters.districtId))
      .where(eq(voters.userId, citizen?.id ?? ''))
      .get();
    expect(entry).toMatchObject({ status: 'enrolled', region: 'Banadir' });
    // Four eyes even in the demo: entered by one member of staff, approved by another.
    expect(entry?.enteredBy).not.toBe(entry?.reviewedBy);

    const all = deps.db.select().from(schema.elections).all();
    const active = all.filter((election) => election.status === 'Active');
    expect(active.length).toBeGreaterThanOrEqual(2);
    for (const election of all) {
      expect(election.eligibility, election.title).toBe('enrolled');
      const regions: string[] = election.eligibleRegions
        ? JSON.parse(election.eligibleRegions)
        : [...DISTRICT_REGIONS];
      // The demo citizen (Banadir) may vote in every open election.
      if (election.status === 'Active') expect(regions, election.title).toContain('Banadir');
      // Every seeded vote's account is enrolled in one of the election's regions.
      const cast = deps.db
        .select({ n: count() })
        .from(schema.votes)
        .where(eq(schema.votes.electionId, election.id))
        .get()?.n;
      const eligible = deps.db
        .select({ n: count() })
        .from(schema.votes)
        .innerJoin(voters, eq(voters.userId, schema.votes.userId))
        .innerJoin(districts, eq(districts.id, voters.districtId))
        .where(
          and(
            eq(schema.votes.electionId, election.id),
            eq(voters.status, 'enrolled'),
            inArray(districts.region, regions as (typeof DISTRICT_REGIONS)[number][]),
          ),
        )
        .get()?.n;
      expect(eligible, election.title).toBe(cast);
    }
    expect(active.some((election) => election.eligibleRegions !== null)).toBe(true);

    const openPoll = deps.db
      .select()
      .from(schema.polls)
      .where(eq(schema.polls.monthYear, monthKey(new Date())))
      .get();
    expect(openPoll?.eligibility).toBe('verifiedContact');
  });

  it('lets the demo citizen vote in each open election and the open poll', async () => {
    const deps = createTestDeps();
    await seedDemo(deps.db);
    const citizen = deps.db.select().from(users).where(eq(users.email, DEMO_CITIZEN.email)).get();
    if (!citizen) throw new Error('no demo citizen');
    const { caller } = callerFor(deps, {
      id: citizen.id,
      email: citizen.email ?? '',
      password: '',
      fullName: '',
    });
    const open = await caller.elections.active();
    expect(open.length).toBeGreaterThanOrEqual(2);
    for (const election of open) {
      const ballot = await caller.elections.byId({ id: election.id });
      const answer = await caller.votes.cast({
        electionId: election.id,
        candidateId: ballot.candidates[0]?.id ?? '',
      });
      expect(answer.receiptId, election.title).toMatch(RECEIPT_PATTERN);
    }
    const poll = deps.db
      .select()
      .from(schema.polls)
      .where(eq(schema.polls.monthYear, monthKey(new Date())))
      .get();
    const choice = deps.db
      .select({ id: schema.pollCandidates.id })
      .from(schema.pollCandidates)
      .where(eq(schema.pollCandidates.pollId, poll?.id ?? ''))
      .get();
    expect(await caller.polls.vote({ pollId: poll?.id ?? '', candidateId: choice?.id ?? '' })).toEqual({
      voteId: expect.any(String),
      recordedAt: expect.any(Date),
    });
  });

  it('makes turnout sensible: the open Banadir election counts Banadir voters only', async () => {
    const deps = createTestDeps();
    await seedDemo(deps.db);
    const { caller } = callerFor(deps, null);
    const counts = await caller.enrollment.countsByRegion();
    const banadir = counts.regions.find((row) => row.region === 'Banadir')?.enrolledVoters ?? 0;
    const youth = deps.db
      .select()
      .from(schema.elections)
      .where(eq(schema.elections.title, 'Banadir Youth Council Election'))
      .get();
    const answer = await caller.elections.results({ id: youth?.id ?? '' });
    expect(answer.turnout?.eligibleVoters).toBe(banadir);
    expect(answer.turnout?.votes).toBe(answer.results?.total);
    expect(answer.turnout?.percentage).toBeGreaterThan(0);
    expect(answer.turnout?.percentage).toBeLessThan(100);
  });
});
