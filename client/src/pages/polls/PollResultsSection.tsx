import { Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyFailure } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { PollResults } from './PollResults';
import { pollResultsQuery } from './poll-queries';

/** Open polls are re-counted every minute while their results are on screen. */
const LIVE_REFRESH_MS = 60_000;

/** Loads and shows a poll's results; call it only when the viewer may see them (pollResultsVisible). */
export function PollResultsSection({ pollId, live }: { pollId: string; live: boolean }) {
  const { t } = useTranslation('polls');
  const trpc = useTRPC();
  const results = useQuery({
    ...pollResultsQuery(trpc, pollId),
    refetchInterval: live ? LIVE_REFRESH_MS : false,
  });
  useEffect(() => {
    if (results.error) notifyFailure(t('results.failed'), results.error);
  }, [results.error, t]);

  if (results.data) return <PollResults data={results.data} />;
  if (results.isPending) return <Skeleton h={320} radius="md" aria-label={t('results.loading')} />;
  return null;
}
