import type { Db } from '@server/db/client';
import { keyedBytes, keyedHash } from '@server/db/keys';
import { enrollmentCodes, voters } from '@server/db/schema';
import { isUniqueViolation } from '@server/db/unique';
import { DomainError } from '@server/errors/domain-error';
import { recordAudit } from '@server/services/audit';
import { ENROLLMENT_CODE_ALPHABET, ENROLLMENT_CODE_LENGTH, ENROLLMENT_CODE_TTL_MS } from '@shared/voter-roll';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';

/**
 * Only this keyed hash of a (normalised) code is stored: 20^8 codes are few enough to hash them all, so a
 * plain hash would give a copy of the database every live code; without the key file it gives none.
 */
export function enrollmentCodeHash(db: Db, code: string): string {
  return keyedHash(db, 'enrollment-code-hmac', code);
}

/** Tries at making a code that no live code has; the same bound lets the owner's code be made again. */
const CODE_ATTEMPTS = 5;

/**
 * The code of an account's request, made from the account, the request's millisecond and the attempt under a
 * key of the key file: the server can make the owner's live code again to show it after a reload, while the
 * database keeps only its keyed hash (without the key file it gives no code, as before). Each character takes
 * 32 bits of the HMAC modulo 20: the bias is 16 in 2^32.
 */
function codeOfRequest(db: Db, userId: string, createdAt: Date, attempt: number): string {
  const bytes = keyedBytes(db, 'enrollment-code-source', `${userId}:${createdAt.getTime()}:${attempt}`);
  let code = '';
  for (let i = 0; i < ENROLLMENT_CODE_LENGTH; i += 1) {
    code += ENROLLMENT_CODE_ALPHABET[bytes.readUInt32BE(i * 4) % ENROLLMENT_CODE_ALPHABET.length];
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
 * try again). The code itself is never stored or audited: liveEnrollmentCode makes it again for its owner.
 */
export function requestEnrollmentCode(db: Db, userId: string, now = new Date()) {
  const entry = entryOfAccount(db, userId);
  if (entry?.status === 'enrolled') throw new DomainError('enrollment.alreadyEnrolled');
  if (entry?.status === 'pending') throw new DomainError('enrollment.alreadyPending');
  if (entry?.status === 'suspended') throw new DomainError('enrollment.suspended');
  const expiresAt = new Date(now.getTime() + ENROLLMENT_CODE_TTL_MS);
  // 20^8 codes: a collision with a live code is next to impossible, but the primary key decides, so retry.
  for (let attempt = 0; ; attempt += 1) {
    try {
      return db.transaction((tx) => {
        // Each request of an account has a millisecond of its own, so two asked within one still get two codes.
        const newest = tx
          .select({ createdAt: enrollmentCodes.createdAt })
          .from(enrollmentCodes)
          .where(eq(enrollmentCodes.userId, userId))
          .orderBy(desc(enrollmentCodes.createdAt))
          .get();
        const createdAt =
          newest && newest.createdAt.getTime() >= now.getTime()
            ? new Date(newest.createdAt.getTime() + 1)
            : now;
        const code = codeOfRequest(db, userId, createdAt, attempt);
        tx.delete(enrollmentCodes)
          .where(and(eq(enrollmentCodes.userId, userId), isNull(enrollmentCodes.usedAt)))
          .run();
        tx.insert(enrollmentCodes)
          .values({ codeHash: enrollmentCodeHash(db, code), userId, expiresAt, createdAt })
          .run();
        recordAudit(tx, {
          action: 'request_code',
          tableName: 'enrollment_codes',
          recordId: userId,
          newValues: { expiresAt: expiresAt.toISOString() },
          actorId: userId,
        });
        return { code, expiresAt };
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= CODE_ATTEMPTS - 1) throw error;
    }
  }
}

/**
 * The reader's own code while it is live (not used, not expired), so /account shows it again after a reload
 * without replacing it; null when there is none, or when the account no longer needs one. Only the account's
 * own row is read, and the code is made again from it and checked against the stored hash.
 */
export function liveEnrollmentCode(
  db: Db,
  userId: string,
  now = new Date(),
): { code: string; expiresAt: Date } | null {
  const entry = entryOfAccount(db, userId);
  if (entry && entry.status !== 'rejected') return null;
  const row = db
    .select({
      codeHash: enrollmentCodes.codeHash,
      expiresAt: enrollmentCodes.expiresAt,
      createdAt: enrollmentCodes.createdAt,
    })
    .from(enrollmentCodes)
    .where(
      and(
        eq(enrollmentCodes.userId, userId),
        isNull(enrollmentCodes.usedAt),
        gt(enrollmentCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(enrollmentCodes.createdAt))
    .get();
  if (!row) return null;
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
    const code = codeOfRequest(db, userId, row.createdAt, attempt);
    if (enrollmentCodeHash(db, code) === row.codeHash) return { code, expiresAt: row.expiresAt };
  }
  // A code made under another key: it still works at the desk, but only a new one can be shown.
  return null;
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
