import { randomInt, timingSafeEqual } from 'node:crypto';
import type { ErrorCode } from '@shared/errors';
import type { MessageLanguage } from '@shared/i18n/error-messages';
import {
  INVITATION_LIFETIME_MS,
  type InvitationRole,
  type InvitationStoredStatus,
  invitationStatus,
  type StaffInvitationSummary,
} from '@shared/invitations';
import type { acceptInvitationInput, createInvitationInput } from '@shared/schemas/invitations';
import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { z } from 'zod';
import { refuseCommonPassword } from '../auth/common-passwords';
import { hashPassword } from '../auth/passwords';
import { readPhoneNumber } from '../auth/phone-numbers';
import { consume, takePoints } from '../auth/rate-limits';
import { forgetCachedSessions } from '../auth/session-cache';
import type { SessionUser } from '../auth/sessions';
import { generateSecureRandomString, hashSecret, secretMatches, splitToken } from '../auth/tokens';
import type { Db } from '../db/client';
import { keyedHash } from '../db/keys';
import {
  approvals,
  profiles,
  registrationCenters,
  staffCenters,
  staffInvitations,
  users,
} from '../db/schema';
import { isUniqueViolation } from '../db/unique';
import type { AppDeps } from '../deps';
import { DomainError } from '../errors/domain-error';
import { mailText } from '../mail/texts';
import { findUserByContact } from './accounts';
import { type ApprovalRow, requestApproval } from './approvals/store';
import { recordAudit } from './audit';
import { phoneText } from './phone-texts';
import { deliverSms, takeSmsAllowance } from './sms/send';

type Deps = Pick<AppDeps, 'db' | 'limits' | 'mailer' | 'sms' | 'env' | 'log'>;
type Contact = { email: string } | { phone: string };
type InvitationRow = typeof staffInvitations.$inferSelect;

/** Wrong codes one invitation takes before it stops working (as an SMS code of the reset flow). */
export const INVITATION_CODE_TRIES = 5;

/** Where the invited person accepts: the link carries the token, the SMS points here for the code. */
export const INVITATION_PATH = '/staff-invitation';

/** What a waiting request keeps to create the invitation at confirm time. */
interface InvitationPayload {
  email: string | null;
  phone: string | null;
  fullName: string;
  role: InvitationRole;
  centerIds: string[];
  language: MessageLanguage;
}

const contactOf = (row: { email: string | null; phone: string | null }): Contact =>
  row.email !== null ? { email: row.email } : { phone: row.phone ?? '' };

/** The approvals queue's subject: one waiting invitation per address or number. */
const subjectOf = (contact: Contact) =>
  'email' in contact ? `email:${contact.email}` : `phone:${contact.phone}`;

/** A staff account cannot be invited to a role: its role is changed on the users page, under its own rule. */
function refuseStaffAccount(db: Db, contact: Contact) {
  const account = findUserByContact(db, contact);
  if (!account) return;
  const profile = db
    .select({ role: profiles.role })
    .from(profiles)
    .where(eq(profiles.userId, account.id))
    .get();
  if (profile?.role) throw new DomainError('invitation.alreadyStaff');
}

/** An invitation still waiting to be accepted, and not expired, blocks a second one to the same contact. */
function refuseLiveInvitation(db: Pick<Db, 'select'>, contact: Contact, now: Date) {
  const rows = db
    .select({ expiresAt: staffInvitations.expiresAt })
    .from(staffInvitations)
    .where(
      and(
        eq(staffInvitations.status, 'pending'),
        'email' in contact
          ? eq(staffInvitations.email, contact.email)
          : eq(staffInvitations.phone, contact.phone),
      ),
    )
    .all();
  if (rows.some((row) => row.expiresAt > now)) throw new DomainError('invitation.livePending');
}

function refuseMissingCenters(db: Pick<Db, 'select'>, centerIds: string[]) {
  if (centerIds.length === 0) return;
  const found = db
    .select({ id: registrationCenters.id })
    .from(registrationCenters)
    .where(inArray(registrationCenters.id, centerIds))
    .all();
  if (found.length !== centerIds.length) throw new DomainError('staffCenters.centerNotFound');
}

/**
 * admin.invitations.create: the invitation waits for a second System Admin in the approvals queue. Nothing is
 * sent and no link or code exists until then (docs/decisions/022-staff-invitations.md): a grant of a staff
 * role never rests on one admin, not even for the time a message takes to arrive.
 */
