import { Badge } from '@mantine/core';
import { daysLeft, type ElectionTiming, hasEnded } from '@shared/election-rules';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';

/**
 * The days-left badge (docs/product.md#days-left). An election that is over says so: "Ends today" on an election that
 * closed a month ago would mislead, so the 0-or-less case applies only while it is still running.
 */
export function DaysLeftBadge({ election, now = new Date() }: { election: ElectionTiming; now?: Date }) {
  const { t } = useTranslation('elections');
  if (hasEnded(election, now)) {
    return (
      <Badge color="gray" variant="outline">
        {t('daysLeft.ended')}
      </Badge>
    );
  }
  const days = daysLeft(election.endTime, now);
  return (
    <Badge color="blue" variant="outline" leftSection={<IconClock size={12} aria-hidden />}>
      {days <= 0 ? t('daysLeft.endsToday') : t('daysLeft.left', { count: days, days: formatNumber(days) })}
    </Badge>
  );
}
