import { Badge } from '@mantine/core';
import type { StaffRole } from '@shared/roles';
import { useTranslation } from 'react-i18next';

/**
 * docs/product.md#roles: System Admin red, Supervisor blue, Registrar green; a profile without a staff role is a
 * citizen.
 */
const BADGES = {
  'System Admin': { color: 'red', label: 'roles.systemAdmin' },
  'Enrollment Supervisor': { color: 'blue', label: 'roles.supervisor' },
  Registrar: { color: 'green', label: 'roles.registrar' },
  Citizen: { color: 'gray', label: 'roles.citizen' },
} as const satisfies Record<StaffRole | 'Citizen', { color: string; label: string }>;

/** Each staff role's name, as a key of the admin texts. */
export const ROLE_LABELS = {
  'System Admin': 'roles.systemAdmin',
  'Enrollment Supervisor': 'roles.enrollmentSupervisor',
  Registrar: 'roles.registrar',
} as const satisfies Record<StaffRole, string>;

export function RoleBadge({ role }: { role: StaffRole | null }) {
  const { t } = useTranslation('admin');
  const badge = BADGES[role ?? 'Citizen'];
  return (
    <Badge color={badge.color} variant="light">
      {t(badge.label)}
    </Badge>
  );
}
