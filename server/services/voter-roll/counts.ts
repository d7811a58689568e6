import { DISTRICT_REGIONS, type DistrictRegion } from '@shared/regions';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { districts, voters } from '../../db/schema';

// Prepared once: an 'enrolled' election's turnout reads it on every admin results read.
const enrolledByRegion = preparedOnce((db) =>
  db
    .select({ region: districts.region, enrolledVoters: count() })
    .from(voters)
    .innerJoin(districts, eq(districts.id, voters.districtId))
    .where(eq(voters.status, 'enrolled'))
    .groupBy(districts.region)
    .prepare(),
);

/**
 * Enrolled voters per region: the only thing the roll says in public (issue 17 item 1). Only 'enrolled'
 * entries count (pending, rejected and suspended ones are not voters); the region is the entry's district's.
 * One grouped read over the (status, district) index, whatever the number of regions.
 */
export function enrolledVotersByRegion(db: Db): Map<DistrictRegion, number> {
  const rows = enrolledByRegion(db).all();
  return new Map(rows.map((row) => [row.region, row.enrolledVoters]));
}

/** Every one of the 18 regions in their fixed order (zeros included, so the page lists them all) and the total. */
export function enrollmentCounts(db: Db) {
  const byRegion = enrolledVotersByRegion(db);
  const regions = DISTRICT_REGIONS.map((region) => ({ region, enrolledVoters: byRegion.get(region) ?? 0 }));
  return { regions, total: regions.reduce((sum, row) => sum + row.enrolledVoters, 0) };
}
