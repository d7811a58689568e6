import { ActionIcon, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconPencil, IconTrash, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ElectionStatusBadge } from '../../../components/ElectionStatusBadge';
import { formatElectionTime } from '../../../components/elections/election-dates';
import type { AdminElection } from './election-form';

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString()} ${count === 1 ? one : many}`;

interface ElectionCardProps {
  election: AdminElection;
  onEdit(): void;
  onDelete(): void;
}

/** One election on /admin/elections: what it is, when it runs, how far it has got, and what to do with it. */
export function ElectionCard({ election, onEdit, onDelete }: ElectionCardProps) {
  const headingId = `election-${election.id}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} fz="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {election.title}
          </Title>
          <Box style={{ flex: 'none' }}>
            <ElectionStatusBadge status={election.status} />
          </Box>
        </Group>
        {election.description && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {election.description}
          </Text>
        )}
        <Stack gap={2}>
          <Text size="sm">
            <Text span fw={600}>
              Starts:
            </Text>{' '}
            {formatElectionTime(election.startTime)}
          </Text>
          <Text size="sm">
            <Text span fw={600}>
              Ends:
            </Text>{' '}
            {formatElectionTime(election.endTime)}
          </Text>
        </Stack>
        <Text size="sm" c="dimmed">
          {plural(election.candidateCount, 'candidate', 'candidates')} ·{' '}
          {plural(election.voteCount, 'vote', 'votes')}
        </Text>
        <Group gap="xs" mt="auto" justify="space-between">
          <Group gap="xs">
            <Button
              component={Link}
              to={`/admin/elections/${election.id}/candidates`}
              variant="light"
              h={44}
              leftSection={<IconUsers size={18} aria-hidden />}
              aria-label={`Candidates of ${election.title}`}
            >
              Candidates
            </Button>
            <Button
              component={Link}
              to={`/admin/elections/${election.id}/results`}
              variant="light"
              h={44}
              leftSection={<IconChartBar size={18} aria-hidden />}
              aria-label={`Results of ${election.title}`}
            >
              Results
            </Button>
          </Group>
          <Group gap={4}>
            <ActionIcon variant="subtle" size={44} aria-label={`Edit ${election.title}`} onClick={onEdit}>
              <IconPencil size={20} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              size={44}
              aria-label={`Delete ${election.title}`}
              onClick={onDelete}
            >
              <IconTrash size={20} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
