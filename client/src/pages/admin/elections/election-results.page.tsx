import { Button, EmptyState, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentText, useContentText } from '../../../components/content/ContentText';
import { ElectionStatusBadge } from '../../../components/ElectionStatusBadge';
import { VerifiableMark } from '../../../components/elections/VerifiableMark';
import { formatEatTime, formatNumber } from '../../../i18n/format';
import { usePageMeta } from '../../../lib/page-meta';
import { browserPageLoader } from '../../../lib/page-route';
import { routeComponent } from '../../../lib/route-component';
import { useTRPC } from '../../../lib/trpc';
import { useLoadFailure } from './use-election-queries';

/** /admin/election-results: every election, newest first, each leading to its results. */
export function AdminElectionResultsListPage() {
  const { t } = useTranslation(['adminElections', 'common']);
  const contentText = useContentText();
  usePageMeta(t('resultsList.metaTitle'), t('resultsList.metaDescription'));
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.elections.list.queryOptions());
  useLoadFailure(list.error, t('list.loadFailed'));
  const elections = list.data ?? [];

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('resultsList.title')}</Title>
        <Text c="dimmed">{t('resultsList.intro')}</Text>
      </div>
      {list.isPending ? (
        <Skeleton h={240} radius="md" />
      ) : list.isError ? (
        <EmptyState
          icon={<IconChartBar size={32} aria-hidden />}
          title={t('list.loadFailed')}
          description={t('checkConnection')}
        >
          <Button h={44} variant="light" onClick={() => void list.refetch()}>
            {t('common:errors.tryAgain')}
          </Button>
        </EmptyState>
      ) : elections.length === 0 ? (
        <EmptyState
          icon={<IconChartBar size={32} aria-hidden />}
          title={t('list.emptyTitle')}
          description={t('resultsList.emptyDescription')}
        />
      ) : (
        <Stack
          component="ul"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('list.ariaLabel')}
        >
          {elections.map((election) => (
            <Paper key={election.id} component="li" withBorder radius="md" p="md">
              <Group justify="space-between" gap="sm">
                <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                  <Group gap="xs">
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      <ContentText text={election.titleText} />
                    </Text>
                    <ElectionStatusBadge status={election.status} />
                    {election.counting === 'verifiable' && <VerifiableMark badge />}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {t('resultsList.ends', { time: formatEatTime(election.endTime) })} ·{' '}
                    {t('card.votes', { count: election.voteCount, number: formatNumber(election.voteCount) })}
                  </Text>
                </Stack>
                <Button
                  component={Link}
                  to={`/admin/elections/${election.id}/results`}
                  variant="light"
                  h={44}
                  leftSection={<IconChartBar size={18} aria-hidden />}
                  aria-label={t('resultsList.viewResultsOf', { title: contentText(election.titleText) })}
                >
                  {t('page.viewResults')}
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['adminElections', 'elections'] });

export default routeComponent(AdminElectionResultsListPage);
