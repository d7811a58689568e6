import { demoElectionTitles } from '../../../seed/elections';

/**
 * The demo elections' titles in English and Somali as the test server's seed wrote them when it started, today:
 * a title carries the year its election starts in (seed/elections.ts), so no test names a year of its own.
 */
export const DEMO_TITLES = demoElectionTitles(new Date());
