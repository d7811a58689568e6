import { Badge } from '@mantine/core';
import type { ElectionStatus } from '../../../shared/elections';

/** SPEC §4: Active green, Closed grey, Draft yellow, Archived purple. */
const STATUS_COLORS: Record<ElectionStatus, string> = {
  Active: 'green',
  Closed: 'gray',
  Draft: 'yellow',
  Archived: 'grape',
};

export function ElectionStatusBadge({ status }: { status: ElectionStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {status}
    </Badge>
  );
}
