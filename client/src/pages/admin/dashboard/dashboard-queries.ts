import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useCallback, useEffect } from 'react';
import { notifyFailure } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';

/** The server's answer when the dashboard's step-up login is missing or has lapsed. */
export function isDashboardLocked(error: unknown): boolean {
  return (
    error instanceof TRPCClientError &&
    (error.data as { code?: string } | undefined)?.code === 'PRECONDITION_FAILED'
  );
}

export function useDashboardStatus() {
  const trpc = useTRPC();
  return useQuery(trpc.admin.dashboard.status.queryOptions());
}

/** After a write every admin query may be stale: counts, lists, the lock. */
export function useRefreshAdmin() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries(trpc.admin.pathFilter()), [queryClient, trpc]);
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
