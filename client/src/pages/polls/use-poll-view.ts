import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notifyFailure } from '../../lib/notify';
import { usePageNotFound } from '../../lib/page-data';
import { useTRPC } from '../../lib/trpc';
import { pollErrorCode } from './poll-format';
import { pollQuery } from './poll-queries';

/** One poll for its pages; a missing poll is a state of the page, any other failure a toast. */
export function usePollView(pollId: string, failureTitle: string) {
  const trpc = useTRPC();
  // The server's 404 for this page (poll-detail.page.tsx): shown from the first render, as in its HTML, and
  // nothing to ask for.
  const missing = usePageNotFound();
  const view = useQuery({ ...pollQuery(trpc, pollId), enabled: !missing });
  const code = pollErrorCode(view.error);
  const notFound = missing || code === 'NOT_FOUND' || code === 'BAD_REQUEST';
  useEffect(() => {
    if (view.error && !notFound) notifyFailure(failureTitle, view.error);
  }, [view.error, notFound, failureTitle]);
  return { view, notFound };
}
