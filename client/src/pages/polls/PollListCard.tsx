import { Badge, Group, Paper, Text } from '@mantine/core';
import type { BilingualText } from '@shared/bilingual';
import type { PollElectionType, PollStatus } from '@shared/polls';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentText } from '../../components/content/ContentText';
import { PollStatusBadge } from './PollStatusBadge';
import { formatPollDay, formatPollMonth } from './poll-format';

export interface PollSummary {
  id: string;
  titleText: BilingualText;
  monthYear: string;
  electionType: PollElectionType;
  status: PollStatus;
  closesAt: Date;
}

/** A poll in a list, the whole card one link to its page. */
export function PollListCard({ poll }: { poll: PollSummary }) {
  const { t } = useTranslation('polls');
  const when = { month: formatPollMonth(poll.monthYear), date: formatPollDay(poll.closesAt) };
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
            <ContentText text={poll.titleText} />
          </Text>
          <Text size="sm" c="dimmed">
            {poll.status === 'closed' ? t('list.closedOn', when) : t('list.closesOn', when)}
          </Text>
        </div>
        <Group gap={6}>
          <Badge variant="outline" color="gray">
            {t(`type.${poll.electionType}`)}
          </Badge>
          <PollStatusBadge status={poll.status} />
        </Group>
      </Group>
    </Paper>
  );
}
