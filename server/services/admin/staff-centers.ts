import type { StaffRole } from '@shared/roles';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, registrationCenters, staffCenters } from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import { recordAudit } from '../audit';

/** Only a Registrar works at centers; a System Admin may act at any center without being assigned. */
const REGISTRAR: StaffRole = 'Registrar';

type Tx = Pick<Db, 'select' | 'insert' | 'delete'>;

function assignedCenterIds(db: Pick<Db, 'select'>, userId: string): string[] {
  return db
    .select({ centerId: staffCenters.centerId })
    .from(staffCenters)
    .where(eq(staffCenters.userId, userId))
    .orderBy(asc(staffCenters.centerId))
    .all()
    .map((row) => row.centerId);
}

function roleOf(db: Pick<Db, 'select'>, userId: string) {
  const profile = db.select({ role: profiles.role }).from(profiles).where(eq(profiles.userId, userId)).get();
  if (!profile) throw new DomainError('user.notFound', { id: userId });
  return profile.role;
}

/** The centers a user (by account id) is assigned to, and whether they are a Registrar (who may have some). */
export function userCenters(db: Db, userId: string) {
  const role = roleOf(db, userId);
  return { userId, isRegistrar: role === REGISTRAR, centerIds: assignedCenterIds(db, userId) };
}

/**
 * Replaces a Registrar's centers with `centerIds` (a System Admin's act, audited with what was added and
 * removed). Refused for any other role, and when a chosen center no longer exists.
 */
export function setUserCenters(db: Db, input: { userId: string; centerIds: string[] }, actorId: string) {
  const wanted = [...new Set(input.centerIds)].sort();
  return db.transaction((tx) => {
    if (roleOf(tx, input.userId) !== REGISTRAR) throw new DomainError('staffCenters.notRegistrar');
    const existing =
      wanted.length === 0
        ? []
        : tx
            .select({ id: registrationCenters.id })
            .from(registrationCenters)
            .where(inArray(registrationCenters.id, wanted))
            .all();
    if (existing.length !== wanted.length) throw new DomainError('staffCenters.centerNotFound');
    const before = assignedCenterIds(tx, input.userId);
    const added = wanted.filter((id) => !before.includes(id));
    const removed = before.filter((id) => !wanted.includes(id));
    if (added.length === 0 && removed.length === 0) return { userId: input.userId, centerIds: wanted };
    tx.delete(staffCenters).where(eq(staffCenters.userId, input.userId)).run();
    if (wanted.length > 0) {
      tx.insert(staffCenters)
        .values(wanted.map((centerId) => ({ userId: input.userId, centerId })))
        .run();
    }
    recordAudit(tx, {
      action: 'setCenters',
      tableName: 'staff_centers',
      recordId: input.userId,
      newValues: { centerIds: wanted, added, removed },
      actorId,
    });
    return { userId: input.userId, centerIds: wanted };
  });
}

/**
 * When a profile's role changes away from Registrar its centers go with it (audited): assignments are the
 * Registrar's power to enroll there, and a later promotion back starts from none, as a System Admin decides.
 */
export function dropCentersUnlessRegistrar(tx: Tx, userId: string, role: StaffRole | null, actorId: string) {
  if (role === REGISTRAR) return;
  const removed = assignedCenterIds(tx, userId);
  if (removed.length === 0) return;
  tx.delete(staffCenters).where(eq(staffCenters.userId, userId)).run();
  recordAudit(tx, {
    action: 'removeCenters',
    tableName: 'staff_centers',
    recordId: userId,
    newValues: { removed, role },
    actorId,
  });
}
