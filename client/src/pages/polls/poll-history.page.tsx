import { Center, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { useAuth } from '../../lib/auth';
import { notifyFailure } from '../../lib/notify';
import { usePageMeta } from '../../lib/page-meta';
import { useTRPC } from '../../lib/trpc';
import { CreatePollForm } from './CreatePollForm';
import { CurrentPoll } from './CurrentPoll';
import { PollList } from './PollListStates';

const TABS = ['current', 'history', 'create'] as const;
type PollTab = (typeof TABS)[number];

/** SPEC §2: the tab lives in ?tab=, default history (All Polls); Create Poll is for admins only. */
function useTab(isAdmin: boolean): [PollTab, (tab: PollTab) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const known = (TABS as readonly string[]).includes(asked ?? '') ? (asked as PollTab) : 'history';
  const tab = known === 'create' && !isAdmin ? 'history' : known;
  return [tab, (next) => setParams({ tab: next }, { replace: true })];
}

/** /polls/presidential/history: the current poll, every poll, and (for admins) a form to create one. */
export function PollHistoryPage() {
  usePageMeta(
    'Opinion Polls',
    "The monthly presidential opinion poll: this month's ballot, past polls and their results.",
  );
  const { isAdmin, loading } = useAuth();
  const [tab, setTab] = useTab(isAdmin);
  const [params] = useSearchParams();

  return (
    <PageContainer size="md">
      <Stack gap="lg">
        <div>
          <Title order={1}>Opinion Polls</Title>
          <Text c="dimmed">One vote per citizen per month. Results are shown once you have voted.</Text>
        </div>
        {loading && params.get('tab') === 'create' ? (
          <Center h={200}>
            <Loader aria-label="Checking your session" />
          </Center>
        ) : (
          <Tabs value={tab} onChange={(value) => value && setTab(value as PollTab)} keepMounted={false}>
            <Tabs.List mb="lg">
              <Tabs.Tab value="current" mih={44}>
                Current Poll
              </Tabs.Tab>
              <Tabs.Tab value="history" mih={44}>
                All Polls
              </Tabs.Tab>
              {isAdmin && (
                <Tabs.Tab value="create" mih={44}>
                  Create Poll
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
                <CreatePollForm />
              </Tabs.Panel>
            )}
          </Tabs>
        )}
      </Stack>
    </PageContainer>
  );
}

function AllPolls() {
  const trpc = useTRPC();
  const list = useQuery(trpc.polls.list.queryOptions());
  useEffect(() => {
    if (list.error) notifyFailure('Failed to load polls', list.error);
  }, [list.error]);
  return <PollList polls={list.data} pending={list.isPending} emptyTitle="No polls yet" label="All polls" />;
}
