import { ELECTION_STATUSES } from '@shared/elections';
import { COUNTING_MODES } from '@shared/verifiable';
import { DEFAULT_ELECTION_ELIGIBILITY, ELIGIBILITY_RULES } from '@shared/voter-roll';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { createdAt, timestamp, uuidPk } from './columns';

export const elections = sqliteTable(
  'elections',
  {
    id: uuidPk(),
    // The English title; '' when only the Somali is given (docs/decisions/021-bilingual-content.md).
    title: text('title').notNull(),
    titleSo: text('title_so').notNull().default(''),
    description: text('description'),
    descriptionSo: text('description_so'),
    startTime: timestamp('start_time').notNull(),
    endTime: timestamp('end_time').notNull(),
    status: text('status', { enum: ELECTION_STATUSES }).notNull().default('Draft'),
    resultsVisible: integer('results_visible', { mode: 'boolean' }).notNull().default(false),
    hideResultsUntilClose: integer('hide_results_until_close', { mode: 'boolean' }).notNull().default(true),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    // Kept by triggers on votes (drizzle/0006_vote_count_triggers.sql), in the vote's own transaction:
    // every vote, and the total at the last published batch (what non-admins see while voting is open).
    voteCount: integer('vote_count').notNull().default(0),
    publishedVoteCount: integer('published_vote_count').notNull().default(0),
    resultsPublishedAt: timestamp('results_published_at'),
    // Who may vote (shared/voter-roll.ts). Enrolled voters by default: one vote per citizen on the roll.
    eligibility: text('eligibility', { enum: ELIGIBILITY_RULES })
      .notNull()
      .default(DEFAULT_ELECTION_ELIGIBILITY),
    // JSON array of district regions (shared/regions.ts DISTRICT_REGIONS) whose enrolled voters may vote;
    // null means every region. Only read with the 'enrolled' rule.
    eligibleRegions: text('eligible_regions'),
    // How the election is counted (shared/verifiable.ts); fixed once the election leaves its draft.
    counting: text('counting', { enum: COUNTING_MODES }).notNull().default('standard'),
  },
  (t) => [index('elections_status_end_idx').on(t.status, t.endTime)],
);

export const candidates = sqliteTable(
  'candidates',
  {
    id: uuidPk(),
    electionId: text('election_id')
      .notNull()
      .references(() => elections.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // Each text a citizen reads in English and in Somali (docs/decisions/021-bilingual-content.md); the name is
    // the person's own, never translated.
    party: text('party'),
    partySo: text('party_so'),
    positionSought: text('position_sought'),
    positionSoughtSo: text('position_sought_so'),
    bio: text('bio'),
    bioSo: text('bio_so'),
    imageUrl: text('image_url'),
    imageAlt: text('image_alt'),
    imageAltSo: text('image_alt_so'),
    orderIndex: integer('order_index').notNull().default(1),
    // Exact running count and the count at the election's last published batch (both kept by triggers).
    voteCount: integer('vote_count').notNull().default(0),
    publishedVotes: integer('published_votes').notNull().default(0),
  },
  (t) => [index('candidates_election_order_idx').on(t.electionId, t.orderIndex)],
);

export const votes = sqliteTable(
  'votes',
  {
    id: uuidPk(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    electionId: text('election_id')
      .notNull()
      .references(() => elections.id, { onDelete: 'cascade' }),
    // question_id equals the election id (docs/product.md#votes-as-stored).
    questionId: text('question_id').notNull(),
    receiptId: text('receipt_id').notNull(),
    // The chosen candidate, for counting; selections keeps its stored JSON shape ({"candidate_id": ...}).
    candidateId: text('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'restrict' }),
    selections: text('selections').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // One vote per user per election is decided by the database, whatever the timing of requests.
    uniqueIndex('votes_user_election_unique').on(t.userId, t.electionId),
    uniqueIndex('votes_receipt_unique').on(t.receiptId),
    index('votes_election_candidate_idx').on(t.electionId, t.candidateId),
  ],
);
