import { Alert, Text } from '@mantine/core';
import type { ElectionTiming } from '@shared/election-rules';
import { IconInfoCircle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatElectionTime } from './election-dates';

/** Why a vote cannot be cast now, in the order a citizen would ask: is it running, has it started, is it over. */
export function closedReason(
  election: ElectionTiming,
  now: Date,
  t: TFunction<'elections'>,
): { title: string; detail: string } {
  if (election.status === 'Closed' || election.status === 'Archived') {
    return {
      title: t('closed.endedTitle'),
      detail: election.status === 'Closed' ? t('closed.closedDetail') : t('closed.archivedDetail'),
    };
  }
  if (election.status !== 'Active') {
    return { title: t('closed.notOpenTitle'), detail: t('closed.notActiveDetail') };
  }
  if (now < election.startTime) {
    return {
      title: t('closed.notStartedTitle'),
      detail: t('closed.opensDetail', { time: formatElectionTime(election.startTime) }),
    };
  }
  return {
    title: t('closed.endedTitle'),
    detail: t('closed.closedAtDetail', { time: formatElectionTime(election.endTime) }),
  };
}

export function VotingClosedNotice({ election, now = new Date() }: { election: ElectionTiming; now?: Date }) {
  const { t } = useTranslation('elections');
  const reason = closedReason(election, now, t);
  return (
    <Alert color="gray" icon={<IconInfoCircle aria-hidden />} title={reason.title}>
      <Text size="sm">{reason.detail}</Text>
    </Alert>
  );
}
