import type { Db } from '@server/db/client';
import { cardClaimAttempts, cardClaimAttemptTimes, rollFlags, voters } from '@server/db/schema';
import { recordAudit } from '@server/services/audit';
import { CLAIM_ATTEMPTS_PER_CARD, CLAIM_LOCK_MS, CLAIM_WINDOW_MS } from '@shared/voter-roll';
import { and, count, eq, isNull, lte, max, min, notExists, or } from 'drizzle-orm';
import { liveEntryFirst, ofCard } from './card-entry';

type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

/**
 * Takes one of the card's online claims before the date of birth is compared, inside the claim's transaction
 * (one writer at a time in SQLite, so 200 simultaneous claims count exactly 200, or stop exactly at the lock).
 * Counted on the canonical card number whether or not it is on the roll, so neither the count nor the lock tells
 * which cards exist. The count is of the claims within CLAIM_WINDOW_MS before now, a window that slides with each
 * claim: 4 just before a fixed window would end and 4 just after are 8 within the window, not two times 4.
 * 'locked' when the card cannot be claimed online now: nothing is counted then.
 */
export function takeCardAttempt(tx: Tx, voterCardNumber: string, now: Date): 'taken' | 'locked' {
  forgetSpentCards(tx, now);
  const row = tx
    .select({ lockedUntil: cardClaimAttempts.lockedUntil })
    .from(cardClaimAttempts)
    .where(eq(cardClaimAttempts.voterCardNumber, voterCardNumber))
    .get();
  if (row?.lockedUntil && row.lockedUntil.getTime() > now.getTime()) return 'locked';
  tx.insert(cardClaimAttemptTimes).values({ voterCardNumber, attemptedAt: now }).run();
  recount(tx, voterCardNumber);
  return 'taken';
}

/** Stores the card's count within the window and its oldest attempt there (what lockIfGuessed reads). */
function recount(tx: Tx, voterCardNumber: string) {
  const window = tx
    .select({ attempts: count(), oldest: min(cardClaimAttemptTimes.attemptedAt) })
    .from(cardClaimAttemptTimes)
    .where(eq(cardClaimAttemptTimes.voterCardNumber, voterCardNumber))
    .get();
  const attempts = window?.attempts ?? 0;
  const windowStartedAt = window?.oldest ?? new Date(0);
  tx.insert(cardClaimAttempts)
    .values({ voterCardNumber, attempts, windowStartedAt, lockedUntil: null })
    .onConflictDoUpdate({ target: cardClaimAttempts.voterCardNumber, set: { attempts, windowStartedAt } })
    .run();
}

/**
 * Deletes the claim times that left the window, then the counts of cards with no claim left in the window and
 * no lock running, so junk card numbers do not pile up. The indexes keep it to the rows deleted: a card with a
 * claim in the window has its oldest one within CLAIM_WINDOW_MS, and a lock lasts CLAIM_LOCK_MS from a claim.
 */
function forgetSpentCards(tx: Tx, now: Date) {
  tx.delete(cardClaimAttemptTimes)
    .where(lte(cardClaimAttemptTimes.attemptedAt, new Date(now.getTime() - CLAIM_WINDOW_MS)))
    .run();
  const spentBefore = new Date(now.getTime() - CLAIM_WINDOW_MS);
  tx.delete(cardClaimAttempts)
    .where(
      and(
        lte(cardClaimAttempts.windowStartedAt, spentBefore),
        or(isNull(cardClaimAttempts.lockedUntil), lte(cardClaimAttempts.lockedUntil, now)),
        notExists(
          tx
            .select({ id: cardClaimAttemptTimes.id })
            .from(cardClaimAttemptTimes)
            .where(eq(cardClaimAttemptTimes.voterCardNumber, cardClaimAttempts.voterCardNumber)),
        ),
      ),
    )
    .run();
}

/** A claim that linked the card was no guess: its attempt (the card's latest) is given back. */
export function giveBackCardAttempt(tx: Tx, voterCardNumber: string) {
  const latest = tx
    .select({ id: max(cardClaimAttemptTimes.id) })
    .from(cardClaimAttemptTimes)
    .where(eq(cardClaimAttemptTimes.voterCardNumber, voterCardNumber))
    .get();
  if (latest?.id != null)
    tx.delete(cardClaimAttemptTimes).where(eq(cardClaimAttemptTimes.id, latest.id)).run();
  recount(tx, voterCardNumber);
}

/**
 * After a claim that did not link the card: at CLAIM_ATTEMPTS_PER_CARD attempts in the window the card is
 * locked for CLAIM_LOCK_MS and, when it is on the roll, supervisors get one 'dateOfBirthGuessing' flag for this
 * lockout. True when this attempt locked it. `claimantId` is null for a look-up by a phone without an account.
 */
export function lockIfGuessed(
  tx: Tx,
  voterCardNumber: string,
  claimantId: string | null,
  now: Date,
): boolean {
  const row = tx
    .select({ attempts: cardClaimAttempts.attempts })
    .from(cardClaimAttempts)
    .where(eq(cardClaimAttempts.voterCardNumber, voterCardNumber))
    .get();
  if (!row || row.attempts < CLAIM_ATTEMPTS_PER_CARD) return false;
  tx.update(cardClaimAttempts)
    .set({ lockedUntil: new Date(now.getTime() + CLAIM_LOCK_MS) })
    .where(eq(cardClaimAttempts.voterCardNumber, voterCardNumber))
    .run();
  const entry = tx
    .select({ id: voters.id })
    .from(voters)
    .where(ofCard(voterCardNumber))
    .orderBy(...liveEntryFirst)
    .get();
  if (entry) {
    const flag = tx
      .insert(rollFlags)
      .values({ kind: 'dateOfBirthGuessing', voterId: entry.id, reportedUserId: claimantId, createdAt: now })
      .returning({ id: rollFlags.id })
      .get();
    recordAudit(tx, {
      action: 'claim_locked',
      tableName: 'roll_flags',
      recordId: flag.id,
      newValues: { voterId: entry.id, kind: 'dateOfBirthGuessing', attempts: row.attempts },
      actorId: claimantId,
    });
  }
  return true;
}
