import type { StaffRole } from './roles';

/**
 * The two-person rule's queue: which kinds of action wait for a second System Admin, their states, and what the
 * list shows of each. Pure types and names, shared by the server and the admin console.
 */
export const APPROVAL_KINDS = ['rollImport', 'staffRole'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

export const APPROVAL_STATUSES = ['pending', 'confirmed', 'cancelled'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** What an action that needs a second System Admin answers instead of doing it. */
export interface PendingApprovalAnswer {
  pendingApproval: { id: string };
}

/** The list's line for a roll import: the file's size and rows, never a name or a date. */
export interface RollImportSummary {
  rows: number;
  bytes: number;
  sha256: string;
}

/** The list's line for a grant: whose account, which role it has now and which it would get. */
export interface StaffRoleSummary {
  fullName: string;
  /** Null for an account made on a phone number. */
  email: string | null;
  fromRole: StaffRole | null;
  toRole: StaffRole;
}

export type ApprovalSummary =
  | { kind: 'rollImport'; summary: RollImportSummary }
  | { kind: 'staffRole'; summary: StaffRoleSummary };
