import { DISTRICT_REGIONS, type DistrictRegion } from '@shared/regions';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { eligibleVoterCounts } from '../../db/schema';

// Kept by the triggers of drizzle/0010 in the transaction of every write to the roll or to a district's region,
// so this reads 18 rows at any size of the roll (an 'enrolled' election's turnout reads it on every results read).
const enrolledByRegion = preparedOnce((db) =>
  db
    .select({ region: eligibleVoterCounts.region, enrolledVoters: eligibleVoterCounts.voters })
    .from(eligibleVoterCounts)
    .where(eq(eligibleVoterCounts.rule, 'enrolled'))
    .prepare(),
);

/**
 * Enrolled voters per region: the only thing the roll says in public (docs/decisions/012-voter-roll.md). Only
 * 'enrolled' entries count (pending, rejected and suspended ones are not voters); the region is the entry's
 * district's.
 */
export function enrolledVotersByRegion(db: Db): Map<DistrictRegion, number> {
  const rows = enrolledByRegion(db).all();
  return new Map(rows.map((row) => [row.region as DistrictRegion, row.enrolledVoters]));
}

/** Every one of the 18 regions in their fixed order (zeros included, so the page lists them all) and the total. */
export function enrollmentCounts(db: Db) {
  const byRegion = enrolledVotersByRegion(db);
  const regions = DISTRICT_REGIONS.map((region) => ({ region, enrolledVoters: byRegion.get(region) ?? 0 }));
  return { regions, total: regions.reduce((sum, row) => sum + row.enrolledVoters, 0) };
}
