import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { notifyFailure } from '../../../lib/notify';
import { isStepUpRequired } from '../../../lib/step-up';
import { useTRPC } from '../../../lib/trpc';

/** The server's answer when this session's step-up (the dashboard login) is missing or has lapsed. */
export function isDashboardLocked(error: unknown): boolean {
  return isStepUpRequired(error);
}

export function useDashboardStatus() {
  const trpc = useTRPC();
  return useQuery(trpc.admin.dashboard.status.queryOptions());
}

/** After a write every admin query may be stale: counts, lists, the lock (and the session's step-up). */
export function useRefreshAdmin() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries(trpc.admin.pathFilter()),
        queryClient.invalidateQueries(trpc.auth.stepUpStatus.queryFilter()),
      ]),
    [queryClient, trpc],
  );
}

/**
 * A red toast for a failed request; when the failure is a lapsed dashboard login, the status is
 * refetched so the page shows the login form again instead of a dead table.
 */
export function useFailureToast() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    (title: string, error: unknown) => {
      notifyFailure(title, error);
      if (isDashboardLocked(error)) {
        void queryClient.invalidateQueries({ queryKey: trpc.admin.dashboard.status.queryKey() });
      }
    },
    [queryClient, trpc],
  );
}

/** Shows a load failure once per error. */
export function useLoadFailure(error: unknown, title: string) {
  const toast = useFailureToast();
  useEffect(() => {
    if (error) toast(title, error);
  }, [error, title, toast]);
}
