import type { StaffRoleSummary } from '@shared/approvals';
import { ADMIN_ROLE, type StaffRole } from '@shared/roles';
import { userUpdateInput } from '@shared/schemas/admin';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { profiles, users } from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import { setUserActive, updateUser } from '../admin/users';
import { type ApprovalRow, requestApproval } from './store';

type UserUpdate = z.output<typeof userUpdateInput>;

/** What a waiting grant keeps: the whole edit, and the account's role and state when it was asked for. */
interface StaffRolePayload {
  update: UserUpdate;
  fromRole: StaffRole | null;
  wasActive: boolean;
}

function currentAccount(db: Db, profileId: string) {
  const row = db
    .select({
      role: profiles.role,
      isActive: profiles.isActive,
      fullName: profiles.fullName,
      phone: profiles.phone,
      email: users.email,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.id, profileId))
    .get();
  if (!row) throw new DomainError('user.notFound', { id: profileId });
  return row;
}

/**
 * An admin's edit of an account (admin.users.update). Giving a staff role (Registrar, Enrollment Supervisor,
 * System Admin) waits for a second System Admin, and the whole edit with it: nothing changes until then. A grant
 * is a staff role the account does not have yet, or a deactivated staff account made active again (its power
 * back). Anything else is done at once: removing a role, deactivating, and a System Admin's move to another
 * staff role (it gives no power a System Admin does not already have).
 */
export function requestUserUpdate(
  db: Db,
  update: UserUpdate,
  actorId: string,
): { id: string } | { pendingApproval: { id: string } } {
  const account = currentAccount(db, update.id);
  const newRole = update.role !== account.role && account.role !== ADMIN_ROLE;
  const reactivates = update.isActive && !account.isActive;
  if (update.role === null || !(newRole || reactivates)) return updateUser(db, update, actorId);
  return requestGrant(db, { ...update, role: update.role }, account, actorId);
}

/**
 * admin.users.setActive: deactivating is done at once, and so is reactivating a citizen; reactivating a staff
 * account gives its role back, a grant that waits for a second System Admin like a new role.
 */
export function requestSetActive(
  db: Db,
  id: string,
  isActive: boolean,
  actorId: string,
): { id: string; isActive: boolean } | { pendingApproval: { id: string } } {
  const account = currentAccount(db, id);
  if (!isActive || account.isActive || account.role === null) return setUserActive(db, id, isActive, actorId);
  const update = { id, fullName: account.fullName, phone: account.phone, role: account.role, isActive: true };
  return requestGrant(db, update, account, actorId);
}

function requestGrant(
  db: Db,
  update: UserUpdate & { role: StaffRole },
  account: ReturnType<typeof currentAccount>,
  actorId: string,
) {
  const payload: StaffRolePayload = { update, fromRole: account.role, wasActive: account.isActive };
  const summary: StaffRoleSummary = {
    fullName: account.fullName,
    email: account.email,
    fromRole: account.role,
    toRole: update.role,
  };
  return requestApproval(db, {
    kind: 'staffRole',
    subject: update.id,
    payload,
    summary,
    requestedBy: actorId,
  });
}

/**
 * Confirmed: the edit is made as asked, only if the account still has the role and the state it had when it
 * was asked for (a role removed or an account deactivated since is not undone by an old request).
 */
export function applyStaffRole(db: Db, request: ApprovalRow, confirmerId: string) {
  const payload = JSON.parse(request.payload) as StaffRolePayload;
  const update = userUpdateInput.parse(payload.update);
  const account = currentAccount(db, update.id);
  if (account.role !== payload.fromRole || account.isActive !== payload.wasActive) {
    throw new DomainError('approval.accountChanged');
  }
  updateUser(db, update, confirmerId, { requestedBy: request.requestedBy });
  return { profileId: update.id, role: update.role };
}
