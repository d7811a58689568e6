import {
  DEFAULT_CANDIDATE_COLOR,
  POLL_ELECTION_TYPES,
  POLL_STATUSES,
  POLL_VOTE_CHANNELS,
} from '@shared/polls';
import { DEFAULT_POLL_ELIGIBILITY, ELIGIBILITY_RULES } from '@shared/voter-roll';
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { createdAt, timestamp, uuidPk } from './columns';

export const polls = sqliteTable(
  'polls',
  {
    id: uuidPk(),
    // The title in English and in Somali; both '' when the admin gave none, and the title is written when read
    // (docs/decisions/021-bilingual-content.md).
    title: text('title').notNull(),
    titleSo: text('title_so').notNull().default(''),
    // 'YYYY-MM': the month the poll belongs to.
    monthYear: text('month_year').notNull(),
    electionType: text('election_type', { enum: POLL_ELECTION_TYPES }).notNull().default('presidential'),
    status: text('status', { enum: POLL_STATUSES }).notNull().default('draft'),
    opensAt: timestamp('opens_at').notNull(),
    closesAt: timestamp('closes_at').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    // Who may vote (shared/voter-roll.ts): a confirmed e-mail address by default.
    eligibility: text('eligibility', { enum: ELIGIBILITY_RULES }).notNull().default(DEFAULT_POLL_ELIGIBILITY),
    // Set only by the migration that made a month unique per type, on a second poll of a type and month made
    // before: it is left in place for an admin to delete, named at start and by `codka check`, never published.
    duplicateMonth: integer('duplicate_month', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    index('polls_status_idx').on(t.status, t.createdAt),
    index('polls_month_idx').on(t.monthYear),
    // One poll of a type a month, so one vote a month: the database decides between two admins at once.
    uniqueIndex('polls_type_month_unique')
      .on(t.electionType, t.monthYear)
      .where(sql`${t.duplicateMonth} = 0`),
  ],
);

export const pollCandidates = sqliteTable(
  'poll_candidates',
  {
    id: uuidPk(),
    pollId: text('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    photoUrl: text('photo_url'),
    party: text('party'),
    partySo: text('party_so'),
    colorHex: text('color_hex').notNull().default(DEFAULT_CANDIDATE_COLOR),
    orderIndex: integer('order_index').notNull().default(1),
    // Exact running count, kept by triggers on poll_votes (drizzle/0006_vote_count_triggers.sql).
    voteCount: integer('vote_count').notNull().default(0),
  },
  (t) => [index('poll_candidates_poll_order_idx').on(t.pollId, t.orderIndex)],
);

export const pollVotes = sqliteTable(
  'poll_votes',
  {
    id: uuidPk(),
    pollId: text('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    // Null only for a USSD vote from a number that belongs to no account: the number is the voter then.
    userId: text('user_id').references(() => users.id, { onDelete: 'restrict' }),
    candidateId: text('candidate_id')
      .notNull()
      .references(() => pollCandidates.id, { onDelete: 'restrict' }),
    // A keyed hash (HMAC) of the voter's address, never the address itself.
    ipHash: text('ip_hash'),
    channel: text('channel', { enum: POLL_VOTE_CHANNELS }).notNull().default('web'),
    // A keyed hash (HMAC) of the phone number the vote came from: the carrier's number on USSD, the account's
    // confirmed number on the web; null for an account without one. One vote per number per poll, so a number
    // that voted by USSD before it had an account cannot vote again through the account it joins.
    phoneHash: text('phone_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    // One vote per user per (monthly) poll, enforced by the database.
    uniqueIndex('poll_votes_poll_user_unique').on(t.pollId, t.userId),
    uniqueIndex('poll_votes_poll_phone_unique')
      .on(t.pollId, t.phoneHash)
      .where(sql`${t.phoneHash} is not null`),
    index('poll_votes_poll_candidate_idx').on(t.pollId, t.candidateId),
    // The latest vote's time (results' "last updated") without reading every vote of the poll.
    index('poll_votes_poll_created_idx').on(t.pollId, t.createdAt),
  ],
);
