import { Alert, Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { RouterOutputs } from '@server/routers/_app';
import { IconAlertCircle, IconClockHour4, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentText } from '../../components/content/ContentText';
import { ElectionStatusBadge } from '../../components/ElectionStatusBadge';
import { BatchedCountsNotice } from '../../components/elections/BatchedCountsNotice';
import { formatElectionDay } from '../../components/elections/election-dates';
import { ResultsChart } from '../../components/elections/ResultsChart';
import { useVotesLabel } from '../../components/elections/results-format';
import { useTurnoutLine } from '../../components/elections/Turnout';
import { PageContainer } from '../../components/PageContainer';
import { failureReason } from '../../lib/notify';
import type { PageData } from '../../lib/page-data';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader, type PageRoute, serverPageLoader } from '../../lib/page-route';
import { routeComponent } from '../../lib/route-component';
import { useTRPC } from '../../lib/trpc';
import { verifiedResultsQuery } from './election-queries';

type VerifiedElection = RouterOutputs['elections']['verified'][number];

/** The first view: every closed and running election with its public results. */
export const pageData: PageData = ({ trpc }) => [verifiedResultsQuery(trpc)];

/** docs/product.md#verified-results: Closed elections are verified, the others pending. */
export function VerifiedResultsPage() {
  const { t } = useTranslation('elections');
  usePageMeta(t('verified.title'), t('verified.metaDescription'));
  const trpc = useTRPC();
  const verified = useQuery(verifiedResultsQuery(trpc));
  return (
    <PageContainer size="md">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('verified.title')}</Title>
          <Text c="dimmed" mt="xs">
            <Trans
              t={t}
              i18nKey="verified.intro"
              components={[<Anchor key="verify" component={Link} to="/verify" />]}
            />
          </Text>
        </div>
        {verified.isPending ? (
          <Stack aria-busy="true" aria-label={t('verified.loading')}>
            <Skeleton height={160} />
            <Skeleton height={160} />
          </Stack>
        ) : verified.isError ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('verified.failed')} role="alert">
            <Text size="sm">{failureReason(verified.error)}</Text>
            <Button variant="light" color="red" mt="sm" h={44} onClick={() => void verified.refetch()}>
              {t('states.tryAgain')}
            </Button>
          </Alert>
        ) : verified.data.length === 0 ? (
          <Text ta="center" c="dimmed" fw={600} py="xl" role="status">
            {t('hub.noElections')}
          </Text>
        ) : (
          verified.data.map((election) => <VerifiedElectionCard key={election.id} election={election} />)
        )}
      </Stack>
    </PageContainer>
  );
}

function VerificationBadge({ verification }: { verification: VerifiedElection['verification'] }) {
  const { t } = useTranslation('elections');
  return verification === 'verified' ? (
    <Badge color="green" leftSection={<IconRosetteDiscountCheck size={14} aria-hidden />}>
      {t('verified.verified')}
    </Badge>
  ) : (
    <Badge color="yellow" leftSection={<IconClockHour4 size={14} aria-hidden />}>
      {t('verified.pending')}
    </Badge>
  );
}

function VerifiedElectionCard({ election }: { election: VerifiedElection }) {
  const { t } = useTranslation('elections');
  const votesLabel = useVotesLabel();
  const turnoutLine = useTurnoutLine();
  const titleId = useId();
  return (
    <Card component="article" withBorder padding="lg" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Title order={2} fz="lg" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          <ContentText text={election.titleText} />
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
      {election.turnout && (
        <Text size="sm" mt={4} data-testid="turnout">
          {turnoutLine(election.turnout)}
        </Text>
      )}
      <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
        {election.results === null ? (
          <Text size="sm">{t('verified.notPublished')}</Text>
        ) : election.results.total === 0 ? (
          <Text size="sm">{t('results.noVotes')}</Text>
        ) : (
          <ResultsChart rows={election.results.rows} />
        )}
        {election.results && election.countsInBatches && (
          <BatchedCountsNotice updatedAt={election.countsUpdatedAt} compact />
        )}
      </div>
      <Group gap="sm" mt="md">
        {election.results && (
          <Button component={Link} to={`/results/${election.id}`} variant="light" h={44}>
            {t('actions.fullResults')}
          </Button>
        )}
        <Button component={Link} to={`/election/${election.id}`} variant="default" h={44}>
          {t('actions.details')}
        </Button>
      </Group>
    </Card>
  );
}

/** The page's texts and first view, on the server and after a link (lib/page-route.ts). */
const thisPage: PageRoute = { texts: ['elections', 'errors'], pageData };
export const loader = serverPageLoader(thisPage);
export const clientLoader = browserPageLoader(thisPage);

export default routeComponent(VerifiedResultsPage);
