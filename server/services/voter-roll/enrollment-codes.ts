import { randomInt } from 'node:crypto';
import type { Db } from '@server/db/client';
import { keyedHash } from '@server/db/keys';
import { enrollmentCodes, voters } from '@server/db/schema';
import { isUniqueViolation } from '@server/db/unique';
import { DomainError } from '@server/errors/domain-error';
import { recordAudit } from '@server/services/audit';
import { ENROLLMENT_CODE_ALPHABET, ENROLLMENT_CODE_LENGTH, ENROLLMENT_CODE_TTL_MS } from '@shared/voter-roll';
import { and, eq, isNull } from 'drizzle-orm';

/**
 * Only this keyed hash of a (normalised) code is stored: 20^8 codes are few enough to hash them all, so a
 * plain hash would give a copy of the database every live code; without the key file it gives none.
 */
export function enrollmentCodeHash(db: Db, code: string): string {
  return keyedHash(db, 'enrollment-code-hmac', code);
}

function newCode(): string {
  let code = '';
  for (let i = 0; i < ENROLLMENT_CODE_LENGTH; i += 1) {
    code += ENROLLMENT_CODE_ALPHABET[randomInt(ENROLLMENT_CODE_ALPHABET.length)];
  }
  return code;
}

/** The account's own entry, if any: its status decides whether a new code makes sense. */
export function entryOfAccount(db: Pick<Db, 'select'>, userId: string) {
  return db
    .select({ id: voters.id, status: voters.status })
    .from(voters)
    .where(eq(voters.userId, userId))
    .get();
}

/**
 * A new enrollment code for the citizen to show at a center, valid for 24 hours. It replaces the account's
 * previous unused code. Refused while the account is enrolled, pending or suspended (a rejected citizen may
 * try again). The code itself is returned once and never stored or audited.
 */
export function requestEnrollmentCode(db: Db, userId: string, now = new Date()) {
  const entry = entryOfAccount(db, userId);
  if (entry?.status === 'enrolled') throw new DomainError('enrollment.alreadyEnrolled');
  if (entry?.status === 'pending') throw new DomainError('enrollment.alreadyPending');
  if (entry?.status === 'suspended') throw new DomainError('enrollment.suspended');
  const expiresAt = new Date(now.getTime() + ENROLLMENT_CODE_TTL_MS);
  // 20^8 codes: a collision with a live code is next to impossible, but the primary key decides, so retry.
  for (let attempt = 0; ; attempt += 1) {
    const code = newCode();
    try {
      db.transaction((tx) => {
        tx.delete(enrollmentCodes)
          .where(and(eq(enrollmentCodes.userId, userId), isNull(enrollmentCodes.usedAt)))
          .run();
        tx.insert(enrollmentCodes)
          .values({ codeHash: enrollmentCodeHash(db, code), userId, expiresAt, createdAt: now })
          .run();
        recordAudit(tx, {
          action: 'request_code',
          tableName: 'enrollment_codes',
          recordId: userId,
          newValues: { expiresAt: expiresAt.toISOString() },
          actorId: userId,
        });
      });
      return { code, expiresAt };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

/**
 * The account behind a code a registrar typed (given as enrollmentCodeHash's hash, so a transaction can look
 * it up), if the code is valid now: unknown, used and expired codes each have their own sentence (the
 * registrar tells the citizen what to do).
 */
export function accountOfCode(db: Pick<Db, 'select'>, codeHash: string, now = new Date()) {
  const row = db
    .select({
      codeHash: enrollmentCodes.codeHash,
      userId: enrollmentCodes.userId,
      expiresAt: enrollmentCodes.expiresAt,
      usedAt: enrollmentCodes.usedAt,
    })
    .from(enrollmentCodes)
    .where(eq(enrollmentCodes.codeHash, codeHash))
    .get();
  if (!row) throw new DomainError('registrar.codeUnknown');
  if (row.usedAt) throw new DomainError('registrar.codeUsed');
  if (row.expiresAt.getTime() <= now.getTime()) throw new DomainError('registrar.codeExpired');
  return row;
}
