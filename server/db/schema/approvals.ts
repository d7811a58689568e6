import { APPROVAL_KINDS, APPROVAL_STATUSES } from '@shared/approvals';
import { sql } from 'drizzle-orm';
import { blob, index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { timestamp, uuidPk } from './columns';

/**
 * Actions that take effect only when a second System Admin confirms them (a roll import, a grant of a staff
 * role, later an election opened or a poll published): one queue for every kind. The request keeps what is
 * needed to do the action again at confirm time (`payload`, JSON; `attachment`, the uploaded file's bytes, so
 * it travels with the database and its backups), and a short `summary` for the list (JSON, no date of birth).
 */
export const approvals = sqliteTable(
  'approvals',
  {
    id: uuidPk(),
    kind: text('kind', { enum: APPROVAL_KINDS }).notNull(),
    // What the request is about (a grant's profile id), for "one pending request per subject" and the users page.
    subject: text('subject'),
    payload: text('payload').notNull(),
    attachment: blob('attachment', { mode: 'buffer' }),
    summary: text('summary').notNull(),
    status: text('status', { enum: APPROVAL_STATUSES }).notNull().default('pending'),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at')
      .notNull()
      .$defaultFn(() => new Date()),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at'),
  },
  (t) => [
    index('approvals_status_idx').on(t.status, t.requestedAt),
    // Two grants for one account cannot both wait: the second is refused with a sentence.
    uniqueIndex('approvals_pending_subject_unique')
      .on(t.kind, t.subject)
      .where(sql`${t.status} = 'pending' AND ${t.subject} IS NOT NULL`),
  ],
);
