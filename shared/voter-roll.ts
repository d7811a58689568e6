/**
 * The voter roll (issue 17): who may vote in an election is decided by the roll, not by holding an e-mail
 * address. These constants are shared by the server's rules, the staff console and the citizen's account page.
 */

/** A voter entry's life: a registrar records it (pending), a supervisor approves or rejects it, and may
 *  later suspend an enrolled voter. Entries imported from the commission's roll start enrolled. */
export const VOTER_STATUSES = ['pending', 'enrolled', 'rejected', 'suspended'] as const;
export type VoterStatus = (typeof VOTER_STATUSES)[number];

/** What `enrollment.status()` answers: a voter entry's status, or none when the account has no entry. */
export type EnrollmentStatus = VoterStatus | 'none';

/** How an entry came onto the roll: in person at a center, or from the commission's CSV roll. */
export const VOTER_SOURCES = ['registrar', 'import'] as const;
export type VoterSource = (typeof VOTER_SOURCES)[number];

/**
 * Who may vote in an election or poll:
 * - enrolled: an enrolled voter linked to the account (and, where the election lists regions, enrolled in one);
 * - verifiedEmail: an account whose e-mail address is confirmed;
 * - signedIn: any signed-in account (the spec's original rule).
 */
export const ELIGIBILITY_RULES = ['enrolled', 'verifiedEmail', 'signedIn'] as const;
export type EligibilityRule = (typeof ELIGIBILITY_RULES)[number];
export const DEFAULT_ELECTION_ELIGIBILITY: EligibilityRule = 'enrolled';
export const DEFAULT_POLL_ELIGIBILITY: EligibilityRule = 'verifiedEmail';

/**
 * Enrollment codes: 8 characters a registrar reads off a phone and types, so no look-alikes
 * (no 0/O/D/Q, 1/I/L/T, 2/Z, 5/S, 8/B, U/V): 20 characters, 20^8 ≈ 2.6e10 codes, used only by staff
 * behind step-up and a rate limit, for 24 hours.
 */
export const ENROLLMENT_CODE_ALPHABET = 'ACEFGHJKMNPRWXY34679';
export const ENROLLMENT_CODE_LENGTH = 8;
/** A code is valid for 24 hours after it is shown. */
export const ENROLLMENT_CODE_TTL_MS = 24 * 60 * 60 * 1000;

/** Upper-cases and drops spaces and dashes a person may type ("ace4-7hk9" -> "ACE47HK9"). */
export function normalizeEnrollmentCode(value: string): string {
  return value.toUpperCase().replace(/[\s-]/g, '');
}

/** Voter card numbers: letters, digits and dashes, compared upper-cased without spaces. */
export const VOTER_CARD_PATTERN = /^[A-Z0-9][A-Z0-9-]{3,31}$/;
export function normalizeVoterCardNumber(value: string): string {
  return value.toUpperCase().replace(/\s/g, '');
}

/** Reasons (rejection, suspension) are short free text shown to staff and in the audit log. */
export const ROLL_REASON_MAX = 500;
