import { Badge } from '@mantine/core';
import type { VoterStatus } from '@shared/voter-roll';
import { useTranslation } from 'react-i18next';

const COLORS: Record<VoterStatus, string> = {
  pending: 'yellow',
  enrolled: 'green',
  rejected: 'red',
  suspended: 'orange',
};

/** A voter entry's status in words (staff namespace). */
export function VoterStatusBadge({ status }: { status: VoterStatus }) {
  const { t } = useTranslation('staff');
  return (
    <Badge color={COLORS[status]} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
}
