import { Alert, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatElectionTime } from './election-dates';

/**
 * While an election is open, the counts a voter or visitor sees move in batches, so
 * that someone shown a receipt and watching the counts cannot learn the choice. The page says so, with
 * the time of the batch shown.
 */
export function BatchedCountsNotice({
  updatedAt,
  compact = false,
}: {
  updatedAt: Date | null;
  compact?: boolean;
}) {
  const { t } = useTranslation('elections');
  const when = updatedAt
    ? t('results.batchedLastUpdate', { time: formatElectionTime(updatedAt) })
    : t('results.batchedNoneYet');
  if (compact) {
    return (
      <Text size="sm" c="dimmed" data-testid="batched-counts">
        {t('results.batchedBody')} {when}
      </Text>
    );
  }
  return (
    <Alert
      color="blue"
      icon={<IconClockHour4 aria-hidden />}
      title={t('results.batchedTitle')}
      data-testid="batched-counts"
    >
      <Text size="sm">{t('results.batchedBody')}</Text>
      <Text size="sm" mt={4}>
        {when}
      </Text>
    </Alert>
  );
}
