import { Alert, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ElectionTiming } from '../../../../shared/election-rules';
import { formatElectionTime } from './election-dates';

/** Why a vote cannot be cast now, in the order a citizen would ask: is it running, has it started, is it over. */
export function closedReason(election: ElectionTiming, now: Date): { title: string; detail: string } {
  if (election.status === 'Closed' || election.status === 'Archived') {
    return { title: 'Voting has ended', detail: `This election is ${election.status.toLowerCase()}.` };
  }
  if (election.status !== 'Active') {
    return { title: 'Voting is not open', detail: 'This election is not active yet.' };
  }
  if (now < election.startTime) {
    return {
      title: 'Voting has not started',
      detail: `Voting opens ${formatElectionTime(election.startTime)}.`,
    };
  }
  return { title: 'Voting has ended', detail: `Voting closed ${formatElectionTime(election.endTime)}.` };
}

export function VotingClosedNotice({ election, now = new Date() }: { election: ElectionTiming; now?: Date }) {
  const reason = closedReason(election, now);
  return (
    <Alert color="gray" icon={<IconInfoCircle aria-hidden />} title={reason.title}>
      <Text size="sm">{reason.detail}</Text>
    </Alert>
  );
}
