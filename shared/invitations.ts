import type { MessageLanguage } from './i18n/error-messages';
import type { StaffRole } from './roles';

/**
 * Staff accounts by invitation: which roles a System Admin may invite, how long an invitation works, and the
 * states the admin's list shows. "Expired" is not stored: an invitation still pending past its time is expired.
 */
export const INVITATION_ROLES = [
  'Registrar',
  'Enrollment Supervisor',
] as const satisfies readonly StaffRole[];
export type InvitationRole = (typeof INVITATION_ROLES)[number];

/** Three days: long enough for a new staff member to find the message, short enough that a lost one dies. */
export const INVITATION_LIFETIME_MS = 3 * 24 * 60 * 60 * 1000;

export const INVITATION_STORED_STATUSES = ['pending', 'accepted', 'revoked'] as const;
export type InvitationStoredStatus = (typeof INVITATION_STORED_STATUSES)[number];
export type InvitationStatus = InvitationStoredStatus | 'expired';

/** What the list shows of a stored invitation, from its stored state and its time. */
export function invitationStatus(
  stored: InvitationStoredStatus,
  expiresAt: Date,
  now: Date,
): InvitationStatus {
  return stored === 'pending' && expiresAt <= now ? 'expired' : stored;
}

/** The approvals queue's line for an invitation: who is invited, to what, by which way, in which language. */
export interface StaffInvitationSummary {
  fullName: string;
  email: string | null;
  phone: string | null;
  role: InvitationRole;
  centerCount: number;
  language: MessageLanguage;
}
