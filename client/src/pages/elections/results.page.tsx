import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { RouterOutputs } from '@server/routers/_app';
import { IconEyeOff, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BatchedCountsNotice } from '../../components/elections/BatchedCountsNotice';
import { ElectionHeader } from '../../components/elections/ElectionHeader';
import {
  BackTo,
  ElectionLoadFailure,
  ElectionNotFound,
  ElectionPageLoading,
} from '../../components/elections/ElectionPageStates';
import { ElectionRecordNotice } from '../../components/elections/ElectionRecordNotice';
import { ElectionResults } from '../../components/elections/ElectionResults';
import { errorCode, isMissingCode } from '../../components/elections/query-errors';
import { VerifiableMark } from '../../components/elections/VerifiableMark';
import { PageContainer } from '../../components/PageContainer';
import { loadNamespaces } from '../../i18n';
import { useNow } from '../../lib/clock';
import { type PageData, type PageNotFound, usePageNotFound } from '../../lib/page-data';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader, type PageRoute, serverPageLoader } from '../../lib/page-route';
import { Slice } from '../../lib/slice';
import { useTRPC } from '../../lib/trpc';
import { ballotKindQuery, electionResultsQuery } from './election-queries';
// A poll's result bars' styles with the page's (linked in its head): the server renders them before their code.
import '../polls/ResultsBars.module.css';
import { useContentText } from '../../components/content/ContentText';
import { routeComponent } from '../../lib/route-component';

// docs/product.md#results-pages: /results/{pollId} is the poll's history view; it loads only when the id turns out to
// be a poll,
// its texts (polls) with it.
const PollResultsView = lazy(() =>
  Promise.all([import('../polls/PollResultsView'), loadNamespaces('polls')]).then(([m]) => ({
    default: m.PollResultsView,
  })),
);

type ResultsAnswer = RouterOutputs['elections']['results'];

/** Running elections are re-counted every minute while the page is open. */
const LIVE_REFRESH_MS = 60_000;

/** The first view: what the id names, then its results as a visitor may see them (hidden ones never). */
export const pageData: PageData = ({ params, trpc }) => [ballotKindQuery(trpc, params.id ?? '')];

/** The id names no published election or poll: 404, with ElectionNotFound (as the page shows it). */
export const notFound: PageNotFound = ({ params, trpc, answer }) => {
  const id = params.id ?? '';
  const kind = answer(ballotKindQuery(trpc, id));
  if (kind.failedWith === 'BAD_REQUEST' || kind.data?.kind === null) return true;
  return kind.data?.kind === 'election' && isMissingCode(answer(electionResultsQuery(trpc, id)).failedWith);
};

export function ResultsPage() {
  const { t } = useTranslation('elections');
  const { id = '' } = useParams();
  const trpc = useTRPC();
  // The server found nothing by this id (its HTML says so): nothing to ask for.
  const missing = usePageNotFound();
  // Ask what the id is first, so a poll id never costs a failed election request.
  const kind = useQuery({ ...ballotKindQuery(trpc, id), enabled: !missing });
  const answer = useQuery({
    ...electionResultsQuery(trpc, id),
    enabled: kind.data?.kind === 'election',
    refetchInterval: (query) =>
      query.state.data?.election.status === 'Active' && query.state.data.results ? LIVE_REFRESH_MS : false,
  });

  if (missing) return <ElectionNotFound />;
  if (kind.isError && errorCode(kind.error) === 'BAD_REQUEST') return <ElectionNotFound />;
  if (kind.data?.kind === null) return <ElectionNotFound />;
  if (kind.data?.kind === 'poll') {
    return (
      <Slice fallback={<ElectionPageLoading title={t('results.pageTitle')} />}>
        <PollResultsView pollId={id} />
      </Slice>
    );
  }
  if (kind.isError) {
    return (
      <ElectionLoadFailure
        title={t('results.failed')}
        error={kind.error}
        onRetry={() => void kind.refetch()}
      />
    );
  }
  if (answer.isPending) return <ElectionPageLoading title={t('results.pageTitle')} />;
  if (answer.isError) {
    const code = errorCode(answer.error);
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') return <ElectionNotFound />;
    return (
      <ElectionLoadFailure
        title={t('results.failed')}
        error={answer.error}
        onRetry={() => void answer.refetch()}
      />
    );
  }
  return <ResultsView answer={answer.data} readAt={answer.dataUpdatedAt} />;
}

function ResultsView({ answer, readAt }: { answer: ResultsAnswer; readAt: number }) {
  const { t } = useTranslation('elections');
  const now = useNow(readAt);
  const { election, results } = answer;
  const contentText = useContentText();
  const title = contentText(election.titleText);
  usePageMeta(t('results.metaTitle', { title }), t('results.metaDescription', { title }));
  return (
    <PageContainer size="md">
      <Stack gap="lg">
        <BackTo to="/elections">{t('states.allElections')}</BackTo>
        <ElectionHeader election={election} eyebrow={t('results.pageTitle')} now={now} />
        {results && !answer.resultsVisibleToVoters && (
          <Alert color="yellow" icon={<IconEyeOff aria-hidden />} title={t('results.hiddenTitle')}>
            {t('results.hiddenBody')}
          </Alert>
        )}
        {results && answer.countsInBatches && <BatchedCountsNotice updatedAt={answer.countsUpdatedAt} />}
        {results ? (
          <ElectionResults
            results={results}
            lastUpdated={answer.countsInBatches ? answer.countsUpdatedAt : answer.lastUpdated}
            turnout={answer.turnout}
          />
        ) : (
          <Alert color="blue" icon={<IconLock aria-hidden />} title={t('results.notPublishedTitle')}>
            <Text size="sm">{t('results.notPublishedBody')}</Text>
          </Alert>
        )}
        {answer.verifiable && answer.archive && <VerifiableMark archive={answer.archive} />}
        {answer.record && <ElectionRecordNotice electionId={election.id} record={answer.record} />}
        <Group gap="sm">
          <Button component={Link} to={`/election/${election.id}`} variant="default" h={44}>
            {t('actions.details')}
          </Button>
          <Button component={Link} to="/verified-results" variant="light" h={44}>
            {t('actions.verifiedResults')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          <Trans
            t={t}
            i18nKey="results.checkReceipt"
            components={[<Anchor key="verify" component={Link} to="/verify" />]}
          />
        </Text>
        <Text size="sm" c="dimmed">
          <Trans
            t={t}
            i18nKey="results.openData"
            components={[<Anchor key="open-data" component={Link} to="/open-data" />]}
          />
        </Text>
      </Stack>
    </PageContainer>
  );
}

/** The page's texts and first view, on the server and after a link (lib/page-route.ts). */
const thisPage: PageRoute = { texts: ['elections', 'errors'], pageData, notFound };
export const loader = serverPageLoader(thisPage);
export const clientLoader = browserPageLoader(thisPage);

export default routeComponent(ResultsPage);
