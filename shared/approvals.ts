import type { BilingualText } from './bilingual';
import type { ElectionStatus } from './elections';
import type { StaffInvitationSummary } from './invitations';
import type { StaffRole } from './roles';
import type { CountingMode } from './verifiable';

/**
 * The two-person rule's queue: which kinds of action wait for a second System Admin, their states, and what the
 * list shows of each. Pure types and names, shared by the server and the admin console.
 */
export const APPROVAL_KINDS = [
  'rollImport',
  'staffRole',
  'electionOpen',
  'electionResults',
  'pollPublish',
  'staffInvitation',
] as const;
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

/**
 * The list's line for an election's opening or its results' publication: which election, its status now and
 * after, its voting window and when voters see the results (as the edit would leave them).
 */
export interface ElectionActSummary {
  title: string;
  /** Both languages (docs/decisions/021-bilingual-content.md); absent from a request stored before they were. */
  titleText?: BilingualText;
  fromStatus: ElectionStatus;
  toStatus: ElectionStatus;
  startTime: string;
  endTime: string;
  resultsVisible: boolean;
  hideResultsUntilClose: boolean;
  /** How it is counted, and a verifiable election's trustees by name; absent from a request stored before. */
  counting?: CountingMode;
  trustees?: string[];
  /** A verifiable election whose credentials an outside authority gives: how many public credentials it gave. */
  outsideCredentials?: number;
}

/** The list's line for a poll's publication: which poll and when it takes votes. */
export interface PollPublishSummary {
  title: string;
  /** Both languages, a generated title's too; absent from a request stored before they were. */
  titleText?: BilingualText;
  monthYear: string;
  opensAt: string;
  closesAt: string;
}

export type ApprovalSummary =
  | { kind: 'rollImport'; summary: RollImportSummary }
  | { kind: 'staffRole'; summary: StaffRoleSummary }
  | { kind: 'electionOpen'; summary: ElectionActSummary }
  | { kind: 'electionResults'; summary: ElectionActSummary }
  | { kind: 'pollPublish'; summary: PollPublishSummary }
  | { kind: 'staffInvitation'; summary: StaffInvitationSummary };
