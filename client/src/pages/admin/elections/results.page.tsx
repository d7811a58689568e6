import { Alert, Button, EmptyState, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconChartBar, IconEye, IconEyeOff, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatElectionTime } from '../../../components/elections/election-dates';
import { ResultsBar } from '../../../components/elections/ResultsBar';
import { ResultsTable } from '../../../components/elections/ResultsTable';
import { usePageMeta } from '../../../lib/page-meta';
import { useTRPC } from '../../../lib/trpc';
import {
  ElectionNotFound,
  ElectionPageHeader,
  isMissingElection,
  useAdminElection,
} from './ElectionPageHeader';
import { useLoadFailure } from './use-election-queries';

type Results = NonNullable<ReturnType<typeof useElectionResults>['data']>;

function useElectionResults(electionId: string) {
  const trpc = useTRPC();
  return useQuery(trpc.admin.elections.results.queryOptions({ electionId }));
}

/** SPEC §4: admins always see the counts; this says whether voters can, and why not. */
function VisibilityNotice({ results }: { results: Results }) {
  if (results.resultsVisibleToVoters) {
    return (
      <Alert color="green" icon={<IconEye aria-hidden />} title="Voters can see these results">
        They are shown on the public results page.
      </Alert>
    );
  }
  const reason = results.election.hideResultsUntilClose
    ? '“Hide results until close” is on: voters will see them once the election has ended.'
    : '“Results visible” is off for this election: edit the election to publish them.';
  return (
    <Alert color="yellow" icon={<IconEyeOff aria-hidden />} title="Voters cannot see these results yet">
      {reason}
    </Alert>
  );
}

function noVotesYet(candidates: number): string {
  if (candidates === 0) return 'This election has no candidates yet.';
  if (candidates === 1) return 'Nobody has voted for the one candidate on the ballot yet.';
  return `Nobody has voted yet for any of the ${candidates} candidates on the ballot.`;
}

/** /admin/elections/{id}/results: counts and shares even while they are hidden from voters. */
export function AdminElectionResultsPage() {
  const electionId = useParams().electionId ?? '';
  const election = useAdminElection(electionId);
  const results = useElectionResults(electionId);
  usePageMeta(
    election.data ? `Results – ${election.data.title}` : 'Election Results',
    'Vote counts and shares of an election, including results not yet visible to voters.',
  );
  useLoadFailure(
    results.error && !isMissingElection(results.error) ? results.error : null,
    'Failed to load election results',
  );

  if (isMissingElection(election.error)) return <ElectionNotFound />;
  const data = results.data;

  return (
    <Stack gap="lg">
      <ElectionPageHeader election={election.data} section="results" heading="Results" />
      {results.isPending ? (
        <Skeleton h={260} radius="md" />
      ) : !data ? (
        <EmptyState
          icon={<IconChartBar size={32} aria-hidden />}
          title="Failed to load election results"
          description="Check your connection and try again."
        >
          <Button h={44} variant="light" onClick={() => void results.refetch()}>
            Try again
          </Button>
        </EmptyState>
      ) : (
        <>
          <VisibilityNotice results={data} />
          <Paper withBorder radius="md" p="md">
            <Group justify="space-between" align="center">
              <Stack gap={0}>
                <Text size="sm" c="dimmed">
                  Total votes
                </Text>
                <Text fz={28} fw={700} data-testid="total-votes">
                  {data.total.toLocaleString()}
                </Text>
                <Text size="xs" c="dimmed">
                  Last updated {formatElectionTime(data.lastUpdated)}
                </Text>
              </Stack>
              <Button
                variant="light"
                h={44}
                leftSection={<IconRefresh size={18} aria-hidden />}
                loading={results.isFetching}
                onClick={() => void results.refetch()}
              >
                Refresh
              </Button>
            </Group>
          </Paper>
          {data.total === 0 ? (
            <EmptyState
              icon={<IconChartBar size={32} aria-hidden />}
              title="No Votes Cast"
              description={noVotesYet(data.rows.length)}
            />
          ) : (
            <Stack gap="md" component="section" aria-label="Results">
              <ResultsBar rows={data.rows} />
              <ResultsTable rows={data.rows} total={data.total} />
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
