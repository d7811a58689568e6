import type { StaffRoleSummary } from '@shared/approvals';
import { ADMIN_ROLE, type StaffRole } from '@shared/roles';
import type { userUpdateInput } from '@shared/schemas/admin';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { forgetCachedSessions } from '../../auth/session-cache';
import { invalidateUserSessions } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { approvals, profiles, staffCenters, users } from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import { messageText } from '../../errors/texts';
import { recordAudit, recordBefore } from '../audit';
import { dropCentersUnlessRegistrar } from './staff-centers';

export const LAST_ADMIN_MESSAGE = messageText({ key: 'user.lastAdmin' });

/** Profiles newest first with their email, and the statistics shown above the list. */
export function listUsers(db: Db) {
  const rows = db
    .select({
      id: profiles.id,
      userId: profiles.userId,
      email: users.email,
      // The number the account signs in with (profiles.phone is the staff contact number admins edit).
      accountPhone: users.phone,
      fullName: profiles.fullName,
      phone: profiles.phone,
      role: profiles.role,
      isActive: profiles.isActive,
      emailVerified: users.emailVerifiedAt,
      createdAt: profiles.createdAt,
      // A Registrar's registration centers, counted for the table.
      centerCount: sql<number>`(SELECT count(*) FROM ${staffCenters} WHERE ${staffCenters.userId} = ${users.id})`,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .orderBy(desc(profiles.createdAt))
    .all();
  const grants = pendingGrants(db);
  const listed = rows.map((row) => ({
    ...row,
    emailVerified: row.emailVerified !== null,
    pendingGrant: grants.get(row.id) ?? null,
  }));
  const byRole = { 'System Admin': 0, 'Enrollment Supervisor': 0, Registrar: 0, Citizen: 0 };
  for (const row of listed) byRole[row.role ?? 'Citizen'] += 1;
  return {
    users: listed,
    stats: { total: listed.length, active: listed.filter((row) => row.isActive).length, byRole },
  };
}

/** Grants of a staff role waiting for a second System Admin, by profile id (the page says so on the row). */
function pendingGrants(db: Db): Map<string, { approvalId: string; role: StaffRole }> {
  const rows = db
    .select({ id: approvals.id, subject: approvals.subject, summary: approvals.summary })
    .from(approvals)
    .where(and(eq(approvals.status, 'pending'), eq(approvals.kind, 'staffRole')))
    .all();
  return new Map(
    rows.map((row) => {
      const summary = JSON.parse(row.summary) as StaffRoleSummary;
      return [row.subject ?? '', { approvalId: row.id, role: summary.toRole }];
    }),
  );
}

/** Throws when the change would leave no active System Admin to run the site. */
function assertNotLastAdmin(
  tx: Pick<Db, 'select'>,
  profileId: string,
  next: { role: string | null; isActive: boolean },
) {
  const current = tx
    .select({ role: profiles.role, isActive: profiles.isActive })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .get();
  if (!current) throw new DomainError('user.notFound', { id: profileId });
  const wasActiveAdmin = current.role === ADMIN_ROLE && current.isActive;
  const staysActiveAdmin = next.role === ADMIN_ROLE && next.isActive;
  if (!wasActiveAdmin || staysActiveAdmin) return;
  const others = tx
    .select({ n: count() })
    .from(profiles)
    .where(and(eq(profiles.role, ADMIN_ROLE), eq(profiles.isActive, true), ne(profiles.id, profileId)))
    .get();
  if ((others?.n ?? 0) === 0) throw new DomainError('user.lastAdmin');
}

function userIdOf(tx: Pick<Db, 'select'>, profileId: string): string {
  const row = tx.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.id, profileId)).get();
  if (!row) throw new DomainError('user.notFound', { id: profileId });
  return row.userId;
}

/**
 * Makes an admin's edit of an account. A grant of a staff role reaches it only through the approvals queue
 * (services/approvals/staff-role.ts), confirmed by a second System Admin: `approval` names who asked.
 */
export function updateUser(
  db: Db,
  input: z.output<typeof userUpdateInput>,
  actorId: string,
  approval?: { requestedBy: string | null },
) {
  const { id, ...values } = input;
  return db.transaction((tx) => {
    assertNotLastAdmin(tx, id, values);
    const userId = userIdOf(tx, id);
    const before = recordBefore(tx, profiles, id);
    tx.update(profiles).set(values).where(eq(profiles.id, id)).run();
    // A deactivated account is signed out everywhere at once, not at its next request.
    if (!values.isActive) invalidateUserSessions(tx, userId);
    // A new role or name is seen by the next request, not a remembered session's old one.
    forgetCachedSessions();
    const newValues = approval ? { ...values, requestedBy: approval.requestedBy } : values;
    recordAudit(tx, { action: 'update', tableName: 'profiles', recordId: id, newValues, before, actorId });
    dropCentersUnlessRegistrar(tx, userId, values.role, actorId);
    return { id };
  });
}

export function setUserActive(db: Db, id: string, isActive: boolean, actorId: string) {
  return db.transaction((tx) => {
    const current = tx
      .select({ role: profiles.role, isActive: profiles.isActive })
      .from(profiles)
      .where(eq(profiles.id, id))
      .get();
    if (!current) throw new DomainError('user.notFound', { id });
    assertNotLastAdmin(tx, id, { role: current.role, isActive });
    const userId = userIdOf(tx, id);
    tx.update(profiles).set({ isActive }).where(eq(profiles.id, id)).run();
    if (!isActive) invalidateUserSessions(tx, userId);
    forgetCachedSessions();
    recordAudit(tx, {
      action: isActive ? 'activate' : 'deactivate',
      tableName: 'profiles',
      recordId: id,
      newValues: { isActive },
      before: current,
      actorId,
    });
    return { id, isActive };
  });
}
