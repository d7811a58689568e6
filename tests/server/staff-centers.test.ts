import { districts, registrationCenters, staffCenters, voters } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRows, expectTrpcError, unlockedAdmin } from '../helpers/admin';
import { callerFor, createTestDeps, type TestDeps } from '../helpers/caller';
import { createAdmin, createUser } from '../helpers/factories';
import { confirmBySecondAdmin } from '../helpers/roll-import';

function pendingId(answer: object): string {
  if (!('pendingApproval' in answer)) throw new Error('expected the grant to wait for a second System Admin');
  return (answer as { pendingApproval: { id: string } }).pendingApproval.id;
}

function centers(deps: TestDeps, count: number): string[] {
  const district = deps.db
    .insert(districts)
    .values({ name: 'Hodan', code: `BN-${crypto.randomUUID().slice(0, 6)}`, region: 'Banadir' })
    .returning({ id: districts.id })
    .get();
  return Array.from({ length: count }, (_, i) =>
    deps.db
      .insert(registrationCenters)
      .values({ name: `Center ${i}`, code: `RC-${crypto.randomUUID().slice(0, 8)}`, districtId: district.id })
      .returning({ id: registrationCenters.id })
      .get(),
  ).map((row) => row.id);
}

const assigned = (deps: TestDeps, userId: string) =>
  deps.db
    .select({ centerId: staffCenters.centerId })
    .from(staffCenters)
    .where(eq(staffCenters.userId, userId))
    .all()
    .map((row) => row.centerId)
    .sort();

