/**
 * The voter roll (docs/product.md#enrollment-and-the-voter-roll): who may vote in an election is decided by the roll,
 * not by holding an e-mail address. These constants are shared by the server's rules, the staff console and the
 * citizen's account page.
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
 * - verifiedContact: an account whose e-mail address or phone number is confirmed;
 * - signedIn: any signed-in account (the original rule, still a choice: docs/product.md#eligibility).
 */
export const ELIGIBILITY_RULES = ['enrolled', 'verifiedContact', 'signedIn'] as const;
export type EligibilityRule = (typeof ELIGIBILITY_RULES)[number];
export const DEFAULT_ELECTION_ELIGIBILITY: EligibilityRule = 'enrolled';
export const DEFAULT_POLL_ELIGIBILITY: EligibilityRule = 'verifiedContact';

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

const CARD_SEPARATORS = /[\s\-\u2010-\u2015\u2212_./\\]/gu;
const CARD_LOOK_ALIKES: Record<string, string> = { O: '0', I: '1', L: '1' };

/**
 * One card, one voter, whatever the spelling: every card number is stored and compared in this canonical form,
 * so the roll's unique index alone decides whether a card is on it. Compatibility forms are folded (NFKC: a
 * full-width "ＳＯ" is "SO"), letters upper-cased, separators dropped (spaces, dashes of every kind, dots,
 * slashes, underscores), and the letters people type for a look-alike digit folded into it: O to 0, I and L to 1.
 * The desk, the import, the claim and the supervisors' search all go through it; the migration that converted
 * the roll spells the same rule in SQL (drizzle/*_canonical_voter_cards.sql).
 *
 * Only O, I and L are folded. They are the letters that are the same glyph as 0 and 1 in common fonts and on
 * keyboards' habits ("SO-2026-OOO123"). S/5, B/8, Z/2, Q/0, D/0 and G/6 are told apart in print, and folding
 * them would turn a card format's letter prefix (a region's letters) into digits and merge cards that differ.
 */
export function canonicalVoterCardNumber(value: string): string {
  return value
    .normalize('NFKC')
    .toUpperCase()
    .replace(CARD_SEPARATORS, '')
    .replace(/[OIL]/g, (letter) => CARD_LOOK_ALIKES[letter] ?? letter);
}

/** A canonical card number: 4 to 32 letters and digits (before folding, any separators in between). */
export const VOTER_CARD_PATTERN = /^[A-Z0-9]{4,32}$/;

/**
 * Why supervisors are asked to look at a card: another account claimed a card already linked, or the card was
 * locked for online claims after too many wrong dates of birth (someone guessing it).
 */
export const ROLL_FLAG_KINDS = ['cardAlreadyClaimed', 'dateOfBirthGuessing'] as const;
export type RollFlagKind = (typeof ROLL_FLAG_KINDS)[number];

/** Online claims of one card that do not link it (wrong dates, a card already linked), counted per card... */
export const CLAIM_ATTEMPTS_PER_CARD = 5;
/** ...within this window; the card then cannot be claimed online for CLAIM_LOCK_MS. */
export const CLAIM_WINDOW_MS = 24 * 60 * 60 * 1000;
export const CLAIM_LOCK_MS = 24 * 60 * 60 * 1000;

/** Reasons (rejection, suspension) are short free text shown to staff and in the audit log. */
export const ROLL_REASON_MAX = 500;

/** At most this many words of a name are searched: a full name, never a paragraph. */
export const NAME_SEARCH_MAX_WORDS = 6;

/**
 * The words of a name as the roll's name index holds them (SQLite FTS5, tokenizer unicode61 with diacritics
 * removed): lower case, accents dropped, split at anything that is not a letter or a digit. "Samatar, Sádia"
 * gives ["samatar", "sadia"], so a search finds a name whatever its order, case or accents.
 */
export function nameSearchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}
