import { Anchor, Center, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { PageLoader } from '../../components/PageLoader';
import { useAuth } from '../../lib/auth';
import { notifyFailure } from '../../lib/notify';
import type { PageData } from '../../lib/page-data';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader, type PageRoute, serverPageLoader } from '../../lib/page-route';
import { routeComponent } from '../../lib/route-component';
import { useTRPC } from '../../lib/trpc';
import { CurrentPoll } from './CurrentPoll';
import { PollList } from './PollListStates';
import { currentPollQuery, pollListQuery } from './poll-queries';

// An admin's form (and the schemas checking it): its code loads when an admin opens the tab, not for visitors.
const CreatePollForm = lazy(() =>
  import('./CreatePollForm').then((module) => ({ default: module.CreatePollForm })),
);

const TABS = ['current', 'history', 'create'] as const;
type PollTab = (typeof TABS)[number];

/** docs/product.md#poll-pages: the tab lives in ?tab=, default history (All Polls). */
function askedTab(params: URLSearchParams): PollTab {
  const asked = params.get('tab');
  return (TABS as readonly string[]).includes(asked ?? '') ? (asked as PollTab) : 'history';
}

/**
 * The first view: the asked tab's list or poll. Create Poll is an admin's: the server (a visitor) renders the
 * session check in its place.
 */
export const pageData: PageData = ({ searchParams, trpc }) => {
  const tab = askedTab(searchParams);
  if (tab === 'current') return [currentPollQuery(trpc)];
  return tab === 'history' ? [pollListQuery(trpc)] : [];
};

/** Create Poll is for admins only. */
function useTab(isAdmin: boolean): [PollTab, (tab: PollTab) => void] {
  const [params, setParams] = useSearchParams();
  const known = askedTab(params);
  const tab = known === 'create' && !isAdmin ? 'history' : known;
  return [tab, (next) => setParams({ tab: next }, { replace: true })];
}

/** /polls/presidential/history: the current poll, every poll, and (for admins) a form to create one. */
export function PollHistoryPage() {
  const { t } = useTranslation('polls');
  usePageMeta(t('history.title'), t('history.metaDescription'));
  const { isAdmin, loading } = useAuth();
  const [tab, setTab] = useTab(isAdmin);
  const [params] = useSearchParams();

  return (
    <PageContainer size="md">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('history.title')}</Title>
          <Text c="dimmed">{t('history.intro')}</Text>
          {/* The header's Online Voting button leads here (docs/product.md#navigation): the page says what it is. */}
          <Text mt="xs" data-testid="online-voting-explained">
            <Trans
              t={t}
              i18nKey="history.whereItLeads"
              components={[<Anchor key="elections" component={Link} to="/elections" />]}
            />
          </Text>
        </div>
        {loading && params.get('tab') === 'create' ? (
          <Center h={200}>
            <Loader aria-label={t('history.checkingSession')} />
          </Center>
        ) : (
          <Tabs value={tab} onChange={(value) => value && setTab(value as PollTab)} keepMounted={false}>
            <Tabs.List mb="lg">
              <Tabs.Tab value="current" mih={44}>
                {t('history.currentTab')}
              </Tabs.Tab>
              <Tabs.Tab value="history" mih={44}>
                {t('history.allTab')}
              </Tabs.Tab>
              {isAdmin && (
                <Tabs.Tab value="create" mih={44}>
                  {t('history.createTab')}
                </Tabs.Tab>
              )}
            </Tabs.List>
            <Tabs.Panel value="current">
              <CurrentPoll headingLevel={2} />
            </Tabs.Panel>
            <Tabs.Panel value="history">
              <AllPolls />
            </Tabs.Panel>
            {isAdmin && (
              <Tabs.Panel value="create">
                <Suspense fallback={<PageLoader />}>
                  <CreatePollForm />
                </Suspense>
              </Tabs.Panel>
            )}
          </Tabs>
        )}
      </Stack>
    </PageContainer>
  );
}

function AllPolls() {
  const { t } = useTranslation('polls');
  const trpc = useTRPC();
  const list = useQuery(pollListQuery(trpc));
  useEffect(() => {
    if (list.error) notifyFailure(t('history.failed'), list.error);
  }, [list.error, t]);
  return (
    <PollList
      polls={list.data}
      pending={list.isPending}
      emptyTitle={t('history.empty')}
      label={t('allPolls')}
    />
  );
}

/** The page's texts and first view, on the server and after a link (lib/page-route.ts). */
const thisPage: PageRoute = { texts: ['polls', 'eligibility', 'errors'], pageData };
export const loader = serverPageLoader(thisPage);
export const clientLoader = browserPageLoader(thisPage);

export default routeComponent(PollHistoryPage);
