import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PageContainer } from '../../components/PageContainer';
import { notifyFailure } from '../../lib/notify';
import { usePageMeta } from '../../lib/page-meta';
import { useTRPC } from '../../lib/trpc';
import { PollBackLink } from './PollBackLink';
import { PollList } from './PollListStates';

/** /polls/history: closed polls, newest month first, each with its final results. */
export function ClosedPollsPage() {
  usePageMeta('Poll History', 'Final results of past monthly opinion polls on Codka.');
  const trpc = useTRPC();
  const history = useQuery(trpc.polls.history.queryOptions());
  useEffect(() => {
    if (history.error) notifyFailure('Failed to load poll history', history.error);
  }, [history.error]);

  return (
    <PageContainer size="md">
      <Stack gap="lg">
        <PollBackLink />
        <div>
          <Title order={1}>Poll History</Title>
          <Text c="dimmed">Closed opinion polls and their final results, newest month first.</Text>
        </div>
        <PollList
          polls={history.data}
          pending={history.isPending}
          emptyTitle="No closed polls yet"
          label="Closed polls"
        />
      </Stack>
    </PageContainer>
  );
}
