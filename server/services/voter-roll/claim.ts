import { timingSafeEqual } from 'node:crypto';
import { hasConfirmedContact } from '@server/auth/contact';
import type { Db } from '@server/db/client';
import { rollFlags, voters } from '@server/db/schema';
import { isUniqueViolation } from '@server/db/unique';
import { DomainError } from '@server/errors/domain-error';
import { recordAudit } from '@server/services/audit';
import type { ClaimInput } from '@shared/schemas/voter-roll';
import { and, eq, isNull } from 'drizzle-orm';
import { liveEntryFirst, ofCard } from './card-entry';
import { giveBackCardAttempt, lockIfGuessed, takeCardAttempt } from './claim-guesses';
import { dateOfBirthHash } from './date-of-birth';

/** Compares two keyed hashes in constant time. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Who claims: the account, and whether it has a confirmed contact (server/auth/contact.ts). */
export interface Claimant {
  id: string;
  emailVerified: boolean;
  phoneConfirmed: boolean;
}

type Outcome =
  | { outcome: 'linked'; id: string; status: 'enrolled' | 'pending' }
  | { outcome: 'noMatch' | 'alreadyClaimed' | 'accountHasEntry' | 'locked' };

/**
 * A citizen links their account to an entry imported from the commission's roll (enrolled, no account yet),
 * by voter card number and date of birth. Needs a confirmed contact, so a throwaway account cannot take an
 * entry. A wrong card and a wrong date get one and the same sentence, so the answer never tells which card
 * numbers exist. A card already held by another account is refused and flagged for supervisors (one open flag
 * per card and claimant), but only when card and date are right: anything less is the same no-match sentence,
 * so "already claimed" is never an oracle for a bare card number.
 *
 * Every claim takes one of the card's attempts first (claim-guesses.ts): wrong dates and claims of a linked card
 * from any number of accounts and addresses add up on the card, and at the limit the card is locked for online
 * claims, even with the right date, and supervisors are told. The conditional update (user_id IS NULL) and the
 * unique index on voters.user_id decide between simultaneous claims: exactly one link, whoever asks. The
 * caller takes the per-account and per-address points first.
 */
export function claimVoterEntry(db: Db, claimant: Claimant, input: ClaimInput, now = new Date()) {
  if (!hasConfirmedContact(claimant)) throw new DomainError('claim.contactNotConfirmed');
  const result = claimInTransaction(db, claimant.id, input, now);
  // Thrown after the transaction committed, so the count, the flags and their audit rows stay.
  switch (result.outcome) {
    case 'linked':
      return { id: result.id, status: result.status };
    case 'locked':
      throw new DomainError('claim.cardLocked');
    case 'alreadyClaimed':
      throw new DomainError('claim.alreadyClaimed');
    case 'accountHasEntry':
      throw new DomainError('claim.accountHasEntry');
    default:
      throw new DomainError('claim.noMatch');
  }
}

