import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pollCandidates, polls, pollVotes } from '../../db/schema';
import { pollNotFound } from './poll-views';

/** A vote's columns in the admin's votes view and its CSV export (docs/product.md#admin-polls). */
const voteColumns = {
  id: pollVotes.id,
  userId: pollVotes.userId,
  candidate: pollCandidates.name,
  createdAt: pollVotes.createdAt,
  ipHash: pollVotes.ipHash,
};

function assertPollExists(db: Db, pollId: string) {
  const poll = db
    .select({ id: polls.id, monthYear: polls.monthYear, electionType: polls.electionType })
    .from(polls)
    .where(eq(polls.id, pollId))
    .get();
  if (!poll) throw pollNotFound(pollId);
  return poll;
}

/**
 * The admin's votes view (docs/product.md#admin-polls): vote ID, user ID, candidate, time, IP hash; newest first, a
 * page at a time.
 */
export function listPollVotes(db: Db, input: { pollId: string; limit: number; offset: number }) {
  assertPollExists(db, input.pollId);
  const total = db.select({ n: count() }).from(pollVotes).where(eq(pollVotes.pollId, input.pollId)).get();
  const votes = db
    .select(voteColumns)
    .from(pollVotes)
    .innerJoin(pollCandidates, eq(pollCandidates.id, pollVotes.candidateId))
    .where(eq(pollVotes.pollId, input.pollId))
    .orderBy(desc(pollVotes.createdAt), desc(pollVotes.id))
    .limit(input.limit)
    .offset(input.offset)
    .all();
  return { total: total?.n ?? 0, votes };
}

/** Every vote of a poll in the order cast, for the CSV export. */
export function pollVotesForExport(db: Db, pollId: string) {
  const poll = assertPollExists(db, pollId);
  const votes = db
    .select(voteColumns)
    .from(pollVotes)
    .innerJoin(pollCandidates, eq(pollCandidates.id, pollVotes.candidateId))
    .where(eq(pollVotes.pollId, pollId))
    .orderBy(pollVotes.createdAt, pollVotes.id)
    .all();
  return { poll, votes };
}
