import type { StaffRole } from '@shared/roles';

/** A System Admin holds every staff role; others hold their own. */
export function isStaffRole(user: { role: StaffRole | null; isAdmin: boolean }, role: StaffRole): boolean {
  return user.isAdmin || user.role === role;
}
