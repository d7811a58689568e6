import { PollPage } from './PollPage';

/**
 * /results/{pollId} and /polls/presidential/history/{id} (SPEC §2: the poll history view): final results
 * of a closed poll for everyone; for an open one, results once the reader has voted, and the ballot before.
 */
export function PollResultsView({ pollId }: { pollId: string }) {
  return (
    <PollPage
      pollId={pollId}
      failureTitle="Failed to load poll results"
      metaTitle={(title) => `Results: ${title}`}
      metaDescription="Results of the monthly opinion poll on Codka."
    />
  );
}
