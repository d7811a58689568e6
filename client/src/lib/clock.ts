import { useCallback, useSyncExternalStore } from 'react';

/**
 * "Now" for a page the server rendered: countdowns, days left, whether voting is open. The server renders with
 * the moment its data was read (`renderedAt`: the page query's dataUpdatedAt, which travels with the data), the
 * browser hydrates with that same moment (no mismatch), then moves to its own clock. The component renders
 * again every `stepMs` (a second for a countdown, a minute for "days left") and whenever it renders anyway.
 */
export function useNow(renderedAt: number, stepMs = 60_000): Date {
  const subscribe = useCallback(
    (changed: () => void) => {
      const timer = setInterval(changed, stepMs);
      return () => clearInterval(timer);
    },
    [stepMs],
  );
  const time = useSyncExternalStore(
    subscribe,
    // Whole seconds, so two reads in one render agree (React compares them).
    () => Math.floor(Date.now() / 1000) * 1000,
    () => renderedAt,
  );
  return new Date(time);
}
