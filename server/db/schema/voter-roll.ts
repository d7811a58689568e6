import { ROLL_FLAG_KINDS, VOTER_SOURCES, VOTER_STATUSES } from '@shared/voter-roll';
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { districts, registrationCenters } from './admin';
import { users } from './auth';
import { createdAt, timestamp, uuidPk } from './columns';

/**
 * The voter roll (docs/decisions/012-voter-roll.md). Never public: only counts per region leave the server. One
 * live entry per voter card (a rejected one does not count); an account links to at most one entry and an entry to at most one account (both unique
 * indexes, so two simultaneous claims or enrollments cannot both win).
 */
export const voters = sqliteTable(
  'voters',
  {
    id: uuidPk(),
    // Canonical (shared/voter-roll.ts canonicalVoterCardNumber): one card in any spelling is one value, so
    // voters_card_live_unique alone keeps a card to one entry that is not rejected. A rejected entry stays beside
    // the card's next one (its flags, reason and counts kept): a Supervisor refused it, so it does not hold the card.
    voterCardNumber: text('voter_card_number').notNull(),
    fullName: text('full_name').notNull(),
    // The district decides the region (districts.region); restrict: a district with voters is not deleted.
    districtId: text('district_id')
      .notNull()
      .references(() => districts.id, { onDelete: 'restrict' }),
    // The center where a registrar recorded the entry; null for entries imported from the official roll.
    centerId: text('center_id').references(() => registrationCenters.id, { onDelete: 'set null' }),
    status: text('status', { enum: VOTER_STATUSES }).notNull(),
    source: text('source', { enum: VOTER_SOURCES }).notNull(),
    // A keyed hash (HMAC, key in the key file) of the date of birth, never the date itself: it is only
    // compared when a citizen claims an imported entry.
    dateOfBirthHash: text('date_of_birth_hash'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    enteredBy: text('entered_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at'),
    // Why the entry was rejected or suspended (shown to staff; the citizen sees the status).
    statusReason: text('status_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at')
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [
    uniqueIndex('voters_card_live_unique').on(t.voterCardNumber).where(sql`${t.status} <> 'rejected'`),
    index('voters_card_idx').on(t.voterCardNumber),
    // A supervisor approving an entry is warned of others with the same name (services/voter-roll/duplicates.ts).
    index('voters_name_idx').on(sql`lower(${t.fullName})`),
    uniqueIndex('voters_user_unique').on(t.userId),
    index('voters_status_district_idx').on(t.status, t.districtId),
    index('voters_center_idx').on(t.centerId, t.status),
    index('voters_entered_by_idx').on(t.enteredBy, t.status),
  ],
);

/**
 * Enrollment codes a citizen shows at a center. Only a hash of the code is kept (a database copy yields no
 * usable code); asking for a new code replaces the account's previous one.
 */
export const enrollmentCodes = sqliteTable(
  'enrollment_codes',
  {
    // SHA-256 (hex) of the normalised code.
    codeHash: text('code_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at').notNull(),
    usedAt: timestamp('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('enrollment_codes_user_idx').on(t.userId)],
);

/** Which registration centers a Registrar works at (set by a System Admin on /admin/users). */
export const staffCenters = sqliteTable(
  'staff_centers',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    centerId: text('center_id')
      .notNull()
      .references(() => registrationCenters.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.centerId] }), index('staff_centers_center_idx').on(t.centerId)],
);

/**
 * Something supervisors must look at: a claim of a card that another account already holds (a stolen card
 * number, or a mistake), or a card locked after too many wrong dates of birth (someone guessing it).
 * Supervisors see them grouped per card and resolve a card's open flags together, with an optional note.
 */
export const rollFlags = sqliteTable(
  'roll_flags',
  {
    id: uuidPk(),
    kind: text('kind', { enum: ROLL_FLAG_KINDS }).notNull(),
    voterId: text('voter_id')
      .notNull()
      .references(() => voters.id, { onDelete: 'cascade' }),
    // The account that tried to claim the card.
    reportedUserId: text('reported_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at'),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolution: text('resolution'),
  },
  (t) => [
    index('roll_flags_open_idx').on(t.resolvedAt, t.createdAt),
    index('roll_flags_voter_idx').on(t.voterId, t.resolvedAt),
  ],
);

/**
 * Online claims of one card (its canonical number), whoever sends them and whether or not the card is on the
 * roll, so the count is no oracle for which cards exist. Every claim that does not link the card counts (a wrong
 * date of birth, a card already linked); at CLAIM_ATTEMPTS_PER_CARD within any CLAIM_WINDOW_MS the card is locked
 * for online claims (services/voter-roll/claim-guesses.ts). `attempts` is the count within the window ending at
 * the last attempt, `windowStartedAt` the oldest attempt in it; the times are in card_claim_attempt_times. Kept in the database: a restart forgets nothing, and
 * the count is taken inside the claim's transaction.
 */
export const cardClaimAttempts = sqliteTable(
  'card_claim_attempts',
  {
    voterCardNumber: text('voter_card_number').primaryKey(),
    attempts: integer('attempts').notNull(),
    windowStartedAt: timestamp('window_started_at').notNull(),
    lockedUntil: timestamp('locked_until'),
  },
  // Rows whose window and lock are both over are deleted as claims come (claim-guesses.ts).
  (t) => [index('card_claim_attempts_window_idx').on(t.windowStartedAt)],
);

/**
 * When each counted claim of a card came, so the count is of any CLAIM_WINDOW_MS (a sliding window), not of a
 * window that resets. A card holds at most CLAIM_ATTEMPTS_PER_CARD of them (it is locked then, and a locked card
 * counts nothing); times older than the window are deleted as claims come.
 */
export const cardClaimAttemptTimes = sqliteTable(
  'card_claim_attempt_times',
  {
    id: integer('id').primaryKey(),
    voterCardNumber: text('voter_card_number').notNull(),
    attemptedAt: timestamp('attempted_at').notNull(),
  },
  (t) => [
    index('card_claim_attempt_times_card_idx').on(t.voterCardNumber, t.attemptedAt),
    index('card_claim_attempt_times_at_idx').on(t.attemptedAt),
  ],
);

/**
 * Entries the canonical-card migration could not convert: two or more stored spellings that are one card. They
 * are reported (codka check, the startup log), never merged: an operator decides which entry is the voter's.
 * The desk and the import treat the canonical card as on the roll meanwhile.
 */
export const voterCardCollisions = sqliteTable(
  'voter_card_collisions',
  {
    voterId: text('voter_id')
      .primaryKey()
      .references(() => voters.id, { onDelete: 'cascade' }),
    // The card as it was stored before the migration (still the entry's voter_card_number).
    voterCardNumber: text('voter_card_number').notNull(),
    canonical: text('canonical').notNull(),
    foundAt: timestamp('found_at').notNull(),
  },
  (t) => [index('voter_card_collisions_canonical_idx').on(t.canonical)],
);
