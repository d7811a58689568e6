import { Badge, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { POLL_TYPE_LABELS, pollDateLabel, pollMonthLabel } from '../../../../shared/poll-rules';
import type { PollElectionType, PollStatus } from '../../../../shared/polls';
import { PollStatusBadge } from './PollStatusBadge';

export interface PollSummary {
  id: string;
  title: string;
  monthYear: string;
  electionType: PollElectionType;
  status: PollStatus;
  closesAt: Date;
}

/** A poll in a list, the whole card one link to its page. */
export function PollListCard({ poll }: { poll: PollSummary }) {
  return (
    <Paper
      component={Link}
      to={`/polls/presidential/history/${poll.id}`}
      withBorder
      radius="md"
      p="md"
      style={{ display: 'block', color: 'inherit', textDecoration: 'none' }}
    >
      <Group justify="space-between" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {poll.title}
          </Text>
          <Text size="sm" c="dimmed">
            {pollMonthLabel(poll.monthYear)} · {poll.status === 'closed' ? 'closed' : 'closes'}{' '}
            {pollDateLabel(poll.closesAt)}
          </Text>
        </div>
        <Group gap={6}>
          <Badge variant="outline" color="gray">
            {POLL_TYPE_LABELS[poll.electionType]}
          </Badge>
          <PollStatusBadge status={poll.status} />
        </Group>
      </Group>
    </Paper>
  );
}
