import { Button, EmptyState, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ElectionStatusBadge } from '../../../components/ElectionStatusBadge';
import { formatElectionTime } from '../../../components/elections/election-dates';
import { usePageMeta } from '../../../lib/page-meta';
import { useTRPC } from '../../../lib/trpc';
import { useLoadFailure } from './use-election-queries';

/** /admin/election-results: every election, newest first, each leading to its results. */
export function AdminElectionResultsListPage() {
  usePageMeta(
    'Election Results',
    'The results of every election, including those not yet visible to voters.',
  );
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.elections.list.queryOptions());
  useLoadFailure(list.error, 'Failed to load elections');
  const elections = list.data ?? [];

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Election Results</Title>
        <Text c="dimmed">Counts are shown to admins whether or not voters can see them yet.</Text>
      </div>
      {list.isPending ? (
        <Skeleton h={240} radius="md" />
      ) : list.isError ? (
        <EmptyState
          icon={<IconChartBar size={32} aria-hidden />}
          title="Failed to load elections"
          description="Check your connection and try again."
        >
          <Button h={44} variant="light" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </EmptyState>
      ) : elections.length === 0 ? (
        <EmptyState
          icon={<IconChartBar size={32} aria-hidden />}
          title="No Elections Found"
          description="Results appear here once an election exists."
        />
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Elections">
          {elections.map((election) => (
            <Paper key={election.id} component="li" withBorder radius="md" p="md">
              <Group justify="space-between" gap="sm">
                <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                  <Group gap="xs">
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {election.title}
                    </Text>
                    <ElectionStatusBadge status={election.status} />
                  </Group>
                  <Text size="sm" c="dimmed">
                    Ends {formatElectionTime(election.endTime)} · {election.voteCount.toLocaleString()}{' '}
                    {election.voteCount === 1 ? 'vote' : 'votes'}
                  </Text>
                </Stack>
                <Button
                  component={Link}
                  to={`/admin/elections/${election.id}/results`}
                  variant="light"
                  h={44}
                  leftSection={<IconChartBar size={18} aria-hidden />}
                  aria-label={`View results of ${election.title}`}
                >
                  View Results
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
