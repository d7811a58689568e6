import { Badge } from '@mantine/core';
import type { PollStatus } from '@shared/polls';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<PollStatus, string> = { draft: 'yellow', open: 'green', closed: 'gray' };

/** Used by the admin console too: its poll routes load the polls texts (their clientLoader). */
export function PollStatusBadge({ status }: { status: PollStatus }) {
  const { t } = useTranslation('polls');
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
}