describe('admin.users.centers and setCenters', () => {
  it("sets a Registrar's centers, replaces them, audits what was added and removed, and counts them", async () => {
    const deps = createTestDeps();
    const { caller, admin } = await unlockedAdmin(deps);
    const registrar = await createUser(deps.db, { role: 'Registrar' });
    const [a, b, c] = centers(deps, 3) as [string, string, string];
    expect(await caller.admin.users.centers({ userId: registrar.id })).toEqual({
      userId: registrar.id,
      isRegistrar: true,
      centerIds: [],
    });
    await caller.admin.users.setCenters({ userId: registrar.id, centerIds: [a, b, a] });
    expect(assigned(deps, registrar.id)).toEqual([a, b].sort());
    await caller.admin.users.setCenters({ userId: registrar.id, centerIds: [b, c] });
    expect(assigned(deps, registrar.id)).toEqual([b, c].sort());
    expect((await caller.admin.users.centers({ userId: registrar.id })).centerIds).toEqual([b, c].sort());
    const { users } = await caller.admin.users.list();
    expect(users.find((u) => u.userId === registrar.id)?.centerCount).toBe(2);

    const audits = auditRows(deps).filter((row) => row.action === 'setCenters');
    expect(audits).toHaveLength(2);
    expect(audits[1]).toMatchObject({
      tableName: 'staff_centers',
      recordId: registrar.id,
      actorId: admin.id,
    });
    expect(JSON.parse(audits[1]?.newValues ?? '{}')).toEqual({
      centerIds: [b, c].sort(),
      added: [c],
      removed: [a],
    });
    // The same list again changes nothing and records nothing.
    await caller.admin.users.setCenters({ userId: registrar.id, centerIds: [c, b] });
    expect(auditRows(deps).filter((row) => row.action === 'setCenters')).toHaveLength(2);
  });

  it('refuses other roles, unknown centers and unknown accounts, changing nothing', async () => {
    const deps = createTestDeps();
    const { caller } = await unlockedAdmin(deps);
    const [center] = centers(deps, 1) as [string];
    for (const role of [null, 'Enrollment Supervisor', 'System Admin'] as const) {
      const user = await createUser(deps.db, { role });
      await expectTrpcError(
        caller.admin.users.setCenters({ userId: user.id, centerIds: [center] }),
        'PRECONDITION_FAILED',
        'Only Registrars can be assigned to registration centers. Change the role to Registrar first.',
      );
      expect((await caller.admin.users.centers({ userId: user.id })).isRegistrar).toBe(false);
    }
    const registrar = await createUser(deps.db, { role: 'Registrar' });
    await expectTrpcError(
      caller.admin.users.setCenters({ userId: registrar.id, centerIds: [center, crypto.randomUUID()] }),
      'BAD_REQUEST',
      'A chosen registration center no longer exists. Reload the page and choose again.',
    );
    await expectTrpcError(caller.admin.users.centers({ userId: crypto.randomUUID() }), 'NOT_FOUND');
    await expectTrpcError(
      caller.admin.users.setCenters({
        userId: registrar.id,
        centerIds: Array.from({ length: 101 }, () => crypto.randomUUID()),
      }),
      'BAD_REQUEST',
      'A Registrar can be assigned to at most 100 registration centers.',
    );
    expect(deps.db.select().from(staffCenters).all()).toEqual([]);
  });

  it('is for System Admins past step-up only', async () => {
    const deps = createTestDeps();
    const registrar = await createUser(deps.db, { role: 'Registrar' });
    const [center] = centers(deps, 1) as [string];
    const input = { userId: registrar.id, centerIds: [center] };
    const visitor = callerFor(deps, null).caller;
    await expectTrpcError(visitor.admin.users.setCenters(input), 'UNAUTHORIZED');
    const asRegistrar = callerFor(deps, registrar, undefined, { steppedUp: true }).caller;
    await expectTrpcError(asRegistrar.admin.users.setCenters(input), 'FORBIDDEN');
    await expectTrpcError(asRegistrar.admin.users.centers({ userId: registrar.id }), 'FORBIDDEN');
    const stolenCookie = callerFor(deps, await createAdmin(deps.db)).caller;
    await expectTrpcError(
      stolenCookie.admin.users.setCenters(input),
      'PRECONDITION_FAILED',
      'Please confirm your password to continue.',
    );
    await expectTrpcError(stolenCookie.admin.users.centers({ userId: registrar.id }), 'PRECONDITION_FAILED');
    expect(deps.db.select().from(staffCenters).all()).toEqual([]);
  });

  it("removes a Registrar's centers, audited, when the role changes away from Registrar", async () => {
    const deps = createTestDeps();
    const { caller } = await unlockedAdmin(deps);
    const registrar = await createUser(deps.db, { role: 'Registrar' });
    const [a, b] = centers(deps, 2) as [string, string];
    await caller.admin.users.setCenters({ userId: registrar.id, centerIds: [a, b] });
    const profileId =
      (await caller.admin.users.list()).users.find((u) => u.userId === registrar.id)?.id ?? '';
    const edit = { id: profileId, fullName: 'Registrar', phone: null, isActive: true };
    // Deactivating keeps them (reactivating gives the same Registrar back); a role change does not.
    await caller.admin.users.update({ ...edit, role: 'Registrar', isActive: false });
    expect(assigned(deps, registrar.id)).toHaveLength(2);
    // Another staff role is a grant: nothing changes until a second System Admin confirms it.
    const grant = await caller.admin.users.update({ ...edit, role: 'Enrollment Supervisor' });
    expect(assigned(deps, registrar.id)).toHaveLength(2);
    const { second } = await confirmBySecondAdmin(deps.db, pendingId(grant));
    expect(assigned(deps, registrar.id)).toEqual([]);
    const [removal, ...more] = auditRows(deps).filter((row) => row.action === 'removeCenters');
    expect(more).toEqual([]);
    expect(removal).toMatchObject({ tableName: 'staff_centers', recordId: registrar.id, actorId: second.id });
    expect(JSON.parse(removal?.newValues ?? '{}')).toEqual({
      removed: [a, b].sort(),
      role: 'Enrollment Supervisor',
    });
    // Back to Registrar: no centers until a System Admin assigns them again.
    const back = await caller.admin.users.update({ ...edit, role: 'Registrar' });
    await confirmBySecondAdmin(deps.db, pendingId(back));
    expect((await caller.admin.users.centers({ userId: registrar.id })).centerIds).toEqual([]);
  });
});

describe('admin.voterRoll.summary', () => {
  it('counts voters per region and status, every region listed, and names nobody', async () => {
    const deps = createTestDeps();
    const { caller, admin } = await unlockedAdmin(deps);
    const district = deps.db
      .insert(districts)
      .values({ name: 'Boosaaso', code: 'BR-BOS', region: 'Bari' })
      .returning({ id: districts.id })
      .get();
    const statuses = ['enrolled', 'enrolled', 'pending', 'suspended'] as const;
    deps.db
      .insert(voters)
      .values(
        statuses.map((status, i) => ({
          voterCardNumber: `SO-S-${i}`,
          fullName: `Secret Name ${i}`,
          districtId: district.id,
          status,
          source: 'import' as const,
          enteredBy: admin.id,
        })),
      )
      .run();
    const summary = await caller.admin.voterRoll.summary();
    expect(summary.totals).toEqual({ enrolled: 2, pending: 1, suspended: 1, rejected: 0 });
    expect(summary.regions).toHaveLength(18);
    expect(summary.regions.find((r) => r.region === 'Bari')).toEqual({
      region: 'Bari',
      enrolled: 2,
      pending: 1,
      suspended: 1,
      rejected: 0,
    });
    expect(JSON.stringify(summary)).not.toContain('Secret');
  });
});
