import { ELIGIBILITY_RULES } from '@shared/voter-roll';
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Eligible voters per rule (turnout's denominator), kept by triggers (drizzle/0010) in the transaction of the
 * write that changes them, as the vote counts are: a turnout read is one indexed read, never a count over every
 * account or the whole roll (at a million accounts that count took 250 ms, on every admin results read).
 * 'signedIn': active accounts; 'verifiedContact': active accounts with a confirmed e-mail address or phone
 * number (region '' for both);
 * 'enrolled': entries enrolled on the roll, one row per region of their district.
 */
export const eligibleVoterCounts = sqliteTable(
  'eligible_voter_counts',
  {
    rule: text('rule', { enum: ELIGIBILITY_RULES }).notNull(),
    region: text('region').notNull().default(''),
    voters: integer('voters').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.rule, t.region] })],
);
