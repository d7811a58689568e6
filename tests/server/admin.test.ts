import { candidates, votes } from '@server/db/schema';
import { STEP_UP_REQUIRED as DASHBOARD_LOCKED_MESSAGE } from '@server/services/step-up';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditRows,
  callerForToken,
  expectTrpcError,
  newSessionToken,
  seedElection,
  unlockedAdmin,
} from '../helpers/admin';
import { callerFor, createTestDeps, type TestDeps } from '../helpers/caller';
import { createAdmin, createUser } from '../helpers/factories';

const MISSING = 'Please provide name, code, and region.';

describe('admin.dashboard step-up login', () => {
  it('refuses the dashboard procedures before unlocking', async () => {
    const deps = createTestDeps();
    const admin = await createAdmin(deps.db);
    const { caller } = callerFor(deps, admin);
    expect(await caller.admin.dashboard.status()).toEqual({
      unlocked: false,
      unlockedUntil: null,
      twoFactorRequired: false,
    });
    for (const call of [
      () => caller.admin.stats(),
      () => caller.admin.districts.list(),
      () => caller.admin.centers.list(),
      () => caller.admin.candidates.list(),
    ]) {
      await expectTrpcError(call(), 'PRECONDITION_FAILED', DASHBOARD_LOCKED_MESSAGE);
    }
  });

  it('refuses a wrong password or another account, and unlocks with the admin’s own credentials', async () => {
    const deps = createTestDeps();
    const admin = await createAdmin(deps.db);
    const other = await createAdmin(deps.db);
    const token = newSessionToken(deps, admin.id);
    const caller = callerForToken(deps, token);

    const started = Date.now();
    await expectTrpcError(
      caller.admin.dashboard.unlock({ username: admin.email, password: 'not-it' }),
      'UNAUTHORIZED',
      'Invalid credentials. Please try again.',
    );
    // docs/product.md#step-up: every attempt takes at least a second.
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    await expectTrpcError(
      caller.admin.dashboard.unlock({ username: other.email, password: other.password }),
      'UNAUTHORIZED',
      'Invalid credentials. Please try again.',
    );
    await expectTrpcError(
      callerForToken(deps, token).admin.stats(),
      'PRECONDITION_FAILED',
      DASHBOARD_LOCKED_MESSAGE,
    );

    const result = await caller.admin.dashboard.unlock({
      username: admin.email.toUpperCase(),
      password: admin.password,
    });
    expect(result.unlocked).toBe(true);
    const next = callerForToken(deps, token);
    expect((await next.admin.dashboard.status()).unlocked).toBe(true);
    expect(await next.admin.stats()).toMatchObject({ districts: 0, centers: 0, candidates: 0 });

    await next.admin.dashboard.lock();
    await expectTrpcError(callerForToken(deps, token).admin.stats(), 'PRECONDITION_FAILED');
  }, 15_000);

  it('asks for both fields', async () => {
    const deps = createTestDeps();
    const { caller } = callerFor(deps, await createAdmin(deps.db));
    await expectTrpcError(
      caller.admin.dashboard.unlock({ username: '', password: '' }),
      'BAD_REQUEST',
      'Please enter both email and password',
    );
  });
});

describe('admin.districts', () => {
  it('creates, lists, updates and deletes a district, upper-casing its code', async () => {
    const deps = createTestDeps();
    const { caller } = await unlockedAdmin(deps);
    const created = await caller.admin.districts.create({ name: 'Hodan', code: 'bn-hod', region: 'Banadir' });
    expect(created).toMatchObject({ name: 'Hodan', code: 'BN-HOD', region: 'Banadir', population: null });
    await caller.admin.districts.update({
      id: created.id,
      name: 'Hodan',
      code: 'BN-HOD',
      region: 'Banadir',
      population: 500_000,
    });
    expect(await caller.admin.districts.list()).toEqual([{ ...created, population: 500_000 }]);
    await caller.admin.districts.delete({ id: created.id });
    expect(await caller.admin.districts.list()).toEqual([]);
    await expectTrpcError(caller.admin.districts.delete({ id: created.id }), 'NOT_FOUND');
  });

  it.each([
    ['name', { name: '  ', code: 'X-1', region: 'Bari' }],
    ['code', { name: 'Bosaso', code: '', region: 'Bari' }],
    ['region', { name: 'Bosaso', code: 'X-1', region: 'Atlantis' }],
  ])('refuses a missing %s with the spec message', async (_field, input) => {
    const deps = createTestDeps();
    const { caller } = await unlockedAdmin(deps);
    // @ts-expect-error: the region is wrong on purpose in one case
    await expectTrpcError(caller.admin.districts.create(input), 'BAD_REQUEST', MISSING);
  });

  it('refuses a population that is not a whole number', async () => {
    const deps = createTestDeps();
    const { caller } = await unlockedAdmin(deps);
    await expectTrpcError(
      caller.admin.districts.create({ name: 'Bosaso', code: 'BR-X', region: 'Bari', population: 1.5 }),
      'BAD_REQUEST',
      'Population must be a whole number',
    );
  });

  it('answers CONFLICT for a duplicate code, on create and on update', async () => {
    const deps = createTestDeps();
    const { caller } = await unlockedAdmin(deps);
    await caller.admin.districts.create({ name: 'Bosaso', code: 'BR-BOS', region: 'Bari' });
    const qardho = await caller.admin.districts.create({ name: 'Qardho', code: 'BR-QAR', region: 'Bari' });
    await expectTrpcError(
      caller.admin.districts.create({ name: 'Alula', code: 'br-bos', region: 'Bari' }),
      'CONFLICT',
      'A district with code BR-BOS already exists.',
    );
    await expectTrpcError(
      caller.admin.districts.update({ id: qardho.id, name: 'Qardho', code: 'BR-BOS', region: 'Bari' }),
      'CONFLICT',
    );
  });
});