export function requestInvitation(
  deps: Pick<Deps, 'db' | 'env'>,
  input: z.output<typeof createInvitationInput>,
  actorId: string,
  now = new Date(),
) {
  const contact: Contact =
    input.email !== undefined
      ? { email: input.email }
      : { phone: readPhoneNumber(input.phone ?? '', deps.env.PHONE_COUNTRIES) };
  const centerIds = [...new Set(input.centerIds)].sort();
  refuseStaffAccount(deps.db, contact);
  refuseLiveInvitation(deps.db, contact, now);
  refuseMissingCenters(deps.db, centerIds);
  const payload: InvitationPayload = {
    email: 'email' in contact ? contact.email : null,
    phone: 'phone' in contact ? contact.phone : null,
    fullName: input.fullName,
    role: input.role,
    centerIds,
    language: input.language,
  };
  const { centerIds: _ids, ...shown } = payload;
  const summary: StaffInvitationSummary = { ...shown, centerCount: centerIds.length };
  return requestApproval(deps.db, {
    kind: 'staffInvitation',
    subject: subjectOf(contact),
    payload,
    summary,
    requestedBy: actorId,
  });
}

/**
 * Confirmed by a second System Admin: the invitation is created, checked again against the accounts and
 * invitations as they are now. Its message is sent by the caller once the confirm has committed
 * (`sendInvitation`), so a message never goes out for a confirm that was rolled back.
 */
export function applyStaffInvitation(db: Db, request: ApprovalRow, confirmerId: string) {
  const payload = JSON.parse(request.payload) as InvitationPayload;
  const contact = contactOf(payload);
  const now = new Date();
  refuseStaffAccount(db, contact);
  refuseLiveInvitation(db, contact, now);
  refuseMissingCenters(db, payload.centerIds);
  const id = generateSecureRandomString();
  db.insert(staffInvitations)
    .values({
      id,
      email: payload.email,
      phone: payload.phone,
      fullName: payload.fullName,
      role: payload.role,
      centerIds: JSON.stringify(payload.centerIds),
      language: payload.language,
      expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
      approvalId: request.id,
      invitedBy: request.requestedBy,
      confirmedBy: confirmerId,
      createdAt: now,
    })
    .run();
  return { invitationId: id, role: payload.role };
}

function invitationRow(db: Pick<Db, 'select'>, id: string): InvitationRow {
  const row = db.select().from(staffInvitations).where(eq(staffInvitations.id, id)).get();
  if (!row) throw new DomainError('invitation.notFound');
  return row;
}

/** Refuses an invitation that can no longer be sent or accepted, with the sentence for its state. */
function refuseClosed(row: Pick<InvitationRow, 'status' | 'expiresAt'>, now: Date) {
  if (row.status === 'accepted') throw new DomainError('invitation.used');
  if (row.status === 'revoked') throw new DomainError('invitation.revoked');
  if (row.expiresAt <= now) throw new DomainError('invitation.expired');
}

/** The keyed hash of an invitation's SMS code, bound to its row (as phone-codes.ts does for its codes). */
function codeHash(db: Db, id: string, code: string): string {
  return keyedHash(db, 'phone-code-hmac', `invitation:${id}:${code}`);
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Sends the invitation's message: a new single-use link by e-mail, or a new 6-digit code by SMS, in the language
 * the inviting admin chose, valid for three days from now. Any earlier link or code of the invitation stops
 * working (only the new hash is kept). Right after the confirm, and again from the list ("send again") while the
 * invitation is pending and not expired; counted per invited address or number, and an SMS by the SMS limits.
 */
export async function sendInvitation(
  deps: Deps,
  id: string,
  sender: { userId: string; ip: string | null },
  now = new Date(),
) {
  const row = invitationRow(deps.db, id);
  refuseClosed(row, now);
  const contact = contactOf(row);
  const to = 'email' in contact ? contact.email : contact.phone;
  await consume(deps.limits.enabled, [[deps.limits.invitationSendContact, to]], 'limit.invitations');
  const allowance =
    'phone' in contact
      ? await takeSmsAllowance(deps, { to: contact.phone, address: sender.ip, userId: sender.userId })
      : null;
  const secret = generateSecureRandomString();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS);
  const issued = deps.db.transaction((tx) => {
    const moved = tx
      .update(staffInvitations)
      .set({
        secretHash: allowance ? null : hashSecret(secret),
        codeHash: allowance ? codeHash(deps.db, id, code) : null,
        wrongTries: 0,
        sentAt: now,
        expiresAt,
      })
      .where(and(eq(staffInvitations.id, id), eq(staffInvitations.status, 'pending')))
      .run();
    if (moved.changes !== 1) return false;
    recordAudit(tx, {
      action: 'send',
      tableName: 'staff_invitations',
      recordId: id,
      newValues: { channel: allowance ? 'sms' : 'email', expiresAt: expiresAt.toISOString() },
      actorId: sender.userId,
    });
    return true;
  });
  if (!issued) {
    await allowance?.giveBack();
    throw new DomainError('invitation.notPending');
  }
  const role = phoneText(row.language, `staffInvitation.roles.${row.role}`);
  const origin = deps.env.PUBLIC_ORIGIN;
  if ('email' in contact) {
    const link = `${origin}${INVITATION_PATH}?token=${id}.${secret}`;
    await deps.mailer
      .send({ to: contact.email, ...mailText('staffInvitation', row.language, { role, link }) })
      .catch((error: unknown) =>
        deps.log.error({ err: error, invitationId: id }, 'invitation e-mail not sent'),
      );
  } else {
    const text = phoneText(row.language, 'staffInvitation.text', {
      role,
      code,
      link: `${origin}${INVITATION_PATH}`,
    });
    await deliverSms(deps, contact.phone, text);
  }
  return { id, sentAt: now, expiresAt };
}

