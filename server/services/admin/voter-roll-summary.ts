import { DISTRICT_REGIONS, type DistrictRegion } from '@shared/regions';
import { VOTER_STATUSES, type VoterStatus } from '@shared/voter-roll';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { districts, voters } from '../../db/schema';

type StatusCounts = Record<VoterStatus, number>;
const noVoters = (): StatusCounts => ({ pending: 0, enrolled: 0, rejected: 0, suspended: 0 });

/** Voters per region and status (every region, in the usual order, zeros included) and the totals. */
export function rollSummary(db: Db) {
  const rows = db
    .select({ region: districts.region, status: voters.status, voters: count() })
    .from(voters)
    .innerJoin(districts, eq(districts.id, voters.districtId))
    .groupBy(districts.region, voters.status)
    .all();
  const byRegion = new Map<DistrictRegion, StatusCounts>(
    DISTRICT_REGIONS.map((region) => [region, noVoters()]),
  );
  const totals = noVoters();
  for (const row of rows) {
    const counts = byRegion.get(row.region);
    if (counts && VOTER_STATUSES.includes(row.status)) counts[row.status] += row.voters;
    totals[row.status] += row.voters;
  }
  return { regions: [...byRegion].map(([region, counts]) => ({ region, ...counts })), totals };
}