describe('admin.centers', () => {
  it('joins the district, and Activate/Deactivate toggles the center', async () => {
    const deps = createTestDeps();
    const { caller } = await unlockedAdmin(deps);
    const district = await caller.admin.districts.create({
      name: 'Hodan',
      code: 'BN-HOD',
      region: 'Banadir',
    });
    const center = await caller.admin.centers.create({
      name: 'Hodan Center',
      code: 'rc-1',
      districtId: district.id,
      capacity: 300,
      latitude: 2.03,
      longitude: 45.31,
    });
    expect(await caller.admin.centers.list()).toEqual([
      expect.objectContaining({
        id: center.id,
        code: 'RC-1',
        isActive: true,
        districtName: 'Hodan',
        region: 'Banadir',
      }),
    ]);
    expect(await caller.admin.centers.setActive({ id: center.id, isActive: false })).toEqual({
      id: center.id,
      isActive: false,
    });
    expect((await caller.admin.centers.list())[0]?.isActive).toBe(false);
    expect((await caller.admin.stats()).activeCenters).toBe(0);
    await caller.admin.centers.setActive({ id: center.id, isActive: true });
    expect((await caller.admin.stats()).activeCenters).toBe(1);
    await expectTrpcError(
      caller.admin.centers.create({ name: 'Twin', code: 'RC-1' }),
      'CONFLICT',
      'A registration center with code RC-1 already exists.',
    );
    await expectTrpcError(
      caller.admin.centers.setActive({ id: '00000000-0000-4000-8000-000000000000', isActive: true }),
      'NOT_FOUND',
    );
  });

  it('keeps a center when its district is deleted', async () => {
    const deps = createTestDeps();
    const { caller } = await unlockedAdmin(deps);
    const district = await caller.admin.districts.create({
      name: 'Hodan',
      code: 'BN-HOD',
      region: 'Banadir',
    });
    await caller.admin.centers.create({ name: 'Hodan Center', code: 'RC-1', districtId: district.id });
    await caller.admin.districts.delete({ id: district.id });
    expect(await caller.admin.centers.list()).toEqual([
      expect.objectContaining({ districtId: null, districtName: null, region: null }),
    ]);
  });
});

function castVote(deps: TestDeps, userId: string, electionId: string, candidateId: string) {
  deps.db
    .insert(votes)
    .values({
      userId,
      electionId,
      questionId: electionId,
      receiptId: `V${Date.now()}-test${Math.random().toString(36).slice(2, 7)}`,
      candidateId,
      selections: JSON.stringify({ candidate_id: candidateId }),
    })
    .run();
}

describe('admin.candidates', () => {
  it('numbers new candidates after the election’s last one and stores empty optional fields as null', async () => {
    const deps = createTestDeps();
    const { caller } = await unlockedAdmin(deps);
    const electionId = seedElection(deps, 'Presidential 2026');
    expect(await caller.admin.candidates.electionChoices()).toEqual([
      {
        id: electionId,
        title: 'Presidential 2026',
        titleText: { en: 'Presidential 2026', so: null },
        status: 'Draft',
      },
    ]);
    const first = await caller.admin.candidates.create({ electionId, name: 'Amina Warsame', party: '' });
    const second = await caller.admin.candidates.create({ electionId, name: 'Hassan Ali', party: 'Unity' });
    expect([first.orderIndex, second.orderIndex]).toEqual([1, 2]);
    const list = await caller.admin.candidates.list();
    expect(list.map((c) => [c.name, c.party, c.electionTitle, c.electionStatus])).toEqual([
      ['Amina Warsame', null, 'Presidential 2026', 'Draft'],
      ['Hassan Ali', 'Unity', 'Presidential 2026', 'Draft'],
    ]);
    await caller.admin.candidates.update({ id: first.id, name: 'Amina Warsame', bio: 'Teacher' });
    expect((await caller.admin.candidates.list())[0]?.bio).toBe('Teacher');
    await expectTrpcError(
      caller.admin.candidates.create({ electionId, name: ' ' }),
      'BAD_REQUEST',
      'Candidate name is required',
    );
  });

  it('refuses to delete a candidate who has received votes, and deletes one who has not', async () => {
    const deps = createTestDeps();
    const { caller } = await unlockedAdmin(deps);
    const electionId = seedElection(deps);
    const voted = await caller.admin.candidates.create({ electionId, name: 'Voted For' });
    const spare = await caller.admin.candidates.create({ electionId, name: 'Spare' });
    const voter = await createUser(deps.db);
    castVote(deps, voter.id, electionId, voted.id);

    await expectTrpcError(
      caller.admin.candidates.delete({ id: voted.id }),
      'CONFLICT',
      'This candidate has received votes and cannot be deleted.',
    );
    await caller.admin.candidates.delete({ id: spare.id });
    expect(
      deps.db
        .select({ id: candidates.id })
        .from(candidates)
        .where(eq(candidates.electionId, electionId))
        .all(),
    ).toEqual([{ id: voted.id }]);
    expect(auditRows(deps).filter((row) => row.action === 'delete')).toHaveLength(1);
  });
});
