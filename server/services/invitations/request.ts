import type { MessageLanguage } from '@shared/i18n/error-messages';
import {
  INVITATION_LIFETIME_MS,
  type InvitationRole,
  type StaffInvitationSummary,
} from '@shared/invitations';
import type { createInvitationInput } from '@shared/schemas/invitations';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { readPhoneNumber } from '../../auth/phone-numbers';
import { generateSecureRandomString } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { profiles, registrationCenters, staffInvitations } from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import { findUserByContact } from '../accounts';
import { type ApprovalRow, requestApproval } from '../approvals/store';
import { type Contact, contactOf, type Deps } from './rows';

// Staff invitations, asked for and confirmed: one System Admin asks, a second confirms in the approvals queue.

/** What a waiting request keeps to create the invitation at confirm time. */
interface InvitationPayload {
  email: string | null;
  phone: string | null;
  fullName: string;
  role: InvitationRole;
  centerIds: string[];
  language: MessageLanguage;
}

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
