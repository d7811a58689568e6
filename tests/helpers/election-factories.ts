import type { Db } from '@server/db/client';
import { candidates, elections } from '@server/db/schema';
import type { ElectionStatus } from '@shared/elections';

const HOUR = 3_600_000;

/** An election with `candidateCount` candidates; by default Active and open from an hour ago for a day. */
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
