import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamp } from './columns';

/**
 * Which number each USSD session belongs to, for as long as a gateway keeps a session open: a session id seen
 * again with another number is refused, so a forged or replayed request cannot carry one phone's menu on with
 * another phone's number. Only a keyed hash of the number is kept; old rows are deleted as new ones arrive.
 */
export const ussdSessions = sqliteTable(
  'ussd_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    phoneHash: text('phone_hash').notNull(),
    startedAt: timestamp('started_at').notNull(),
  },
  (t) => [index('ussd_sessions_started_idx').on(t.startedAt)],
);
