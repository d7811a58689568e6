import type { Db } from '@server/db/client';
import { districts, voters } from '@server/db/schema';
import type { ClaimInput } from '@shared/schemas/voter-roll';
import type { VoterStatus } from '@shared/voter-roll';
import { eq } from 'drizzle-orm';
import { liveEntryFirst, ofCard } from './card-entry';
import { sameHash } from './claim';
import { giveBackCardAttempt, lockIfGuessed, takeCardAttempt } from './claim-guesses';
import { dateOfBirthHash } from './date-of-birth';

export type CardStatus =
  | { outcome: 'found'; status: VoterStatus; region: string | null; district: string | null }
  | { outcome: 'noMatch' | 'locked' };

/**
 * A card's place on the roll, for whoever holds the card and knows its date of birth (a phone without an
 * account, on USSD). It spends the card's online attempts exactly as a claim does (claim-guesses.ts): wrong dates
 * from any number of phones add up on the card, the lock stops even the right date, and supervisors get the
 * flag. A wrong card and a wrong date get the same answer, so no answer tells which cards exist; a right one
 * gives its attempt back. The caller takes the per-number points first.
 */
export function cardStatusByBirthDate(
  db: Db,
  input: ClaimInput,
  askerId: string | null,
  now = new Date(),
): CardStatus {
  const card = input.voterCardNumber;
  return db.transaction((tx): CardStatus => {
    if (takeCardAttempt(tx, card, now) === 'locked') return { outcome: 'locked' };
    const entry = tx
      .select({
        status: voters.status,
        dateOfBirthHash: voters.dateOfBirthHash,
        region: districts.region,
        district: districts.name,
      })
      .from(voters)
      .leftJoin(districts, eq(districts.id, voters.districtId))
      .where(ofCard(card))
      .orderBy(...liveEntryFirst)
      .get();
    // Hashed only once the attempt is counted: a locked card costs no keyed hash.
    const hash = dateOfBirthHash(db, input.dateOfBirth);
    if (entry?.dateOfBirthHash && sameHash(entry.dateOfBirthHash, hash)) {
      giveBackCardAttempt(tx, card);
      return { outcome: 'found', status: entry.status, region: entry.region, district: entry.district };
    }
    return lockIfGuessed(tx, card, askerId, now) ? { outcome: 'locked' } : { outcome: 'noMatch' };
  });
}
