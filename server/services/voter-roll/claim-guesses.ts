import type { Db } from '@server/db/client';
import { cardClaimAttempts, rollFlags, voters } from '@server/db/schema';
import { recordAudit } from '@server/services/audit';
import { CLAIM_ATTEMPTS_PER_CARD, CLAIM_LOCK_MS, CLAIM_WINDOW_MS } from '@shared/voter-roll';
import { eq, lt, sql } from 'drizzle-orm';

type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

/**
 * Takes one of the card's online claims before the date of birth is compared, inside the claim's transaction
 * (one writer at a time in SQLite, so 200 simultaneous claims count exactly 200, or stop exactly at the lock).
 * Counted on the canonical card number whether or not it is on the roll, so neither the count nor the lock tells
 * which cards exist. 'locked' when the card cannot be claimed online now: nothing is counted then.
 */
export function takeCardAttempt(tx: Tx, voterCardNumber: string, now: Date): 'taken' | 'locked' {
  forgetSpentCards(tx, now);
  const row = tx
    .select()
    .from(cardClaimAttempts)
    .where(eq(cardClaimAttempts.voterCardNumber, voterCardNumber))
    .get();
  if (row?.lockedUntil && row.lockedUntil.getTime() > now.getTime()) return 'locked';
  const windowOver = !row || now.getTime() - row.windowStartedAt.getTime() >= CLAIM_WINDOW_MS;
  tx.insert(cardClaimAttempts)
    .values({ voterCardNumber, attempts: 1, windowStartedAt: now, lockedUntil: null })
    .onConflictDoUpdate({
      target: cardClaimAttempts.voterCardNumber,
      set: windowOver
        ? { attempts: 1, windowStartedAt: now, lockedUntil: null }
        : { attempts: sql`${cardClaimAttempts.attempts} + 1` },
    })
    .run();
  return 'taken';
}

/**
 * Deletes the counts of cards whose window and lock are both over (a lock starts inside its window and lasts
 * CLAIM_LOCK_MS), so junk card numbers do not pile up; the window's index keeps it to the rows it deletes.
 */
function forgetSpentCards(tx: Tx, now: Date) {
  const spentBefore = new Date(now.getTime() - CLAIM_WINDOW_MS - CLAIM_LOCK_MS);
  tx.delete(cardClaimAttempts).where(lt(cardClaimAttempts.windowStartedAt, spentBefore)).run();
}

/** A claim that linked the card was no guess: its attempt is given back. */
export function giveBackCardAttempt(tx: Tx, voterCardNumber: string) {
  tx.update(cardClaimAttempts)
    .set({ attempts: sql`max(${cardClaimAttempts.attempts} - 1, 0)` })
    .where(eq(cardClaimAttempts.voterCardNumber, voterCardNumber))
    .run();
}

/**
 * After a claim that did not link the card: at CLAIM_ATTEMPTS_PER_CARD attempts in the window the card is
 * locked for CLAIM_LOCK_MS and, when it is on the roll, supervisors get one 'dateOfBirthGuessing' flag for this
 * lockout. True when this attempt locked it.
 */
export function lockIfGuessed(tx: Tx, voterCardNumber: string, claimantId: string, now: Date): boolean {
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
    .where(eq(voters.voterCardNumber, voterCardNumber))
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
