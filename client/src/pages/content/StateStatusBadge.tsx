import { Badge } from '@mantine/core';
import type { StateStatusType } from '@shared/content/states';
import { useTranslation } from 'react-i18next';

const COLORS: Record<StateStatusType, string> = {
  memberState: 'somaliBlue',
  capitalRegion: 'teal',
  selfDeclared: 'orange',
  newlyFormed: 'grape',
};

export function StateStatusBadge({
  statusType,
  size = 'md',
}: {
  statusType: StateStatusType;
  size?: 'sm' | 'md' | 'lg';
}) {
  const { t } = useTranslation('content');
  return (
    <Badge
      color={COLORS[statusType]}
      variant="light"
      size={size}
      style={{ whiteSpace: 'normal', height: 'auto' }}
    >
      {t(`status.${statusType}`)}
    </Badge>
  );
}
