export const POLL_STATUSES = ['draft', 'open', 'closed'] as const;
export type PollStatus = (typeof POLL_STATUSES)[number];

export const POLL_ELECTION_TYPES = ['presidential', 'parliamentary', 'senate'] as const;
export type PollElectionType = (typeof POLL_ELECTION_TYPES)[number];

/** The default colour of a poll candidate (docs/product.md#poll-lifecycle). */
export const DEFAULT_CANDIDATE_COLOR = '#3B82F6';

/**
 * How a poll vote arrived: on the web (the site, signed in) or by USSD (a phone's menu, the carrier's number).
 * Both count in the same totals; the poll's admin view shows how many came each way.
 */
export const POLL_VOTE_CHANNELS = ['web', 'ussd'] as const;
export type PollVoteChannel = (typeof POLL_VOTE_CHANNELS)[number];
