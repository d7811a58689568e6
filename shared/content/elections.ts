/**
 * A fixed election summary of /voting; statuses include Scheduled and Completed (docs/product.md#election-statuses).
 */
export type StaticElectionStatus = 'Scheduled' | 'Active' | 'Completed';

/**
 * The facts of a listed election. Its title and description are in the client's `content` namespace under
 * voting.elections.<id>.
 */
export interface StaticElectionSummary {
  id: 'house-of-the-people-2021-2022' | 'presidential-2022' | 'federal-2026';
  status: StaticElectionStatus;
  /** Only as precise as the public record: YYYY-MM or YYYY-MM-DD; null while to be announced (TBD). */
  startDate: string | null;
  endDate: string | null;
}

/** The three elections listed on /voting: the last federal cycle and the next one. */
export const STATIC_ELECTIONS: readonly StaticElectionSummary[] = [
  { id: 'house-of-the-people-2021-2022', status: 'Completed', startDate: '2021-11', endDate: '2022-04' },
  { id: 'presidential-2022', status: 'Completed', startDate: '2022-05-15', endDate: '2022-05-15' },
  { id: 'federal-2026', status: 'Scheduled', startDate: null, endDate: null },
];
