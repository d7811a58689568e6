import type { ElectionStatus } from './elections';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ElectionTiming {
  status: ElectionStatus;
  startTime: Date;
  endTime: Date;
}

export interface ElectionVisibility extends ElectionTiming {
  resultsVisible: boolean;
  hideResultsUntilClose: boolean;
}

/** docs/product.md#days-left: the ceiling of the days until the end; 0 or less means it ends today (or has ended). */
export function daysLeft(endTime: Date, now: Date): number {
  return Math.ceil((endTime.getTime() - now.getTime()) / DAY_MS);
}

export function daysLeftLabel(endTime: Date, now: Date): string {
  const days = daysLeft(endTime, now);
  if (days <= 0) return 'Ends today';
  return days === 1 ? '1 day left' : `${days} days left`;
}

/** docs/product.md#voting-in-an-election: voting needs an Active election and now within its start and end. */
export function isVotingOpen(election: ElectionTiming, now: Date): boolean {
  return election.status === 'Active' && election.startTime <= now && now <= election.endTime;
}

/** An election is over once its end has passed or an admin closed or archived it. */
export function hasEnded(election: ElectionTiming, now: Date): boolean {
  return now > election.endTime || election.status === 'Closed' || election.status === 'Archived';
}

/**
 * Whether voters may see results (docs/product.md#results-visibility): never while the election runs
 * if "hide results until close" is set; otherwise when an admin made them visible, or when the end has
 * passed for an election that only hid them until close. The hub's View Results button follows the same rule,
 * so a button never leads to results the page would then refuse to show.
 */
export function resultsVisibleToVoters(election: ElectionVisibility, now: Date): boolean {
  if (election.hideResultsUntilClose && !hasEnded(election, now)) return false;
  return election.resultsVisible || (election.hideResultsUntilClose && now > election.endTime);
}

/**
 * While an election is open (docs/product.md#results-visibility), the counts anyone but an admin sees advance in
 * batches, so someone shown a voter's receipt (with its casting time) and watching the counts cannot learn the
 * choice. A batch is published only by a timer, at the quarter hours of the clock, when at least this many votes came
 * in since the last one and at least this many minutes passed; it is stamped with the quarter hour, never a vote's
 * time (server/jobs/result-batches.ts).
 */
export const RESULTS_BATCH_MIN_VOTES = 20;
export const RESULTS_BATCH_MINUTES = 15;

/** Exact counts for admins and for everyone once the election has ended; the last batch otherwise. */
export function countsAreExact(election: ElectionTiming, now: Date, isAdmin: boolean): boolean {
  return isAdmin || hasEnded(election, now);
}

export type HubAction = 'vote' | 'results' | 'details';

/**
 * docs/product.md#hub-actions: Vote Now when voting is open to a signed-in user, else View Results when visible, else
 * View Details.
 */
export function hubActions(election: ElectionVisibility, now: Date, signedIn: boolean): HubAction[] {
  const actions: HubAction[] = [];
  if (signedIn && isVotingOpen(election, now)) actions.push('vote');
  actions.push(resultsVisibleToVoters(election, now) ? 'results' : 'details');
  return actions;
}

/** docs/product.md#voting-in-an-election: percentages rounded to 2 decimals (shown to 1); 0 when nobody voted. */
export function votePercentage(votes: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((votes / total) * 10_000) / 100;
}

export function formatPercentage(percentage: number): string {
  return `${percentage.toFixed(1)}%`;
}

/** docs/product.md#results-pages: shares under 5% are not labelled in the results bar. */
export const RESULTS_BAR_LABEL_MIN_PERCENT = 5;

export interface CandidateTally {
  candidateId: string;
  votes: number;
}

/** Sorted by votes descending (ties keep their ballot order), with each share. */
export function tallyResults<T extends CandidateTally>(tallies: T[]) {
  const total = tallies.reduce((sum, tally) => sum + tally.votes, 0);
  const rows = tallies
    .map((tally, ballotOrder) => ({ ...tally, ballotOrder, percentage: votePercentage(tally.votes, total) }))
    .sort((a, b) => b.votes - a.votes || a.ballotOrder - b.ballotOrder)
    .map(({ ballotOrder: _ballotOrder, ...row }) => row);
  return { total, rows };
}
