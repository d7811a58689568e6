import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { PhotoJobType } from '../../../../../shared/member-photos';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { isActiveJob } from './JobProgressCard';

/** How often the recent jobs are read while one is pending or running. */
const POLL_MS = 1000;

/**
 * The latest 5 photo jobs, polled while one is active. When a job this page saw running ends, says so
 * (SPEC §8: "Failed to complete web scraping" / "Scraping failed: {errors}") and refreshes the member list.
 */
export function useRecentPhotoJobs() {
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
          'Photo job completed',
          `${job.successfulUpdates} updated, ${job.failedUpdates} failed, ${job.unmatchedMembers} unmatched.`,
        );
      } else {
        notifications.show({
          color: 'red',
          title: 'Failed to complete web scraping',
          message: `Scraping failed: ${job.failure ?? job.errors.join('; ')}`,
        });
      }
      void queryClient.invalidateQueries({ queryKey: trpc.photos.members.queryKey() });
    }
  }, [jobs.data, queryClient, trpc]);

  const startJob = useMutation(
    trpc.photos.startJob.mutationOptions({
      onSuccess: async ({ jobId }) => {
        watched.current.add(jobId);
        notifySuccess('Photo job started', 'Progress is shown below.');
        await queryClient.invalidateQueries({ queryKey: trpc.photos.recentJobs.queryKey() });
      },
      onError: (error) => notifyFailure('Failed to start photo refresh job', error),
    }),
  );

  return {
    jobs,
    running: jobs.data?.some(isActiveJob) ?? false,
    start: (jobType: PhotoJobType) => startJob.mutate({ jobType }),
    starting: startJob.isPending ? startJob.variables?.jobType : undefined,
  };
}
