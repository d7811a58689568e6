import { STAFF_ROLES } from '@shared/roles';
import { sql } from 'drizzle-orm';
import { blob, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp, uuidPk } from './columns';

export const users = sqliteTable(
  'users',
  {
    id: uuidPk(),
    // Stored lower-cased and trimmed; uniqueness is decided here, not in code. Null for an account made on a
    // phone number: an account has an e-mail address, a phone number, or both.
    email: text('email'),
    // Null for accounts that cannot sign in with a password (seeded demo voters).
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at'),
    // E.164 ("+252615123456"), one account per number; a number being added or changed waits in phone_codes
    // until its code comes back, and only then is written here.
    phone: text('phone'),
    phoneConfirmedAt: timestamp('phone_confirmed_at'),
    // The language of the account's own last sign-up or sign-in: e-mails the reader did not ask for are in it.
    language: text('language', { enum: ['en', 'so'] })
      .notNull()
      .default('en'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), uniqueIndex('users_phone_unique').on(t.phone)],
);

export const profiles = sqliteTable(
  'profiles',
  {
    id: uuidPk(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull().default('User'),
    phone: text('phone'),
    // Null means a citizen without a staff role (shown as Citizen).
    role: text('role', { enum: STAFF_ROLES }),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('profiles_user_id_unique').on(t.userId),
    index('profiles_created_at_idx').on(t.createdAt),
  ],
);

export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // SHA-256 of the secret half of the token: a stolen database does not yield usable cookies.
    secretHash: blob('secret_hash', { mode: 'buffer' }).notNull(),
    createdAt: createdAt(),
    lastActiveAt: timestamp('last_active_at').notNull(),
    // Until when this session counts as re-authenticated (auth.stepUp, docs/product.md#step-up). The column's name is
    // the dashboard's word for the same thing (its login form is the step-up); renaming it would need a migration.
    steppedUpUntil: timestamp('admin_unlocked_until'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const emailVerifications = sqliteTable(
  'email_verifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    secretHash: blob('secret_hash', { mode: 'buffer' }).notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    usedAt: timestamp('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_verifications_user_id_idx').on(t.userId)],
);

/**
 * Codes sent by SMS: to confirm a number (the one being added to the account, kept here until confirmed) or to
 * reset the password. Only a keyed hash of the code is stored (1,000,000 codes are few enough to hash them all,
 * so a plain hash would give a copy of the database every live code); a code works once, before it expires, and
 * dies after its last wrong try.
 */
export const phoneCodes = sqliteTable(
  'phone_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    purpose: text('purpose', { enum: ['confirm', 'reset'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    expiresAt: timestamp('expires_at').notNull(),
    usedAt: timestamp('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('phone_codes_user_id_idx').on(t.userId), index('phone_codes_phone_idx').on(t.phone)],
);

/**
 * Where keys were kept before they moved to the key file (server/db/key-file.ts). Left for the move: a
 * start copies any row into the key file, writes the file to disk, and only then empties this table.
 */
export const serverSecrets = sqliteTable('server_secrets', {
  name: text('name').primaryKey(),
  value: blob('value', { mode: 'buffer' }).notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch() * 1000)`),
});

/** One row per key: an HMAC of a fixed label under it, so a start or a restore notices a key file that is not this database's. */
export const keyChecks = sqliteTable('key_checks', {
  name: text('name').primaryKey(),
  checkValue: text('check_value').notNull(),
});

/**
 * SMS sent by the whole site per calendar day in Mogadishu (SMS_DAILY_LIMIT, server/services/sms/daily-count.ts).
 * Kept in the database, not in memory, so a restart does not start the bill's day again. One short row a day,
 * kept: the operator can read what each day cost.
 */
export const smsDailyCounts = sqliteTable('sms_daily_counts', {
  // The day in Mogadishu, YYYY-MM-DD.
  day: text('day').primaryKey(),
  sent: integer('sent').notNull(),
});
