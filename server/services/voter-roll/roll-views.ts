import type { Db } from '@server/db/client';
import { districts, profiles, registrationCenters, voters } from '@server/db/schema';
import { DomainError } from '@server/errors/domain-error';
import { and, asc, eq, gt, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { possibleDuplicates } from './duplicates';

const PAGE = 100;
const registrar = alias(profiles, 'registrar_profile');

/** The columns supervisors read about an entry (no date of birth hash, no account id). */
const entryColumns = {
  id: voters.id,
  voterCardNumber: voters.voterCardNumber,
  fullName: voters.fullName,
  status: voters.status,
  statusReason: voters.statusReason,
  source: voters.source,
  districtName: districts.name,
  region: districts.region,
  centerName: registrationCenters.name,
  registrarName: registrar.fullName,
  createdAt: voters.createdAt,
  reviewedAt: voters.reviewedAt,
};

function entries(db: Db) {
  return db
    .select(entryColumns)
    .from(voters)
    .innerJoin(districts, eq(districts.id, voters.districtId))
    .leftJoin(registrationCenters, eq(registrationCenters.id, voters.centerId))
    .leftJoin(registrar, eq(registrar.userId, voters.enteredBy))
    .$dynamic();
}

/**
 * Entries waiting for review, oldest first, 100 at a time, each with its possible duplicates; `after` (the last id of a page) gives the next
 * page. `nextAfter` is null on the last page.
 */
export function pendingEntries(db: Db, after?: string) {
  let where = eq(voters.status, 'pending');
  if (after) {
    const last = db.select({ createdAt: voters.createdAt }).from(voters).where(eq(voters.id, after)).get();
    if (!last) throw new DomainError('supervisor.entryNotFound');
    where = and(
      where,
      or(
        gt(voters.createdAt, last.createdAt),
        and(eq(voters.createdAt, last.createdAt), gt(voters.id, after)),
      ),
    ) as typeof where;
  }
  const rows = db
    .select({ ...entryColumns, districtId: voters.districtId, dateOfBirthHash: voters.dateOfBirthHash })
    .from(voters)
    .innerJoin(districts, eq(districts.id, voters.districtId))
    .leftJoin(registrationCenters, eq(registrationCenters.id, voters.centerId))
    .leftJoin(registrar, eq(registrar.userId, voters.enteredBy))
    .where(where)
    .orderBy(asc(voters.createdAt), asc(voters.id))
    .limit(PAGE + 1)
    .all();
  // Each entry carries the others a supervisor must compare before approving it (duplicates.ts).
  const page = rows.slice(0, PAGE).map(({ districtId, dateOfBirthHash, ...entry }) => ({
    ...entry,
    possibleDuplicates: possibleDuplicates(db, {
      id: entry.id,
      fullName: entry.fullName,
      districtId,
      dateOfBirthHash,
    }),
  }));
  return { entries: page, nextAfter: rows.length > PAGE ? (page.at(-1)?.id ?? null) : null };
}

/** One entry by its canonical card number (the schema folds any spelling): how a supervisor finds a voter. */
export function entryByCard(db: Db, voterCardNumber: string) {
  return entries(db).where(eq(voters.voterCardNumber, voterCardNumber)).get() ?? null;
}
