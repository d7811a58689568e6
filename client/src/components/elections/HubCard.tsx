import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { HubAction } from '@shared/election-rules';
import type { ElectionStatus } from '@shared/elections';
import { IconCircleCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ElectionStatusBadge } from '../ElectionStatusBadge';
import { DaysLeftBadge } from './DaysLeftBadge';
import { formatElectionDay } from './election-dates';

export interface HubCardItem {
  id: string;
  title: string;
  description: string | null;
  status: ElectionStatus;
  startTime: Date;
  endTime: Date;
  hasVoted?: boolean;
}

interface ActionButton {
  label: 'actions.vote' | 'actions.results' | 'actions.details' | 'actions.viewMyVote';
  path: string;
  variant: string;
}

const ACTION_BUTTONS: Record<HubAction, ActionButton> = {
  vote: { label: 'actions.vote', path: '/vote', variant: 'filled' },
  results: { label: 'actions.results', path: '/results', variant: 'light' },
  details: { label: 'actions.details', path: '/election', variant: 'default' },
};

const VIEW_MY_VOTE: ActionButton = { label: 'actions.viewMyVote', path: '/vote', variant: 'light' };

/** One election (or poll shown as one) on the /elections hub; its buttons are the actions the server allows. */
export function HubCard({ item, actions }: { item: HubCardItem; actions: HubAction[] }) {
  const { t } = useTranslation('elections');
  const titleId = useId();
  return (
    <Card component="article" withBorder padding="lg" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Title order={3} fz="lg" id={titleId}>
          {item.title}
        </Title>
        {/* The badge keeps its width; the title wraps instead. */}
        <div style={{ flex: 'none' }}>
          <ElectionStatusBadge status={item.status} />
        </div>
      </Group>
      {item.description && (
        <Text size="sm" c="dimmed" mt="xs" lineClamp={2}>
          {item.description}
        </Text>
      )}
      <Stack gap={2} mt="sm">
        <Text size="sm">
          <Text span fw={600}>
            {t('hub.starts')}
          </Text>{' '}
          {formatElectionDay(item.startTime)}
        </Text>
        <Text size="sm">
          <Text span fw={600}>
            {t('hub.ends')}
          </Text>{' '}
          {formatElectionDay(item.endTime)}
        </Text>
      </Stack>
      <Group gap="xs" mt="sm">
        <DaysLeftBadge election={item} />
        {item.hasVoted && (
          <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={12} aria-hidden />}>
            {t('hub.youVoted')}
          </Badge>
        )}
      </Group>
      <Stack gap="xs" mt="auto" pt="md">
        {actions.map((action) => {
          // Voting again is refused anyway: a voted election's vote page shows the receipt instead.
          const button = action === 'vote' && item.hasVoted ? VIEW_MY_VOTE : ACTION_BUTTONS[action];
          return (
            <Button
              key={action}
              component={Link}
              to={`${button.path}/${item.id}`}
              variant={button.variant}
              fullWidth
              h={44}
              aria-label={t('hub.actionFor', { action: t(button.label), title: item.title })}
            >
              {t(button.label)}
            </Button>
          );
        })}
      </Stack>
    </Card>
  );
}
