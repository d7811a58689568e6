import { TRPCError } from '@trpc/server';
import { and, eq, sql } from 'drizzle-orm';
import { pollDateLabel } from '../../../shared/poll-rules';
import { pollMessages } from '../../../shared/schemas/polls';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { pollCandidates, polls, pollVotes } from '../../db/schema';
import { isUniqueViolation } from '../../trpc/errors';
import { pollIpHash } from './ip-hash';
import { pollNotFound } from './poll-views';

const closed = (message: string) => new TRPCError({ code: 'PRECONDITION_FAILED', message });

const pollForVote = preparedOnce((db) =>
  db
    .select({ id: polls.id, status: polls.status, opensAt: polls.opensAt, closesAt: polls.closesAt })
    .from(polls)
    .where(eq(polls.id, sql.placeholder('pollId')))
    .prepare(),
);

const candidateOfPoll = preparedOnce((db) =>
  db
    .select({ id: pollCandidates.id })
    .from(pollCandidates)
    .where(
      and(
        eq(pollCandidates.id, sql.placeholder('candidateId')),
        eq(pollCandidates.pollId, sql.placeholder('pollId')),
      ),
    )
    .prepare(),
);

/**
 * Records one poll vote. Only an open poll within its window takes votes: past closes_at it is over even
 * if nobody pressed Close. The unique index on (poll, user) decides duplicates, so of any number of
 * simultaneous votes by one citizen exactly one commits and the rest answer CONFLICT.
 */
export function castPollVote(
  db: Db,
  voter: { userId: string; ip: string },
  input: { pollId: string; candidateId: string },
  now = new Date(),
) {
  const poll = pollForVote(db).get({ pollId: input.pollId });
  if (!poll || poll.status === 'draft') throw pollNotFound(input.pollId);
  if (now > poll.closesAt) throw closed(`This poll closed on ${pollDateLabel(poll.closesAt)}.`);
  if (poll.status === 'closed') throw closed('This poll has been closed.');
  if (now < poll.opensAt) throw closed(`This poll opens on ${pollDateLabel(poll.opensAt)}.`);

  const candidate = candidateOfPoll(db).get({ candidateId: input.candidateId, pollId: poll.id });
  if (!candidate)
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'The selected candidate is not in this poll.' });

  try {
    const vote = db
      .insert(pollVotes)
      .values({
        pollId: poll.id,
        userId: voter.userId,
        candidateId: candidate.id,
        ipHash: pollIpHash(db, voter.ip),
        createdAt: now,
      })
      .returning({ id: pollVotes.id, createdAt: pollVotes.createdAt })
      .get();
    return { voteId: vote.id, recordedAt: vote.createdAt };
  } catch (error) {
    if (isUniqueViolation(error))
      throw new TRPCError({ code: 'CONFLICT', message: pollMessages.alreadyVoted });
    throw error;
  }
}
