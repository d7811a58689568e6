import { PollPage } from './PollPage';

/** /vote/{pollId} (SPEC §2: the current poll view): the ballot, then results once the citizen has voted. */
export function PollVoteView({ pollId }: { pollId: string }) {
  return (
    <PollPage
      pollId={pollId}
      failureTitle="Failed to load current poll"
      metaTitle={(title) => `Vote: ${title}`}
      metaDescription="Vote in the monthly opinion poll on Codka and see the results."
    />
  );
}
