import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../components/PageContainer';
import { notifyFailure } from '../../lib/notify';
import { usePageMeta } from '../../lib/page-meta';
import { useTRPC } from '../../lib/trpc';
import { PollBackLink } from './PollBackLink';
import { PollList } from './PollListStates';

/** /polls/history: closed polls, newest month first, each with its final results. */
export function ClosedPollsPage() {
  const { t } = useTranslation('polls');
  usePageMeta(t('closedPolls.title'), t('closedPolls.metaDescription'));
  const trpc = useTRPC();
  const history = useQuery(trpc.polls.history.queryOptions());
  useEffect(() => {
    if (history.error) notifyFailure(t('closedPolls.failed'), history.error);
  }, [history.error, t]);

  return (
    <PageContainer size="md">
      <Stack gap="lg">
        <PollBackLink />
        <div>
          <Title order={1}>{t('closedPolls.title')}</Title>
          <Text c="dimmed">{t('closedPolls.intro')}</Text>
        </div>
        <PollList
          polls={history.data}
          pending={history.isPending}
          emptyTitle={t('closedPolls.empty')}
          label={t('closedPolls.label')}
        />
      </Stack>
    </PageContainer>
  );
}

/** The route table's name for this page (lib/route.ts). */
export { ClosedPollsPage as Component };
