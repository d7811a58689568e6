import { blob, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { createdAt, timestamp, uuidPk } from './columns';

/** Emailed single-use links that set a new password (decision 006); only a SHA-256 of the secret is stored. */
export const passwordResets = sqliteTable(
  'password_resets',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: blob('secret_hash', { mode: 'buffer' }).notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    usedAt: timestamp('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_id_idx').on(t.userId)],
);

/** One TOTP authenticator per account; enabled once its first code was confirmed. */
export const twoFactorAuthenticators = sqliteTable('two_factor_authenticators', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  // The key must be readable to compute codes, so it cannot be hashed; it is never returned after
  // enrolment (decision 006 says why it is not encrypted with a key kept beside it).
  secret: blob('secret', { mode: 'buffer' }).notNull(),
  enabledAt: timestamp('enabled_at'),
  // The last 30-second step a code was accepted for: a code works once (RFC 6238 §5.2).
  lastUsedStep: integer('last_used_step'),
  createdAt: createdAt(),
});

/** Single-use recovery codes for a lost authenticator; only SHA-256 hashes are kept. */
export const twoFactorRecoveryCodes = sqliteTable(
  'two_factor_recovery_codes',
  {
    id: uuidPk(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: blob('code_hash', { mode: 'buffer' }).notNull(),
    usedAt: timestamp('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('two_factor_recovery_codes_user_id_idx').on(t.userId)],
);

/** A sign-in whose password was right and whose authenticator code is awaited (no session yet). */
export const twoFactorChallenges = sqliteTable(
  'two_factor_challenges',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: blob('secret_hash', { mode: 'buffer' }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('two_factor_challenges_user_id_idx').on(t.userId)],
);