function claimInTransaction(db: Db, userId: string, input: ClaimInput, now: Date): Outcome {
  const card = input.voterCardNumber;
  try {
    return db.transaction((tx): Outcome => {
      const own = tx
        .select({ id: voters.id, status: voters.status })
        .from(voters)
        .where(eq(voters.userId, userId))
        .get();
      if (own && own.status !== 'rejected') return { outcome: 'accountHasEntry' };
      if (takeCardAttempt(tx, card, now) === 'locked') return { outcome: 'locked' };
      const result = linkEntry(tx, db, userId, input, now, own?.id);
      if (result.outcome === 'linked') {
        giveBackCardAttempt(tx, card);
        return result;
      }
      return lockIfGuessed(tx, card, userId, now) ? { outcome: 'locked' } : result;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('claim.accountHasEntry');
    throw error;
  }
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function linkEntry(
  tx: Tx,
  db: Db,
  userId: string,
  input: ClaimInput,
  now: Date,
  refusedOwn?: string,
): Outcome {
  const entry = tx
    .select({
      id: voters.id,
      source: voters.source,
      status: voters.status,
      dateOfBirthHash: voters.dateOfBirthHash,
      userId: voters.userId,
      enteredBy: voters.enteredBy,
      reviewedBy: voters.reviewedBy,
    })
    .from(voters)
    .where(ofCard(input.voterCardNumber))
    .orderBy(...liveEntryFirst)
    .get();
  // Hashed only once the attempt is counted: a locked card costs no keyed hash.
  const hash = dateOfBirthHash(db, input.dateOfBirth);
  const matches =
    entry?.source === 'import' && entry.dateOfBirthHash !== null && sameHash(entry.dateOfBirthHash, hash);
  if (!entry || !matches) return { outcome: 'noMatch' };
  if (entry.userId !== null) {
    flagClaimedCard(tx, entry.id, userId, now);
    return { outcome: 'alreadyClaimed' };
  }
  if (entry.status !== 'enrolled') return { outcome: 'noMatch' };
  // Four eyes (review.ts): the admin who asked for the import holding this entry, or the one who confirmed it,
  // links it to their own account only for a supervisor to approve, as an entry made at a center would be.
  const ownWork = entry.enteredBy === userId || entry.reviewedBy === userId;
  const status = ownWork ? 'pending' : 'enrolled';
  // The account's rejected entry (a visit a supervisor refused) gives way to the commission's entry the account
  // has just proved is theirs: it stays on the roll with its reason, unlinked, and the audit names the account.
  const unlinkRefused = (to: string | null) =>
    refusedOwn &&
    tx
      .update(voters)
      .set({ userId: to, updatedAt: now })
      .where(and(eq(voters.id, refusedOwn), eq(voters.status, 'rejected')))
      .run();
  unlinkRefused(null);
  const linked = tx
    .update(voters)
    .set({ userId, status, updatedAt: now })
    .where(and(eq(voters.id, entry.id), isNull(voters.userId), eq(voters.status, 'enrolled')))
    .run();
  if (linked.changes !== 1) {
    unlinkRefused(userId);
    // Another claim linked it between our read and this update: the same rule as a card already held.
    flagClaimedCard(tx, entry.id, userId, now);
    return { outcome: 'alreadyClaimed' };
  }
  if (refusedOwn) {
    recordAudit(tx, {
      action: 'unlink_rejected',
      tableName: 'voters',
      recordId: refusedOwn,
      newValues: { userId: null },
      before: { userId },
      actorId: userId,
    });
  }
  recordAudit(tx, {
    action: 'claim',
    tableName: 'voters',
    recordId: entry.id,
    newValues: ownWork ? { userId, status } : { userId },
    ...(ownWork ? { before: { status: entry.status } } : {}),
    actorId: userId,
  });
  return { outcome: 'linked', id: entry.id, status };
}

/** One open flag per card and claimant, however often they try; every attempt is audited. */
function flagClaimedCard(tx: Pick<Db, 'select' | 'insert'>, voterId: string, userId: string, now: Date) {
  const open = tx
    .select({ id: rollFlags.id })
    .from(rollFlags)
    .where(
      and(
        eq(rollFlags.voterId, voterId),
        eq(rollFlags.reportedUserId, userId),
        eq(rollFlags.kind, 'cardAlreadyClaimed'),
        isNull(rollFlags.resolvedAt),
      ),
    )
    .get();
  const flagId =
    open?.id ??
    tx
      .insert(rollFlags)
      .values({ kind: 'cardAlreadyClaimed', voterId, reportedUserId: userId, createdAt: now })
      .returning({ id: rollFlags.id })
      .get().id;
  recordAudit(tx, {
    action: 'claim_refused',
    tableName: 'roll_flags',
    recordId: flagId,
    newValues: { voterId, kind: 'cardAlreadyClaimed' },
    actorId: userId,
  });
}
