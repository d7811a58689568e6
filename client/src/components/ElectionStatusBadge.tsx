import { Badge } from '@mantine/core';
import type { ElectionStatus } from '@shared/elections';
import { useTranslation } from 'react-i18next';

/** docs/product.md#election-statuses: Active green, Closed grey, Draft yellow, Archived purple. */
const STATUS_COLORS: Record<ElectionStatus, string> = {
  Active: 'green',
  Closed: 'gray',
  Draft: 'yellow',
  Archived: 'grape',
};

/** Used by the admin console too: its election routes load the elections texts (their clientLoader). */
export function ElectionStatusBadge({ status }: { status: ElectionStatus }) {
  const { t } = useTranslation('elections');
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
}
