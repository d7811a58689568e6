import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../components/PageContainer';
import { notifyFailure } from '../../lib/notify';
import type { PageData } from '../../lib/page-data';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader, type PageRoute, serverPageLoader } from '../../lib/page-route';
import { routeComponent } from '../../lib/route-component';
import { useTRPC } from '../../lib/trpc';
import { PollBackLink } from './PollBackLink';
import { PollList } from './PollListStates';
import { closedPollsQuery } from './poll-queries';

/** The first view: every closed poll. */
export const pageData: PageData = ({ trpc }) => [closedPollsQuery(trpc)];

/** /polls/history: closed polls, newest month first, each with its final results. */
export function ClosedPollsPage() {
  const { t } = useTranslation('polls');
  usePageMeta(t('closedPolls.title'), t('closedPolls.metaDescription'));
  const trpc = useTRPC();
  const history = useQuery(closedPollsQuery(trpc));
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

/** The page's texts and first view, on the server and after a link (lib/page-route.ts). */
const thisPage: PageRoute = { texts: ['polls', 'errors'], pageData };
export const loader = serverPageLoader(thisPage);
export const clientLoader = browserPageLoader(thisPage);

export default routeComponent(ClosedPollsPage);
