import { Alert, Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconClockHour4, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import type { RouterOutputs } from '../../../../server/routers/_app';
import { ElectionStatusBadge } from '../../components/ElectionStatusBadge';
import { formatElectionDay } from '../../components/elections/election-dates';
import { ResultsChart } from '../../components/elections/ResultsChart';
import { votesLabel } from '../../components/elections/results-format';
import { PageContainer } from '../../components/PageContainer';
import { failureReason } from '../../lib/notify';
import { usePageMeta } from '../../lib/page-meta';
import { useTRPC } from '../../lib/trpc';

type VerifiedElection = RouterOutputs['elections']['verified'][number];

/** SPEC §4: Closed elections are verified, the others pending. */
export function VerifiedResultsPage() {
  usePageMeta(
    'Verified Results',
    'Results of closed and active elections in Somalia: verified once an election closes, pending until then.',
  );
  const trpc = useTRPC();
  const verified = useQuery(trpc.elections.verified.queryOptions());
  return (
    <PageContainer size="md">
      <Stack gap="lg">
        <div>
          <Title order={1}>Verified Results</Title>
          <Text c="dimmed" mt="xs">
            Results of closed elections are verified; those of elections still running are pending. Counts
            appear once each election's rules allow them to be published. Voted?{' '}
            <Anchor component={Link} to="/verify">
              Verify your receipt
            </Anchor>
            .
          </Text>
        </div>
        {verified.isPending ? (
          <Stack aria-busy="true" aria-label="Loading results">
            <Skeleton height={160} />
            <Skeleton height={160} />
          </Stack>
        ) : verified.isError ? (
          <Alert
            color="red"
            icon={<IconAlertCircle aria-hidden />}
            title="Failed to load elections"
            role="alert"
          >
            <Text size="sm">{failureReason(verified.error)}</Text>
            <Button variant="light" color="red" mt="sm" h={44} onClick={() => void verified.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : verified.data.length === 0 ? (
          <Text ta="center" c="dimmed" fw={600} py="xl" role="status">
            No Elections Available
          </Text>
        ) : (
          verified.data.map((election) => <VerifiedElectionCard key={election.id} election={election} />)
        )}
      </Stack>
    </PageContainer>
  );
}

function VerificationBadge({ verification }: { verification: VerifiedElection['verification'] }) {
  return verification === 'verified' ? (
    <Badge color="green" leftSection={<IconRosetteDiscountCheck size={14} aria-hidden />}>
      Verified
    </Badge>
  ) : (
    <Badge color="yellow" c="dark" leftSection={<IconClockHour4 size={14} aria-hidden />}>
      Pending
    </Badge>
  );
}

function VerifiedElectionCard({ election }: { election: VerifiedElection }) {
  const titleId = useId();
  return (
    <Card component="article" withBorder padding="lg" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Title order={2} fz="lg" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {election.title}
        </Title>
        <Group gap="xs">
          <ElectionStatusBadge status={election.status} />
          <VerificationBadge verification={election.verification} />
        </Group>
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        {formatElectionDay(election.startTime)} – {formatElectionDay(election.endTime)}
        {election.results ? ` · ${votesLabel(election.results.total)}` : ''}
      </Text>
      <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
        {election.results === null ? (
          <Text size="sm">Results are not published yet.</Text>
        ) : election.results.total === 0 ? (
          <Text size="sm">No Votes Cast</Text>
        ) : (
          <ResultsChart rows={election.results.rows} />
        )}
      </div>
      <Group gap="sm" mt="md">
        {election.results && (
          <Button component={Link} to={`/results/${election.id}`} variant="light" h={44}>
            Full results
          </Button>
        )}
        <Button component={Link} to={`/election/${election.id}`} variant="default" h={44}>
          View Details
        </Button>
      </Group>
    </Card>
  );
}
