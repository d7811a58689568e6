import type { Db } from '@server/db/client';
import { candidates, elections } from '@server/db/schema';
import type { ElectionStatus } from '@shared/elections';
import { storedEligibleRegions } from '@shared/eligibility';
import type { DistrictRegion } from '@shared/regions';
import type { EligibilityRule } from '@shared/voter-roll';

const HOUR = 3_600_000;

/**
 * An election with `candidateCount` candidates; by default Active and open from an hour ago for a day.
 * Its rule is 'signedIn' unless told otherwise (the product's default is 'enrolled'): most tests are about
 * something else than the roll and vote as any signed-in account; the eligibility tests
 * (tests/server/eligibility*.test.ts) create 'enrolled' and 'verifiedContact' ballots themselves.
 */
export function createElection(
  db: Db,
  options: Partial<{
    status: ElectionStatus;
    startTime: Date;
    endTime: Date;
    resultsVisible: boolean;
    hideResultsUntilClose: boolean;
    candidateCount: number;
    title: string;
    eligibility: EligibilityRule;
    eligibleRegions: DistrictRegion[] | null;
  }> = {},
) {
  const now = Date.now();
  const election = db
    .insert(elections)
    .values({
      title: options.title ?? `Election ${crypto.randomUUID().slice(0, 8)}`,
      status: options.status ?? 'Active',
      startTime: options.startTime ?? new Date(now - HOUR),
      endTime: options.endTime ?? new Date(now + 24 * HOUR),
      resultsVisible: options.resultsVisible ?? false,
      hideResultsUntilClose: options.hideResultsUntilClose ?? true,
      eligibility: options.eligibility ?? 'signedIn',
      eligibleRegions: storedEligibleRegions(options.eligibleRegions),
    })
    .returning()
    .get();
  const candidateRows = Array.from({ length: options.candidateCount ?? 3 }, (_, index) =>
    db
      .insert(candidates)
      .values({
        electionId: election.id,
        name: `Candidate ${index + 1}`,
        party: `Party ${index + 1}`,
        orderIndex: index + 1,
      })
      .returning()
      .get(),
  );
  return { election, candidates: candidateRows };
}
