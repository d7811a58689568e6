import { timingSafeEqual } from 'node:crypto';
import type { ErrorCode } from '@shared/errors';
import type { InvitationRole } from '@shared/invitations';
import type { acceptInvitationInput } from '@shared/schemas/invitations';
import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { refuseCommonPassword } from '../../auth/common-passwords';
import { hashPassword } from '../../auth/passwords';
import { readPhoneNumber } from '../../auth/phone-numbers';
import { takePoints } from '../../auth/rate-limits';
import { forgetCachedSessions } from '../../auth/session-cache';
import type { SessionUser } from '../../auth/sessions';
import { secretMatches, splitToken } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { profiles, registrationCenters, staffCenters, staffInvitations, users } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique';
import { DomainError } from '../../errors/domain-error';
import { findUserByContact } from '../accounts';
import { recordAudit } from '../audit';
import { codeHash, contactOf, type Deps, type InvitationRow, refuseClosed } from './rows';

// Staff invitations, accepted: the invited person's link or code grants the role, on a new account or their own.

/** Wrong codes one invitation takes before it stops working (as an SMS code of the reset flow). */
export const INVITATION_CODE_TRIES = 5;

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** What a check inside a transaction answers: done, or refused with the sentence thrown once it has ended. */
type Checked<T> = ({ ok: true } & T) | { ok: false; refused: ErrorCode };

interface Found {
  row: InvitationRow;
  /** The hash the request proved, checked again in the accepting write: a message sent again meanwhile wins. */
  proved: { secretHash: Buffer } | { codeHash: string };
}

/** The invitation a link names, or linkInvalid: a wrong secret says nothing about the invitation's state. */
function byLink(db: Db, token: string): Found {
  const parts = splitToken(token);
  const row = parts
    ? db.select().from(staffInvitations).where(eq(staffInvitations.id, parts.id)).get()
    : undefined;
  if (!parts || !row?.secretHash || !secretMatches(parts.secret, row.secretHash)) {
    throw new DomainError('invitation.linkInvalid');
  }
  return { row, proved: { secretHash: row.secretHash } };
}

/**
 * The invitation a number's code opens: the number's latest one sent by SMS. A wrong code spends one of its
 * tries (the fifth ends it). Every wrong code has one answer, whether the number has a live invitation, a spent,
 * accepted or revoked one, or none, and the same work (a keyed hash): only the holder of the right code learns
 * the invitation's state, so typing codes for a number never tells whether it was invited to a staff role.
 */
function byCode(db: Db, phone: string, code: string): Found {
  const check = db.transaction((tx): Checked<{ found: Found }> => {
    const row = tx
      .select()
      .from(staffInvitations)
      .where(and(eq(staffInvitations.phone, phone), isNotNull(staffInvitations.codeHash)))
      .orderBy(desc(staffInvitations.sentAt))
      .limit(1)
      .get();
    const typed = codeHash(db, row?.id ?? '', code);
    if (row?.codeHash && sameHash(typed, row.codeHash)) {
      // An accepted or revoked invitation is told as such by refuseClosed, whatever its tries.
      if (row.status === 'pending' && row.wrongTries >= INVITATION_CODE_TRIES) {
        return { ok: false, refused: 'invitation.tooManyTries' };
      }
      return { ok: true, found: { row, proved: { codeHash: row.codeHash } } };
    }
    if (row && row.wrongTries < INVITATION_CODE_TRIES) {
      tx.update(staffInvitations)
        .set({ wrongTries: row.wrongTries + 1 })
        .where(eq(staffInvitations.id, row.id))
        .run();
    }
    return { ok: false, refused: 'invitation.codeWrong' };
  });
  // Thrown after the transaction, which keeps the wrong try.
  if (!check.ok) throw new DomainError(check.refused);
  return check.found;
}

/**
 * The account the invitation is for. With a new password: a new account (refused when the address or number has
 * one: its holder signs in and accepts). Without: the signed-in account, only if it is the invited address's or
 * number's, and not staff already.
 */
function targetAccount(
  db: Db,
  row: InvitationRow,
  actor: SessionUser | null,
  newPassword: string | undefined,
) {
  if (newPassword !== undefined) {
    if (findUserByContact(db, contactOf(row))) throw new DomainError('invitation.accountExists');
    return null;
  }
  if (!actor) throw new DomainError('invitation.passwordRequired');
  const own = row.email !== null ? actor.email === row.email : actor.phone === row.phone;
  if (!own) throw new DomainError('invitation.otherAccount');
  if (actor.role) throw new DomainError('invitation.alreadyStaff');
  return { userId: actor.id };
}

/**
 * auth.acceptInvitation: the invited person, with the link's token or the SMS's code, becomes a staff member:
 * a new account with the password they choose (signed in by the caller, as a sign-in would), or, without a
 * password and signed in with the invited address or number, their own account. The invitation is spent in the same write that grants the role,
 * conditionally (still pending, still the message that was proved), so of two accepts at once exactly one
 * grants it. Failures are counted per address, wrong codes also per number, as the reset flow counts them.
 */
