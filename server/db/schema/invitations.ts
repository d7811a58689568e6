import { INVITATION_ROLES, INVITATION_STORED_STATUSES } from '@shared/invitations';
import { blob, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { createdAt, timestamp } from './columns';

/**
 * A staff account offered by two System Admins (one asks, a second confirms in the approvals queue) to an e-mail
 * address or a phone number. Nothing here exists before the confirm. Only hashes of what was sent are stored: a
 * SHA-256 of the link's secret, a keyed hash of the SMS code (a million codes are few enough to hash them all).
 * The invitation works once, before it expires, and dies after its last wrong code.
 */
export const staffInvitations = sqliteTable(
  'staff_invitations',
  {
    // The link's id half (24 characters, server/auth/tokens.ts): it finds the row, its secret half proves it.
    id: text('id').primaryKey(),
    email: text('email'),
    phone: text('phone'),
    fullName: text('full_name').notNull(),
    role: text('role', { enum: INVITATION_ROLES }).notNull(),
    // The registration centers a Registrar gets on accepting (JSON array of ids).
    centerIds: text('center_ids').notNull().default('[]'),
    language: text('language', { enum: ['en', 'so'] }).notNull(),
    // Null until the message is sent (right after the confirm; again on "send again").
    secretHash: blob('secret_hash', { mode: 'buffer' }),
    codeHash: text('code_hash'),
    wrongTries: integer('wrong_tries').notNull().default(0),
    sentAt: timestamp('sent_at'),
    expiresAt: timestamp('expires_at').notNull(),
    status: text('status', { enum: INVITATION_STORED_STATUSES }).notNull().default('pending'),
    approvalId: text('approval_id'),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedBy: text('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at'),
    revokedBy: text('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('staff_invitations_email_idx').on(t.email),
    index('staff_invitations_phone_idx').on(t.phone),
    index('staff_invitations_created_at_idx').on(t.createdAt),
  ],
);
