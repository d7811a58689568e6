export const POLL_STATUSES = ['draft', 'open', 'closed'] as const;
export type PollStatus = (typeof POLL_STATUSES)[number];

export const POLL_ELECTION_TYPES = ['presidential', 'parliamentary', 'senate'] as const;
export type PollElectionType = (typeof POLL_ELECTION_TYPES)[number];

/** The default colour of a poll candidate (docs/product.md#poll-lifecycle). */
export const DEFAULT_CANDIDATE_COLOR = '#3B82F6';
