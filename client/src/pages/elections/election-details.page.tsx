import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { RouterOutputs } from '@server/routers/_app';
import { hasEnded, isVotingOpen } from '@shared/election-rules';
import { IconCheckbox } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ContentText, useContentText } from '../../components/content/ContentText';
import { CandidateList } from '../../components/elections/CandidateList';
import { ElectionHeader } from '../../components/elections/ElectionHeader';
import {
  BackTo,
  ElectionLoadFailure,
  ElectionNotFound,
  ElectionPageLoading,
  SignInPrompt,
} from '../../components/elections/ElectionPageStates';
import { EligibilityNotice, WhoCanVote } from '../../components/elections/EligibilityNotice';
import { formatElectionTime } from '../../components/elections/election-dates';
import { isMissingCode, isMissingElection } from '../../components/elections/query-errors';
import { TrackerReceipt } from '../../components/elections/TrackerReceipt';
import { VerifiableMark } from '../../components/elections/VerifiableMark';
import { VoteReceipt } from '../../components/elections/VoteReceipt';
import { closedReason } from '../../components/elections/VotingClosedNotice';
import { PageContainer } from '../../components/PageContainer';
import { useNow } from '../../lib/clock';
import { useVoteEligibility } from '../../lib/eligibility';
import { type PageData, type PageNotFound, usePageNotFound } from '../../lib/page-data';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader, type PageRoute, serverPageLoader } from '../../lib/page-route';
import { useReaderOf } from '../../lib/reader-view';
import { routeComponent } from '../../lib/route-component';
import { useTRPC } from '../../lib/trpc';
import { electionQuery } from './election-queries';

type ElectionDetails = RouterOutputs['elections']['byId'];

/** The first view: the election with its candidates (a signed-in citizen's own vote comes after hydration). */
export const pageData: PageData = ({ params, trpc }) => [electionQuery(trpc, params.id ?? '')];

/** No published election by that id (unknown, a draft, not an id): 404, with ElectionNotFound. */
export const notFound: PageNotFound = ({ params, trpc, answer }) =>
  isMissingCode(answer(electionQuery(trpc, params.id ?? '')).failedWith);

export function ElectionDetailsPage() {
  const { t } = useTranslation('elections');
  const { id = '' } = useParams();
  const trpc = useTRPC();
  // The server found no such election (its HTML says so): nothing to ask for.
  const missing = usePageNotFound();
  const election = useQuery({ ...electionQuery(trpc, id), enabled: !missing });
  if (missing) return <ElectionNotFound />;
  if (election.isPending) return <ElectionPageLoading title={t('details.pageTitle')} />;
  if (election.isError) {
    if (isMissingElection(election.error)) return <ElectionNotFound />;
    return (
      <ElectionLoadFailure
        title={t('details.failed')}
        error={election.error}
        onRetry={() => void election.refetch()}
      />
    );
  }
  return <ElectionDetailsView election={election.data} query={election} />;
}

interface DetailsQuery {
  dataUpdatedAt: number;
  isFetching: boolean;
  isFetchedAfterMount: boolean;
}

function ElectionDetailsView({ election, query }: { election: ElectionDetails; query: DetailsQuery }) {
  const { t } = useTranslation('elections');
  // In the reader's language, as the preview's locale says, the election's own title too where it has one.
  const title = useContentText()(election.titleText);
  usePageMeta(title, t('details.metaDescription', { title }));
  // Until a signed-in citizen's own answer (their vote) arrives, the page stays as the server rendered it.
  const { user, isAdmin, loading } = useReaderOf(query);
  const now = useNow(query.dataUpdatedAt);
  const open = isVotingOpen(election, now);
  const resultsShown = election.resultsVisibleToVoters || isAdmin;

  return (
    <PageContainer size="md">
      <Stack gap="lg">
        <BackTo to="/elections">{t('states.allElections')}</BackTo>
        <ElectionHeader election={election} now={now} />
        {election.counting === 'verifiable' &&
          (election.archive ? <VerifiableMark archive={election.archive} /> : <VerifiableMark badge />)}
        <WhoCanVote requirement={election} />
        {election.description && (
          <Text style={{ whiteSpace: 'pre-line' }}>
            <ContentText text={election.descriptionText} />
          </Text>
        )}

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Card withBorder padding="md">
            <Text size="sm" c="dimmed">
              {t('details.opens')}
            </Text>
            <Text fw={600}>{formatElectionTime(election.startTime)}</Text>
          </Card>
          <Card withBorder padding="md">
            <Text size="sm" c="dimmed">
              {t('details.closes')}
            </Text>
            <Text fw={600}>{formatElectionTime(election.endTime)}</Text>
          </Card>
        </SimpleGrid>

        <section aria-labelledby="your-vote">
          <Title order={2} fz="xl" mb="sm" id="your-vote">
            {t('details.yourVote')}
          </Title>
          {election.myVote ? (
            <VoteReceipt receiptId={election.myVote.receiptId} votedAt={election.myVote.createdAt} />
          ) : election.myBallot ? (
            <TrackerReceipt tracker={election.myBallot.tracker} electionId={election.id} />
          ) : open ? (
            loading ? null : user ? (
              <OpenForYou election={election} />
            ) : (
              <SignInPrompt>{t('details.signIn')}</SignInPrompt>
            )
          ) : (
            <Text>
              {user && hasEnded(election, now) ? `${t('details.didNotVote')} ` : ''}
              {closedReason(election, now, t).detail}
            </Text>
          )}
        </section>

        <section aria-labelledby="results-link">
          <Title order={2} fz="xl" mb="sm" id="results-link">
            {t('details.results')}
          </Title>
          {resultsShown ? (
            <Group gap="sm">
              <Button component={Link} to={`/results/${election.id}`} variant="light" h={44}>
                {t('actions.results')}
              </Button>
              {!election.resultsVisibleToVoters && (
                <Text size="sm" c="dimmed">
                  {t('details.votersCannotSee')}
                </Text>
              )}
            </Group>
          ) : (
            <Text>{t('details.resultsLater')}</Text>
          )}
        </section>

        <section aria-labelledby="candidates">
          <Title order={2} fz="xl" mb="sm" id="candidates">
            {t('details.candidates')}
          </Title>
          <CandidateList candidates={election.candidates} />
        </section>
      </Stack>
    </PageContainer>
  );
}

/** An open election for a signed-in reader who has not voted: the way to the ballot, or why they may not vote. */
function OpenForYou({ election }: { election: ElectionDetails }) {
  const { t } = useTranslation('elections');
  const eligibility = useVoteEligibility(election);
  if (!eligibility.known) return <Skeleton height={96} />;
  if (eligibility.reason) {
    return (
      <EligibilityNotice
        reason={eligibility.reason}
        requirement={election}
        region={eligibility.region}
        ballot="election"
      />
    );
  }
  return (
    <Alert color="green" icon={<IconCheckbox aria-hidden />} title={t('details.openTitle')}>
      <Text size="sm">{t('details.notVotedYet')}</Text>
      <Button component={Link} to={`/vote/${election.id}`} mt="sm" h={44}>
        {t('actions.vote')}
      </Button>
    </Alert>
  );
}

/** The page's texts and first view, on the server and after a link (lib/page-route.ts). */
const thisPage: PageRoute = { texts: ['elections', 'eligibility', 'errors'], pageData, notFound };
export const loader = serverPageLoader(thisPage);
export const clientLoader = browserPageLoader(thisPage);

export default routeComponent(ElectionDetailsPage);
