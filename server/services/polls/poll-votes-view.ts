import { POLL_VOTE_CHANNELS, type PollVoteChannel } from '@shared/polls';
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
  channel: pollVotes.channel,
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

/** How many of a poll's votes came each way (web, USSD), every channel named even at 0. */
function votesByChannel(db: Db, pollId: string): Record<PollVoteChannel, number> {
  const rows = db
    .select({ channel: pollVotes.channel, n: count() })
    .from(pollVotes)
    .where(eq(pollVotes.pollId, pollId))
    .groupBy(pollVotes.channel)
    .all();
  const byChannel = Object.fromEntries(POLL_VOTE_CHANNELS.map((channel) => [channel, 0])) as Record<
    PollVoteChannel,
    number
  >;
  for (const row of rows) byChannel[row.channel] = row.n;
  return byChannel;
}

/**
 * The admin's votes view (docs/product.md#admin-polls): vote ID, user ID (none for a number without an account),
 * candidate, time, IP hash and channel; newest first, a page at a time; with the votes per channel.
 */
export function listPollVotes(db: Db, input: { pollId: string; limit: number; offset: number }) {
  assertPollExists(db, input.pollId);
  const byChannel = votesByChannel(db, input.pollId);
  const total = POLL_VOTE_CHANNELS.reduce((sum, channel) => sum + byChannel[channel], 0);
  const votes = db
    .select(voteColumns)
    .from(pollVotes)
    .innerJoin(pollCandidates, eq(pollCandidates.id, pollVotes.candidateId))
    .where(eq(pollVotes.pollId, input.pollId))
    .orderBy(desc(pollVotes.createdAt), desc(pollVotes.id))
    .limit(input.limit)
    .offset(input.offset)
    .all();
  return { total, byChannel, votes };
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
