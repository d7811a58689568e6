import { Badge } from '@mantine/core';
import type { StaffRole } from '../../../../../shared/roles';

/** SPEC §6: System Admin red, Supervisor blue, Registrar green; a profile without a staff role is a citizen. */
const BADGES: Record<StaffRole | 'Citizen', { color: string; label: string }> = {
  'System Admin': { color: 'red', label: 'System Admin' },
  'Enrollment Supervisor': { color: 'blue', label: 'Supervisor' },
  Registrar: { color: 'green', label: 'Registrar' },
  Citizen: { color: 'gray', label: 'Citizen' },
};

export function RoleBadge({ role }: { role: StaffRole | null }) {
  const badge = BADGES[role ?? 'Citizen'];
  return (
    <Badge color={badge.color} variant="light">
      {badge.label}
    </Badge>
  );
}
