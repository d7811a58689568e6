import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheckbox } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { RouterOutputs } from '../../../../server/routers/_app';
import { hasEnded, isVotingOpen } from '../../../../shared/election-rules';
import { CandidateList } from '../../components/elections/CandidateList';
import { ElectionHeader } from '../../components/elections/ElectionHeader';
import {
  BackTo,
  ElectionLoadFailure,
  ElectionNotFound,
  ElectionPageLoading,
  SignInPrompt,
} from '../../components/elections/ElectionPageStates';
import { formatElectionTime } from '../../components/elections/election-dates';
import { isMissingElection } from '../../components/elections/query-errors';
import { VoteReceipt } from '../../components/elections/VoteReceipt';
import { closedReason } from '../../components/elections/VotingClosedNotice';
import { PageContainer } from '../../components/PageContainer';
import { useAuth } from '../../lib/auth';
import { usePageMeta } from '../../lib/page-meta';
import { useTRPC } from '../../lib/trpc';

type ElectionDetails = RouterOutputs['elections']['byId'];

export function ElectionDetailsPage() {
  const { id = '' } = useParams();
  const trpc = useTRPC();
  const election = useQuery(trpc.elections.byId.queryOptions({ id }));
  if (election.isPending) return <ElectionPageLoading title="Election" />;
  if (election.isError) {
    if (isMissingElection(election.error)) return <ElectionNotFound />;
    return (
      <ElectionLoadFailure
        title="Failed to load election"
        error={election.error}
        onRetry={() => void election.refetch()}
      />
    );
  }
  return <ElectionDetailsView election={election.data} />;
}

function ElectionDetailsView({ election }: { election: ElectionDetails }) {
  usePageMeta(election.title, election.description ?? `Dates, candidates and results of ${election.title}.`);
  const { user, isAdmin, loading } = useAuth();
  const now = new Date();
  const open = isVotingOpen(election, now);
  const resultsShown = election.resultsVisibleToVoters || isAdmin;

  return (
    <PageContainer size="md">
      <Stack gap="lg">
        <BackTo to="/elections">All elections</BackTo>
        <ElectionHeader election={election} />
        {election.description && <Text style={{ whiteSpace: 'pre-line' }}>{election.description}</Text>}

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Card withBorder padding="md">
            <Text size="sm" c="dimmed">
              Voting opens
            </Text>
            <Text fw={600}>{formatElectionTime(election.startTime)}</Text>
          </Card>
          <Card withBorder padding="md">
            <Text size="sm" c="dimmed">
              Voting closes
            </Text>
            <Text fw={600}>{formatElectionTime(election.endTime)}</Text>
          </Card>
        </SimpleGrid>

        <section aria-labelledby="your-vote">
          <Title order={2} fz="xl" mb="sm" id="your-vote">
            Your vote
          </Title>
          {election.myVote ? (
            <VoteReceipt receiptId={election.myVote.receiptId} votedAt={election.myVote.createdAt} />
          ) : open ? (
            loading ? null : user ? (
              <Alert color="green" icon={<IconCheckbox aria-hidden />} title="Voting is open">
                <Text size="sm">You have not voted in this election yet.</Text>
                <Button component={Link} to={`/vote/${election.id}`} mt="sm" h={44}>
                  Vote Now
                </Button>
              </Alert>
            ) : (
              <SignInPrompt>Voting is open. Sign in with your Codka account to cast your vote.</SignInPrompt>
            )
          ) : (
            <Text>
              {user && hasEnded(election, now) ? 'You did not vote in this election. ' : ''}
              {closedReason(election, now).detail}
            </Text>
          )}
        </section>

        <section aria-labelledby="results-link">
          <Title order={2} fz="xl" mb="sm" id="results-link">
            Results
          </Title>
          {resultsShown ? (
            <Group gap="sm">
              <Button component={Link} to={`/results/${election.id}`} variant="light" h={44}>
                View Results
              </Button>
              {!election.resultsVisibleToVoters && (
                <Text size="sm" c="dimmed">
                  Voters cannot see these results yet.
                </Text>
              )}
            </Group>
          ) : (
            <Text>
              Results will be published when the election's rules allow: once voting has closed, or when the
              electoral body releases them.
            </Text>
          )}
        </section>

        <section aria-labelledby="candidates">
          <Title order={2} fz="xl" mb="sm" id="candidates">
            Candidates
          </Title>
          <CandidateList candidates={election.candidates} />
        </section>
      </Stack>
    </PageContainer>
  );
}
