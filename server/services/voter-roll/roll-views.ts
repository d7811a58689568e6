import type { Db } from '@server/db/client';
import { districts, profiles, registrationCenters, voters } from '@server/db/schema';
import { DomainError } from '@server/errors/domain-error';
import { withTexts } from '@server/services/bilingual';
import type { VoterStatus } from '@shared/voter-roll';
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { liveEntryFirst, ofCard } from './card-entry';
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
  centerNameSo: registrationCenters.nameSo,
  registrarName: registrar.fullName,
  createdAt: voters.createdAt,
  reviewedAt: voters.reviewedAt,
};

/** An entry as answers give it: the center's name in both languages (docs/decisions/021-bilingual-content.md). */
const withCenterName = <R extends { centerName: string | null; centerNameSo: string | null }>(entry: R) =>
  withTexts(entry, ['centerName']);

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
    ...withCenterName(entry),
    possibleDuplicates: possibleDuplicates(db, {
      id: entry.id,
      voterCardNumber: entry.voterCardNumber,
      fullName: entry.fullName,
      districtId,
      dateOfBirthHash,
    }),
  }));
  return { entries: page, nextAfter: rows.length > PAGE ? (page.at(-1)?.id ?? null) : null };
}

/** One entry by its canonical card number (the schema folds any spelling): how a supervisor finds a voter. */
export function entryByCard(db: Db, voterCardNumber: string) {
  const entry = entries(db)
    .where(ofCard(voterCardNumber))
    .orderBy(...liveEntryFirst)
    .get();
  return entry ? withCenterName(entry) : null;
}

/** A page of a name search: few enough to read on a phone, and a bounded read of the index. */
const NAME_PAGE = 20;

export interface NameSearch {
  /** The name's words, as shared/voter-roll.ts's nameSearchWords gives them. */
  name: string[];
  districtId?: string;
  status?: VoterStatus;
  /** The previous page's nextAfter. */
  after?: number;
}

/**
 * Entries whose name has every word searched, in any order (the last may be the start of a word, as it is being
 * typed), optionally in one district and with one status; 20 a page in the roll's order, `nextAfter` giving the
 * next (null on the last). The name index (FTS5, drizzle/0015) drives the read: its words' lists are walked in
 * rowid order from `after` and stop at the page's end, so a page costs the same in a roll of millions.
 */
export function entriesByName(db: Db, search: NameSearch) {
  const last = search.name.length - 1;
  const match = search.name.map((word, index) => (index === last ? `"${word}"*` : `"${word}"`)).join(' ');
  const rowids = db.$client
    .prepare(
      `SELECT s.rowid FROM voters_name_search s JOIN voters v ON v.rowid = s.rowid
       WHERE voters_name_search MATCH ? AND s.rowid > ?
         AND (? IS NULL OR v.district_id = ?) AND (? IS NULL OR v.status = ?)
       ORDER BY s.rowid LIMIT ?`,
    )
    .pluck()
    .all(
      match,
      search.after ?? 0,
      search.districtId ?? null,
      search.districtId ?? null,
      search.status ?? null,
      search.status ?? null,
      NAME_PAGE + 1,
    ) as number[];
  const page = rowids.slice(0, NAME_PAGE);
  const rowid = sql<number>`${voters}.rowid`;
  const found =
    page.length === 0
      ? []
      : entries(db).where(inArray(rowid, page)).orderBy(asc(rowid)).all().map(withCenterName);
  return { entries: found, nextAfter: rowids.length > NAME_PAGE ? (page.at(-1) ?? null) : null };
}

/** Every district, by region and name: the search's district filter. */
export function rollDistricts(db: Db) {
  return db
    .select({ id: districts.id, name: districts.name, region: districts.region })
    .from(districts)
    .orderBy(asc(districts.region), asc(districts.name))
    .all();
}
