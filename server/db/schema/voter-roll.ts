import { VOTER_SOURCES, VOTER_STATUSES } from '@shared/voter-roll';
import { sql } from 'drizzle-orm';
import { index, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { districts, registrationCenters } from './admin';
import { users } from './auth';
import { createdAt, timestamp, uuidPk } from './columns';

/**
 * The voter roll (issue 17). Never public: only counts per region leave the server. One entry per voter card;
 * an account links to at most one entry and an entry to at most one account (both unique indexes, so two
 * simultaneous claims or enrollments cannot both win).
 */
export const voters = sqliteTable(
  'voters',
  {
    id: uuidPk(),
    // Normalised (upper-case, no spaces): shared/voter-roll.ts normalizeVoterCardNumber.
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
    uniqueIndex('voters_card_unique').on(t.voterCardNumber),
    // One card typed with or without dashes is one card: enrollment looks cards up by this expression
    // (services/voter-roll/enroll.ts), which without the index would scan the whole roll inside the write.
    index('voters_card_bare_idx').on(sql`replace(${t.voterCardNumber}, '-', '')`),
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
 * number, or a mistake). Resolved by a supervisor, with a note.
 */
export const rollFlags = sqliteTable(
  'roll_flags',
  {
    id: uuidPk(),
    kind: text('kind', { enum: ['cardAlreadyClaimed'] }).notNull(),
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
  (t) => [index('roll_flags_open_idx').on(t.resolvedAt, t.createdAt)],
);
