/** Staff roles (docs/product.md#roles). A profile without one is a citizen. */
export const STAFF_ROLES = ['Registrar', 'Enrollment Supervisor', 'System Admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ADMIN_ROLE: StaffRole = 'System Admin';

/** Admin means exactly System Admin (docs/product.md#system-admin). */
export function isAdminRole(role: string | null | undefined): boolean {
  return role === ADMIN_ROLE;
}

/** The label shown for a profile's role. */
export function roleLabel(role: StaffRole | null): string {
  return role ?? 'Citizen';
}
