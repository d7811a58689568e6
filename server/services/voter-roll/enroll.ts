import type { Db } from '@server/db/client';
import { enrollmentCodes, profiles, registrationCenters, users, voters } from '@server/db/schema';
import { isUniqueViolation } from '@server/db/unique';
import { DomainError } from '@server/errors/domain-error';
import { recordAudit } from '@server/services/audit';
import { withTexts } from '@server/services/bilingual';
import type { EnrollInput } from '@shared/schemas/voter-roll';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { cardsHeldByCollisions } from './card-collisions';
import { checkPlace, type StaffActor } from './centers';
import { accountOfCode, enrollmentCodeHash, entryOfAccount } from './enrollment-codes';
import { maskEmail } from './masking';

function accountName(db: Pick<Db, 'select'>, userId: string) {
  return db
    .select({ fullName: profiles.fullName, email: users.email })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .get();
}

/**
 * The account behind a code, for the registrar to compare with the identity document: the name and a masked
 * e-mail address. Refused for an account already on the roll, so the registrar hears it before typing.
 */
export function lookupEnrollmentCode(db: Db, actor: StaffActor, code: string, now = new Date()) {
  const { userId } = accountOfCode(db, enrollmentCodeHash(db, code), now);
  if (userId === actor.id) throw new DomainError('registrar.ownAccount');
  const entry = entryOfAccount(db, userId);
  if (entry && entry.status !== 'rejected') throw new DomainError('registrar.accountHasEntry');
  const account = accountName(db, userId);
  return { fullName: account?.fullName ?? 'User', email: maskEmail(account?.email ?? '') };
}

/** Which unique index refused an insert or update of voters. */
function duplicateOf(error: unknown): 'card' | 'account' | null {
  if (!isUniqueViolation(error)) return null;
  const text = String((error as Error).message);
  return text.includes('voter_card_number') ? 'card' : 'account';
}

/**
 * A registrar records a citizen seen in person: a pending entry linked to the code's account. Everything in
 * one transaction; the code is marked used with a conditional update and the unique indexes (card, account)
 * decide between simultaneous submits, so a double-submit yields one entry. An account whose entry was
 * rejected is recorded again on that same entry (its history stays in the audit log). Another account's rejected
 * entry does not hold the card (voters_card_live_unique): the new entry sits beside it.
 */
export function enrollVoter(db: Db, actor: StaffActor, input: EnrollInput, now = new Date()): { id: string } {
  const codeHash = enrollmentCodeHash(db, input.code);
  try {
    return db.transaction((tx) => {
      const code = accountOfCode(tx, codeHash, now);
      if (code.userId === actor.id) throw new DomainError('registrar.ownAccount');
      checkPlace(tx, actor, input.centerId, input.districtId);
      const previous = entryOfAccount(tx, code.userId);
      if (previous && previous.status !== 'rejected') throw new DomainError('registrar.accountHasEntry');
      // Card numbers are stored canonical, so the unique index decides, but for a card a collision group holds.
      if (cardsHeldByCollisions(tx, input.voterCardNumber).length > 0)
        throw new DomainError('registrar.cardOnRoll');
      const fullName = input.fullName ?? accountName(tx, code.userId)?.fullName ?? 'User';
      const values = {
        voterCardNumber: input.voterCardNumber,
        fullName,
        districtId: input.districtId,
        centerId: input.centerId,
        status: 'pending' as const,
        source: 'registrar' as const,
        userId: code.userId,
        enteredBy: actor.id,
        reviewedBy: null,
        reviewedAt: null,
        statusReason: null,
        dateOfBirthHash: null,
        updatedAt: now,
      };
      let id = previous?.id;
      // What the entry said before it is written again, for the audit row: a rejection's reason and the name
      // typed then stay readable after the new visit replaces them.
      const before = id
        ? tx
            .select({
              voterCardNumber: voters.voterCardNumber,
              fullName: voters.fullName,
              districtId: voters.districtId,
              centerId: voters.centerId,
              status: voters.status,
              statusReason: voters.statusReason,
              enteredBy: voters.enteredBy,
              reviewedBy: voters.reviewedBy,
              reviewedAt: voters.reviewedAt,
              source: voters.source,
              dateOfBirthOnEntry: sql<boolean>`${voters.dateOfBirthHash} IS NOT NULL`.mapWith(Boolean),
            })
            .from(voters)
            .where(eq(voters.id, id))
            .get()
        : undefined;
      if (id) tx.update(voters).set(values).where(eq(voters.id, id)).run();
      else
        id = tx
          .insert(voters)
          .values({ ...values, createdAt: now })
          .returning({ id: voters.id })
          .get().id;
      const marked = tx
        .update(enrollmentCodes)
        .set({ usedAt: now })
        .where(and(eq(enrollmentCodes.codeHash, code.codeHash), isNull(enrollmentCodes.usedAt)))
        .run();
      if (marked.changes !== 1) throw new DomainError('registrar.codeUsed');
      recordAudit(tx, {
        action: previous ? 'enroll_again' : 'enroll',
        tableName: 'voters',
        recordId: id,
        newValues: {
          voterCardNumber: input.voterCardNumber,
          fullName,
          districtId: input.districtId,
          centerId: input.centerId,
          userId: code.userId,
          status: 'pending',
          // Cleared by the new visit: named so that the audit row keeps what they were.
          ...(before
            ? {
                statusReason: null,
                enteredBy: actor.id,
                reviewedBy: null,
                reviewedAt: null,
                source: 'registrar',
                dateOfBirthOnEntry: false,
              }
            : {}),
        },
        ...(before ? { before } : {}),
        actorId: actor.id,
      });
      return { id };
    });
  } catch (error) {
    const duplicate = duplicateOf(error);
    if (duplicate === 'card') throw new DomainError('registrar.cardOnRoll');
    if (duplicate === 'account') throw new DomainError('registrar.accountHasEntry');
    throw error;
  }
}

/** The registrar's own recent entries (the last 100) and where they stand. */
export function myEntries(db: Db, actorId: string) {
  return db
    .select({
      id: voters.id,
      voterCardNumber: voters.voterCardNumber,
      fullName: voters.fullName,
      status: voters.status,
      statusReason: voters.statusReason,
      centerName: registrationCenters.name,
      centerNameSo: registrationCenters.nameSo,
      createdAt: voters.createdAt,
      reviewedAt: voters.reviewedAt,
    })
    .from(voters)
    .leftJoin(registrationCenters, eq(registrationCenters.id, voters.centerId))
    .where(eq(voters.enteredBy, actorId))
    .orderBy(desc(voters.createdAt))
    .limit(100)
    .all()
    .map((entry) => withTexts(entry, ['centerName']));
}
