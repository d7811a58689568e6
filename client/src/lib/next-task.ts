interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * The next task: the browser may paint and answer a tap before it. The steps of a page's start (entry-client.tsx,
 * start.tsx) each wait for it. No imports: the entry carries it.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
