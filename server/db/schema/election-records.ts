import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamp } from './columns';
import { elections } from './elections';

/**
 * An election's record (docs/election-record.md), fixed once when the election closes and
 * never rewritten: `document` is the JSON served to anyone once the results are public. The root and counts are
 * kept beside it so a check can compare them with a recount of the votes without parsing the document.
 */
export const electionRecords = sqliteTable('election_records', {
  electionId: text('election_id')
    .primaryKey()
    .references(() => elections.id, { onDelete: 'cascade' }),
  root: text('root').notNull(),
  votesCast: integer('votes_cast').notNull(),
  document: text('document').notNull(),
  // For operators only; never in the document (it would say nothing about a vote, but the record holds no time).
  fixedAt: timestamp('fixed_at').notNull(),
});
