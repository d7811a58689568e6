import { timingSafeEqual } from 'node:crypto';
import type { Db } from '@server/db/client';
import { rollFlags, voters } from '@server/db/schema';
import { isUniqueViolation } from '@server/db/unique';
import { DomainError } from '@server/errors/domain-error';
import { recordAudit } from '@server/services/audit';
import type { ClaimInput } from '@shared/schemas/voter-roll';
import { and, eq, isNull } from 'drizzle-orm';
import { dateOfBirthHash } from './date-of-birth';

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * A citizen links their account to an entry imported from the commission's roll (enrolled, no account yet),
 * by voter card number and date of birth. A wrong card and a wrong date get one and the same sentence, so the
 * answer never tells which card numbers exist. A card already held by another account is refused and flagged
 * for supervisors (one open flag per card and claimant), but only when card and date are right: anything
 * less is the same no-match sentence, so "already claimed" is never an oracle for a bare card number. The conditional update (user_id IS NULL) and the
 * unique index on voters.user_id decide between simultaneous claims: exactly one link, whoever asks.
 * The caller takes the rate-limit points first.
 */
export function claimVoterEntry(db: Db, userId: string, input: ClaimInput, now = new Date()) {
  const hash = dateOfBirthHash(db, input.dateOfBirth);
  const result = linkEntry(db, userId, input.voterCardNumber, hash, now);
  // Thrown after the transaction committed, so the flag and its audit row stay.
  if (result.outcome === 'alreadyClaimed') throw new DomainError('claim.alreadyClaimed');
  return { id: result.id };
}

function linkEntry(db: Db, userId: string, voterCardNumber: string, hash: string, now: Date) {
  try {
    return db.transaction((tx) => {
      const own = tx.select({ id: voters.id }).from(voters).where(eq(voters.userId, userId)).get();
      if (own) throw new DomainError('claim.accountHasEntry');
      const entry = tx
        .select({
          id: voters.id,
          source: voters.source,
          status: voters.status,
          dateOfBirthHash: voters.dateOfBirthHash,
          userId: voters.userId,
        })
        .from(voters)
        .where(eq(voters.voterCardNumber, voterCardNumber))
        .get();
      const matches =
        entry?.source === 'import' && entry.dateOfBirthHash !== null && sameHash(entry.dateOfBirthHash, hash);
      if (!entry || !matches) throw new DomainError('claim.noMatch');
      if (entry.userId !== null) {
        flagClaimedCard(tx, entry.id, userId, now);
        return { outcome: 'alreadyClaimed' as const };
      }
      if (entry.status !== 'enrolled') throw new DomainError('claim.noMatch');
      const linked = tx
        .update(voters)
        .set({ userId, updatedAt: now })
        .where(and(eq(voters.id, entry.id), isNull(voters.userId), eq(voters.status, 'enrolled')))
        .run();
      if (linked.changes !== 1) {
        // Another claim linked it between our read and this update: the same rule as a card already held.
        flagClaimedCard(tx, entry.id, userId, now);
        return { outcome: 'alreadyClaimed' as const };
      }
      recordAudit(tx, {
        action: 'claim',
        tableName: 'voters',
        recordId: entry.id,
        newValues: { userId },
        actorId: userId,
      });
      return { outcome: 'linked' as const, id: entry.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('claim.accountHasEntry');
    throw error;
  }
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
