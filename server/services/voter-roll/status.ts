import type { Db } from '@server/db/client';
import { districts, voters } from '@server/db/schema';
import type { EnrollmentStatus } from '@shared/voter-roll';
import { eq } from 'drizzle-orm';
import { maskCardNumber } from './masking';

/** The citizen's own place on the roll; the card number masked but for its last four characters. */
export function enrollmentStatus(
  db: Db,
  userId: string,
): { status: EnrollmentStatus; region?: string; district?: string; voterCardNumber?: string } {
  const entry = db
    .select({
      status: voters.status,
      voterCardNumber: voters.voterCardNumber,
      region: districts.region,
      district: districts.name,
    })
    .from(voters)
    .innerJoin(districts, eq(districts.id, voters.districtId))
    .where(eq(voters.userId, userId))
    .get();
  if (!entry) return { status: 'none' };
  return {
    status: entry.status,
    region: entry.region,
    district: entry.district,
    voterCardNumber: maskCardNumber(entry.voterCardNumber),
  };
}
