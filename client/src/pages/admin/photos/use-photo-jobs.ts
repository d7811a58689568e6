import { notifications } from '@mantine/notifications';
import type { PhotoJobType } from '@shared/member-photos';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { isActiveJob } from './JobProgressCard';

/** How often the recent jobs are read while one is pending or running. */
const POLL_MS = 1000;

/**
 * The latest 5 photo jobs, polled while one is active. When a job this page saw running ends, says so
 * (docs/product.md#messages-and-empty-states: "Failed to complete web scraping" / "Scraping failed: {errors}") and
 * refreshes the member list.
 */
export function useRecentPhotoJobs() {
  const { t } = useTranslation('adminPhotos');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const watched = useRef(new Set<string>());
  const jobs = useQuery(
    trpc.photos.recentJobs.queryOptions(undefined, {
      refetchInterval: (query) => (query.state.data?.some(isActiveJob) ? POLL_MS : false),
      staleTime: 0,
    }),
  );

  useEffect(() => {
    for (const job of jobs.data ?? []) {
      if (isActiveJob(job)) {
        watched.current.add(job.id);
        continue;
      }
      if (!watched.current.delete(job.id)) continue;
      if (job.status === 'completed') {
        notifySuccess(
          t('jobs.completed'),
          t('jobs.completedBody', {
            updated: job.successfulUpdates,
            failed: job.failedUpdates,
            unmatched: job.unmatchedMembers,
          }),
        );
      } else {
        notifications.show({
          color: 'red',
          title: t('jobs.scrapingFailed'),
          message: t('jobs.scrapingFailedBody', { errors: job.failure ?? job.errors.join('; ') }),
        });
      }
      void queryClient.invalidateQueries({ queryKey: trpc.photos.members.queryKey() });
    }
  }, [jobs.data, queryClient, trpc, t]);

  const startJob = useMutation(
    trpc.photos.startJob.mutationOptions({
      onSuccess: async ({ jobId }) => {
        watched.current.add(jobId);
        notifySuccess(t('jobs.started'), t('jobs.startedBody'));
        await queryClient.invalidateQueries({ queryKey: trpc.photos.recentJobs.queryKey() });
      },
      onError: (error) => notifyFailure(t('jobs.startFailed'), error),
    }),
  );

  return {
    jobs,
    running: jobs.data?.some(isActiveJob) ?? false,
    start: (jobType: PhotoJobType) => startJob.mutate({ jobType }),
    starting: startJob.isPending ? startJob.variables?.jobType : undefined,
  };
}
