import type { Db } from '@server/db/client';
import { profiles } from '@server/db/schema';
import type { StaffRole } from '@shared/roles';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerFor, createTestDeps } from '../../helpers/caller';
import { createAdmin, createUser } from '../../helpers/factories';

const profileOf = (db: Db, userId: string) => {
  const row = db.select().from(profiles).where(eq(profiles.userId, userId)).get();
  if (!row) throw new Error('no profile');
  return row;
};

async function twoAdmins() {
  const deps = createTestDeps();
  const first = await createAdmin(deps.db);
  const second = await createAdmin(deps.db);
  const as = (user: typeof first) => callerFor(deps, user, '192.0.2.20', { steppedUp: true }).caller;
  return { deps, db: deps.db, first: as(first), second: as(second) };
}

/**
 * The attack: one System Admin deactivates a staff account, then reactivates it (setActive, or an edit keeping
 * the role): the account's power came back at once, a System Admin's too, without a second person.
 */
describe('reactivating a staff account waits for a second System Admin', () => {
  for (const role of ['Enrollment Supervisor', 'Registrar', 'System Admin'] as StaffRole[]) {
    it(`admin.users.setActive on a deactivated ${role} asks for approval and changes nothing until confirmed`, async () => {
      const { db, first, second } = await twoAdmins();
      const staff = await createUser(db, { role });
      const id = profileOf(db, staff.id).id;
      // Deactivation stays immediate.
      expect(await first.admin.users.setActive({ id, isActive: false })).toEqual({ id, isActive: false });
      const answer = await first.admin.users.setActive({ id, isActive: true });
      expect(answer).toEqual({ pendingApproval: { id: expect.any(String) } });
      expect(profileOf(db, staff.id)).toMatchObject({ isActive: false, role });
      if (!('pendingApproval' in answer)) throw new Error('not pending');
      await second.admin.approvals.confirm({ id: answer.pendingApproval.id });
      expect(profileOf(db, staff.id)).toMatchObject({ isActive: true, role });
    });
  }

  it('admin.users.update keeping the role of a deactivated Enrollment Supervisor asks for approval', async () => {
    const { db, first } = await twoAdmins();
    const staff = await createUser(db, { role: 'Enrollment Supervisor' });
    const id = profileOf(db, staff.id).id;
    await first.admin.users.setActive({ id, isActive: false });
    const answer = await first.admin.users.update({
      id,
      fullName: 'Test Citizen',
      phone: null,
      role: 'Enrollment Supervisor',
      isActive: true,
    });
    expect(answer).toEqual({ pendingApproval: { id: expect.any(String) } });
    expect(profileOf(db, staff.id).isActive).toBe(false);
  });

  it('reactivates a citizen at once, and deactivates staff at once', async () => {
    const { db, first } = await twoAdmins();
    const citizen = await createUser(db, { isActive: false });
    const id = profileOf(db, citizen.id).id;
    expect(await first.admin.users.setActive({ id, isActive: true })).toEqual({ id, isActive: true });
    expect(
      await first.admin.users.update({
        id,
        fullName: 'Test Citizen',
        phone: null,
        role: null,
        isActive: false,
      }),
    ).toEqual({ id });
    expect(
      await first.admin.users.update({
        id,
        fullName: 'Test Citizen',
        phone: null,
        role: null,
        isActive: true,
      }),
    ).toEqual({ id });
    expect(profileOf(db, citizen.id).isActive).toBe(true);
  });
});
