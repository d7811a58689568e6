import { Badge } from '@mantine/core';
import type { StateStatusType } from '../../../../shared/content/states';

const COLORS: Record<StateStatusType, string> = {
  'Federal Member State': 'somaliBlue',
  'Capital region': 'teal',
  'Self-declared independent': 'orange',
  'Newly formed': 'grape',
};

export function StateStatusBadge({
  statusType,
  size = 'md',
}: {
  statusType: StateStatusType;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Badge
      color={COLORS[statusType]}
      variant="light"
      size={size}
      style={{ whiteSpace: 'normal', height: 'auto' }}
    >
      {statusType}
    </Badge>
  );
}