export async function acceptInvitation(
  deps: Pick<Deps, 'db' | 'limits' | 'env'>,
  input: z.output<typeof acceptInvitationInput>,
  actor: SessionUser | null,
  ip: string,
  now = new Date(),
): Promise<{ userId: string; role: InvitationRole; newAccount: boolean }> {
  const phone = input.phone !== undefined ? readPhoneNumber(input.phone, deps.env.PHONE_COUNTRIES) : null;
  const keys: Parameters<typeof takePoints>[1] = [[deps.limits.invitationAcceptAddress, ip]];
  if (phone !== null) keys.push([deps.limits.wrongSmsCodeNumber, phone]);
  const attempt = await takePoints(
    deps.limits.enabled,
    keys,
    phone !== null ? 'limit.wrongSmsCodes' : 'limit.invitations',
  );
  const found =
    input.token !== undefined ? byLink(deps.db, input.token) : byCode(deps.db, phone ?? '', input.code ?? '');
  const { row } = found;
  // The right link or code: whatever follows is no guess.
  await attempt.giveBack();
  refuseClosed(row, now);
  const existing = targetAccount(deps.db, row, actor, input.newPassword);
  let passwordHash: string | null = null;
  if (!existing && input.newPassword !== undefined) {
    await refuseCommonPassword(input.newPassword);
    passwordHash = await hashPassword(input.newPassword, { address: ip, holder: `invitation:${row.id}` });
  }
  const centerIds = JSON.parse(row.centerIds) as string[];
  const outcome = deps.db.transaction(
    (tx): Checked<{ userId: string }> => {
      const spent = tx
        .update(staffInvitations)
        .set({ status: 'accepted', acceptedAt: now })
        .where(
          and(
            eq(staffInvitations.id, row.id),
            eq(staffInvitations.status, 'pending'),
            'secretHash' in found.proved
              ? eq(staffInvitations.secretHash, found.proved.secretHash)
              : eq(staffInvitations.codeHash, found.proved.codeHash),
          ),
        )
        .run();
      if (spent.changes !== 1) return { ok: false, refused: stateNow(tx, row.id) };
      const verified = row.email !== null ? { emailVerifiedAt: now } : { phoneConfirmedAt: now };
      let userId: string;
      if (existing) {
        userId = existing.userId;
        const granted = tx
          .update(profiles)
          .set({ role: row.role })
          .where(and(eq(profiles.userId, userId), isNull(profiles.role), eq(profiles.isActive, true)))
          .run();
        if (granted.changes !== 1) return { ok: false, refused: 'invitation.alreadyStaff' };
        // The link or code proves the address or number, as a verification would.
        tx.update(users)
          .set(verified)
          .where(
            and(
              eq(users.id, userId),
              row.email !== null ? isNull(users.emailVerifiedAt) : isNull(users.phoneConfirmedAt),
            ),
          )
          .run();
      } else {
        try {
          userId = tx
            .insert(users)
            .values({
              email: row.email,
              phone: row.phone,
              ...verified,
              passwordHash,
              language: row.language,
            })
            .returning({ id: users.id })
            .get().id;
        } catch (error) {
          // Someone made an account with this address or number meanwhile: they sign in and accept.
          if (isUniqueViolation(error)) return { ok: false, refused: 'invitation.accountExists' };
          throw error;
        }
        tx.insert(profiles).values({ userId, fullName: row.fullName, role: row.role }).run();
      }
      tx.update(staffInvitations).set({ acceptedBy: userId }).where(eq(staffInvitations.id, row.id)).run();
      const centers = row.role === 'Registrar' ? existingCenters(tx, centerIds) : [];
      if (centers.length > 0) {
        tx.insert(staffCenters)
          .values(centers.map((centerId) => ({ userId, centerId })))
          .onConflictDoNothing()
          .run();
      }
      recordAudit(tx, {
        action: 'accept',
        tableName: 'staff_invitations',
        recordId: row.id,
        newValues: {
          status: 'accepted',
          userId,
          role: row.role,
          centerIds: centers,
          newAccount: !existing,
          invitedBy: row.invitedBy,
          confirmedBy: row.confirmedBy,
        },
        before: { status: 'pending' },
        actorId: userId,
      });
      return { ok: true, userId };
    },
    { behavior: 'immediate' },
  );
  if (!outcome.ok) throw new DomainError(outcome.refused);
  forgetCachedSessions();
  return { userId: outcome.userId, role: row.role, newAccount: !existing };
}

/** Why a conditional accept found nothing to spend: the invitation's state as the losing request sees it. */
function stateNow(tx: Pick<Db, 'select'>, id: string) {
  const status = tx
    .select({ status: staffInvitations.status })
    .from(staffInvitations)
    .where(eq(staffInvitations.id, id))
    .get()?.status;
  // Still pending: a newer message replaced the one this request proved.
  if (status === 'pending') return 'invitation.linkInvalid' as const;
  return status === 'revoked' ? ('invitation.revoked' as const) : ('invitation.used' as const);
}

function existingCenters(tx: Pick<Db, 'select'>, ids: string[]): string[] {
  if (ids.length === 0) return [];
  return tx
    .select({ id: registrationCenters.id })
    .from(registrationCenters)
    .where(inArray(registrationCenters.id, ids))
    .all()
    .map((center) => center.id)
    .sort();
}