/** admin.invitations.revoke: a pending invitation stops working at once (its link or code included). */
export function revokeInvitation(db: Db, id: string, actorId: string, now = new Date()) {
  return db.transaction(
    (tx) => {
      const row = invitationRow(tx, id);
      const moved = tx
        .update(staffInvitations)
        .set({ status: 'revoked', revokedBy: actorId, revokedAt: now })
        .where(and(eq(staffInvitations.id, id), eq(staffInvitations.status, 'pending')))
        .run();
      if (moved.changes !== 1) throw new DomainError('invitation.notPending');
      recordAudit(tx, {
        action: 'revoke',
        tableName: 'staff_invitations',
        recordId: id,
        newValues: {
          status: 'revoked',
          invitedBy: row.invitedBy,
          confirmedBy: row.confirmedBy,
          revokedBy: actorId,
        },
        before: { status: row.status },
        actorId,
      });
      return { id, status: 'revoked' as const };
    },
    { behavior: 'immediate' },
  );
}

/**
 * The admin's list: invitations newest first with their state (pending, accepted, expired, revoked) and both
 * admins' names, and the invitations still waiting for a second System Admin in the approvals queue.
 */
export function listInvitations(db: Db, now = new Date()) {
  const inviter = alias(profiles, 'inviter');
  const confirmer = alias(profiles, 'confirmer');
  const rows = db
    .select({
      id: staffInvitations.id,
      email: staffInvitations.email,
      phone: staffInvitations.phone,
      fullName: staffInvitations.fullName,
      role: staffInvitations.role,
      centerIds: staffInvitations.centerIds,
      language: staffInvitations.language,
      status: staffInvitations.status,
      sentAt: staffInvitations.sentAt,
      expiresAt: staffInvitations.expiresAt,
      acceptedAt: staffInvitations.acceptedAt,
      revokedAt: staffInvitations.revokedAt,
      createdAt: staffInvitations.createdAt,
      invitedBy: inviter.fullName,
      confirmedBy: confirmer.fullName,
    })
    .from(staffInvitations)
    .leftJoin(inviter, eq(inviter.userId, staffInvitations.invitedBy))
    .leftJoin(confirmer, eq(confirmer.userId, staffInvitations.confirmedBy))
    .orderBy(desc(staffInvitations.createdAt))
    .all()
    .map(({ centerIds, status, ...row }) => ({
      ...row,
      centerCount: (JSON.parse(centerIds) as string[]).length,
      status: invitationStatus(status as InvitationStoredStatus, row.expiresAt, now),
    }));
  const waiting = db
    .select({
      approvalId: approvals.id,
      summary: approvals.summary,
      requestedAt: approvals.requestedAt,
      requestedBy: profiles.fullName,
    })
    .from(approvals)
    .leftJoin(profiles, eq(profiles.userId, approvals.requestedBy))
    .where(and(eq(approvals.status, 'pending'), eq(approvals.kind, 'staffInvitation')))
    .orderBy(desc(approvals.requestedAt))
    .all()
    .map(({ summary, ...row }) => ({ ...row, ...(JSON.parse(summary) as StaffInvitationSummary) }));
  return { invitations: rows, waiting };
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
