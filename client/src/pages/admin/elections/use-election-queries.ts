import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { notifyFailure } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';

/**
 * A red toast once per failed load, with the product's title (docs/product.md#messages-and-empty-states) and the
 * reason.
 */
export function useLoadFailure(error: unknown, title: string): void {
  useEffect(() => {
    if (error) notifyFailure(title, error);
  }, [error, title]);
}

/** After a write, every election query may be stale: admin lists, counts, ballots, results, and the public pages. */
export function useRefreshElections() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries(trpc.admin.elections.pathFilter()),
        queryClient.invalidateQueries(trpc.elections.pathFilter()),
      ]),
    [queryClient, trpc],
  );
}
