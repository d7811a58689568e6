import { Alert, Button, EmptyState, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconChartBar, IconEye, IconEyeOff, IconLock, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { StepUpGate } from '../../../components/auth/StepUpGate';
import { useContentText } from '../../../components/content/ContentText';
import { ResultsBar } from '../../../components/elections/ResultsBar';
import { ResultsTable } from '../../../components/elections/ResultsTable';
import { formatEatTime, formatNumber } from '../../../i18n/format';
import { usePageMeta } from '../../../lib/page-meta';
import { browserPageLoader } from '../../../lib/page-route';
import { routeComponent } from '../../../lib/route-component';
import { useTRPC } from '../../../lib/trpc';
import {
  ElectionNotFound,
  ElectionPageHeader,
  isMissingElection,
  useAdminElection,
} from './ElectionPageHeader';
import { TurnoutByRegion } from './TurnoutByRegion';
import { useLoadFailure } from './use-election-queries';

type Results = NonNullable<ReturnType<typeof useElectionResults>['data']>;

function useElectionResults(electionId: string) {
  const trpc = useTRPC();
  return useQuery(trpc.admin.elections.results.queryOptions({ electionId }));
}

/** docs/product.md#results-visibility: admins always see the counts; this says whether voters can, and why not. */
function VisibilityNotice({ results }: { results: Results }) {
  const { t } = useTranslation('adminElections');
  if (results.resultsVisibleToVoters) {
    return (
      <Alert color="green" icon={<IconEye aria-hidden />} title={t('results.visibleTitle')}>
        {t('results.visibleBody')}
      </Alert>
    );
  }
  const reason = results.election.hideResultsUntilClose
    ? t('results.hiddenUntilClose')
    : t('results.hiddenOff');
  return (
    <Alert color="yellow" icon={<IconEyeOff aria-hidden />} title={t('results.hiddenTitle')}>
      {reason}
    </Alert>
  );
}

/**
 * /admin/elections/{id}/results: counts and shares even while they are hidden from voters; a verifiable
 * election's once its trustees have decrypted them, and until then how many ballots wait.
 */
export function AdminElectionResultsPage() {
  return (
    <StepUpGate>
      <AdminElectionResultsContent />
    </StepUpGate>
  );
}

function AdminElectionResultsContent() {
  const { t } = useTranslation(['adminElections', 'common']);
  const contentText = useContentText();
  const electionId = useParams().electionId ?? '';
  const election = useAdminElection(electionId);
  const results = useElectionResults(electionId);
  usePageMeta(
    election.data
      ? t('results.metaTitle', { title: contentText(election.data.titleText) })
      : t('results.metaTitleBare'),
    t('results.metaDescription'),
  );
  useLoadFailure(
    results.error && !isMissingElection(results.error) ? results.error : null,
    t('results.loadFailed'),
  );

  if (isMissingElection(election.error)) return <ElectionNotFound />;
  const data = results.data;

  return (
    <Stack gap="lg">
      <ElectionPageHeader election={election.data} section="results" heading={t('results.heading')} />
      {results.isPending ? (
        <Skeleton h={260} radius="md" />
      ) : !data ? (
        <EmptyState
          icon={<IconChartBar size={32} aria-hidden />}
          title={t('results.loadFailed')}
          description={t('checkConnection')}
        >
          <Button h={44} variant="light" onClick={() => void results.refetch()}>
            {t('common:errors.tryAgain')}
          </Button>
        </EmptyState>
      ) : (
        <>
          <VisibilityNotice results={data} />
          <Paper withBorder radius="md" p="md">
            <Group justify="space-between" align="center">
              <Stack gap={0}>
                <Text size="sm" c="dimmed">
                  {t('results.totalVotes')}
                </Text>
                <Text fz={28} fw={700} data-testid="total-votes">
                  {formatNumber(data.cast)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('results.lastUpdated', { time: formatEatTime(data.lastUpdated) })}
                </Text>
              </Stack>
              <Button
                variant="light"
                h={44}
                leftSection={<IconRefresh size={18} aria-hidden />}
                loading={results.isFetching}
                onClick={() => void results.refetch()}
              >
                {t('results.refresh')}
              </Button>
            </Group>
          </Paper>
          {data.awaitingTrustees ? (
            <Alert color="blue" icon={<IconLock aria-hidden />} title={t('results.awaitingTrusteesTitle')}>
              {t('results.awaitingTrusteesBody', { count: data.cast, number: formatNumber(data.cast) })}
            </Alert>
          ) : data.total === 0 ? (
            <EmptyState
              icon={<IconChartBar size={32} aria-hidden />}
              title={t('results.noVotesTitle')}
              description={
                data.rows.length === 0
                  ? t('results.noCandidates')
                  : t('results.noVotesYet', {
                      count: data.rows.length,
                      number: formatNumber(data.rows.length),
                    })
              }
            />
          ) : (
            <Stack gap="md" component="section" aria-label={t('results.ariaLabel')}>
              <ResultsBar rows={data.rows} />
              <ResultsTable rows={data.rows} total={data.total} />
            </Stack>
          )}
          {data.turnout && <TurnoutByRegion turnout={data.turnout} />}
        </>
      )}
    </Stack>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['adminElections', 'eligibility', 'elections'] });

export default routeComponent(AdminElectionResultsPage);
