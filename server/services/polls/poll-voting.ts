import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { pollDateLabel } from '../../../shared/poll-rules';
import { pollMessages } from '../../../shared/schemas/polls';
import type { Db } from '../../db/client';
import { pollCandidates, polls, pollVotes } from '../../db/schema';
import { isUniqueViolation } from '../../trpc/errors';
import { pollIpHash } from './ip-hash';
import { pollNotFound } from './poll-views';

const closed = (message: string) => new TRPCError({ code: 'PRECONDITION_FAILED', message });

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
  const poll = db
    .select({ id: polls.id, status: polls.status, opensAt: polls.opensAt, closesAt: polls.closesAt })
    .from(polls)
    .where(eq(polls.id, input.pollId))
    .get();
  if (!poll || poll.status === 'draft') throw pollNotFound(input.pollId);
  if (now > poll.closesAt) throw closed(`This poll closed on ${pollDateLabel(poll.closesAt)}.`);
  if (poll.status === 'closed') throw closed('This poll has been closed.');
  if (now < poll.opensAt) throw closed(`This poll opens on ${pollDateLabel(poll.opensAt)}.`);

  const candidate = db
    .select({ id: pollCandidates.id })
    .from(pollCandidates)
    .where(and(eq(pollCandidates.id, input.candidateId), eq(pollCandidates.pollId, poll.id)))
    .get();
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
