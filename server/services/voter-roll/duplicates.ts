import type { Db } from '@server/db/client';
import { districts, voters } from '@server/db/schema';
import { nameSearchWords } from '@shared/voter-roll';
import { and, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import { liveEntryFirst, ofCard } from './card-entry';

/** At most this many look-alikes are listed with an entry (the count says if there are more to compare). */
const SHOWN = 10;

export interface EntryToCompare {
  id: string;
  voterCardNumber: string;
  fullName: string;
  districtId: string;
  dateOfBirthHash: string | null;
}

/** Entries read from the name index for one comparison, before the names are compared word for word. */
const READ = 200;

/** A name as a person reads it: its words, whatever their case, accents, spacing, punctuation or order. */
function nameKey(name: string): string {
  return nameSearchWords(name).sort().join(' ');
}

/**
 * Other entries a supervisor must compare before approving: the same name and the same date of birth (where both
 * carry one) or the same district. Names are the same when their words are (shared/voter-roll.ts's
 * nameSearchWords: "HODAN  Cali" is "Hodan Cali", "Sádia" is "Sadia"), in any order. Rejected entries are left
 * out of these: they are no voter. One person entered twice under two card numbers is what this catches; the
 * card's unique index catches the rest. The name index (FTS5, drizzle/0017) finds the entries holding every word,
 * so the read does not grow with the roll.
 * First come the entries refused before on the same card, whatever their name: a rejected entry does not hold its
 * card (docs/product.md#enrollment-and-the-voter-roll), so a card refused as forged can be entered again, and the
 * supervisor reads why it was refused before approving it.
 */
export function possibleDuplicates(db: Pick<Db, 'select'>, entry: EntryToCompare) {
  const key = nameKey(entry.fullName);
  const refusedOnCard = compared(db)
    .where(and(ofCard(entry.voterCardNumber), eq(voters.status, 'rejected'), ne(voters.id, entry.id)))
    .orderBy(...liveEntryFirst)
    .limit(SHOWN)
    .all();
  if (key === '') return refusedOnCard;
  const match = nameSearchWords(entry.fullName)
    .map((word) => `"${word}"`)
    .join(' ');
  const sameDateOfBirth = entry.dateOfBirthHash
    ? and(isNotNull(voters.dateOfBirthHash), eq(voters.dateOfBirthHash, entry.dateOfBirthHash))
    : undefined;
  const sameName = compared(db)
    .where(
      and(
        sql`${voters}.rowid IN (SELECT rowid FROM voters_name_search WHERE voters_name_search MATCH ${match})`,
        ne(voters.id, entry.id),
        ne(voters.status, 'rejected'),
        or(eq(voters.districtId, entry.districtId), sameDateOfBirth),
      ),
    )
    .limit(READ)
    .all()
    .filter((other) => nameKey(other.fullName) === key);
  return [...refusedOnCard, ...sameName].slice(0, SHOWN);
}

/** What a supervisor reads of each entry to compare. */
function compared(db: Pick<Db, 'select'>) {
  return db
    .select({
      id: voters.id,
      voterCardNumber: voters.voterCardNumber,
      fullName: voters.fullName,
      status: voters.status,
      statusReason: voters.statusReason,
      districtName: districts.name,
    })
    .from(voters)
    .innerJoin(districts, eq(districts.id, voters.districtId))
    .$dynamic();
}
