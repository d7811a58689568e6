import type { Db } from '@server/db/client';
import { districts, voters } from '@server/db/schema';
import { and, eq, isNotNull, ne, or, sql } from 'drizzle-orm';

/** At most this many look-alikes are listed with an entry (the count says if there are more to compare). */
const SHOWN = 10;

export interface EntryToCompare {
  id: string;
  fullName: string;
  districtId: string;
  dateOfBirthHash: string | null;
}

/**
 * Other entries a supervisor must compare before approving: the same name (case ignored) and the same date of
 * birth (where both carry one) or the same district. Rejected entries are left out: they are no voter.
 * One person entered twice under two card numbers is what this catches; the card's unique index catches the rest.
 */
export function possibleDuplicates(db: Pick<Db, 'select'>, entry: EntryToCompare) {
  const sameDateOfBirth = entry.dateOfBirthHash
    ? and(isNotNull(voters.dateOfBirthHash), eq(voters.dateOfBirthHash, entry.dateOfBirthHash))
    : undefined;
  return db
    .select({
      id: voters.id,
      voterCardNumber: voters.voterCardNumber,
      fullName: voters.fullName,
      status: voters.status,
      districtName: districts.name,
    })
    .from(voters)
    .innerJoin(districts, eq(districts.id, voters.districtId))
    .where(
      and(
        sql`lower(${voters.fullName}) = lower(${entry.fullName})`,
        ne(voters.id, entry.id),
        ne(voters.status, 'rejected'),
        or(eq(voters.districtId, entry.districtId), sameDateOfBirth),
      ),
    )
    .limit(SHOWN)
    .all();
}
