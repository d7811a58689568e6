import { pollDateLabel } from '@shared/poll-rules';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { pollCandidates, polls, pollVotes, users } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique';
import { DomainError } from '../../errors/domain-error';
import { requireEligible } from '../eligibility';
import { phoneNumberHash } from '../phone-hash';
import { pollIpHash } from './ip-hash';
import { pollNotFound } from './poll-views';

const pollForVote = preparedOnce((db) =>
  db
    .select({
      id: polls.id,
      status: polls.status,
      opensAt: polls.opensAt,
      closesAt: polls.closesAt,
      eligibility: polls.eligibility,
      duplicateMonth: polls.duplicateMonth,
    })
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

// The web voter's confirmed number, one step down the primary key: its hash goes with the vote (pollVotes.phoneHash).
const confirmedPhoneOf = preparedOnce((db) =>
  db
    .select({ phone: users.phone })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('userId')), isNotNull(users.phoneConfirmedAt)))
    .prepare(),
);

/**
 * Who votes, and how: a signed-in account on the web, or a phone on USSD, as the account its number belongs
 * to (`userId`) or as the number alone (`userId` null). `ip` is the address every per-address key reads.
 */
export type PollVoter =
  | { channel: 'web'; userId: string; ip: string }
  | { channel: 'ussd'; userId: string | null; phone: string; ip: string };

/** The hash of the number a vote comes from: the carrier's on USSD, the account's confirmed one on the web. */
function voterPhoneHash(db: Db, voter: PollVoter): string | null {
  if (voter.channel === 'ussd') return phoneNumberHash(db, voter.phone);
  const phone = confirmedPhoneOf(db).get({ userId: voter.userId })?.phone;
  return phone ? phoneNumberHash(db, phone) : null;
}

/**
 * Records one poll vote. Only an open poll within its window takes votes: past closes_at it is over even
 * if nobody pressed Close. The unique indexes on (poll, user) and (poll, phone number) decide duplicates, so
 * of any number of simultaneous votes by one citizen, on the web and by USSD, exactly one commits and the rest
 * answer CONFLICT. A voter the poll's rule does not allow is refused with FORBIDDEN before anything is written.
 */
export function castPollVote(
  db: Db,
  voter: PollVoter,
  input: { pollId: string; candidateId: string },
  now = new Date(),
) {
  const poll = pollForVote(db).get({ pollId: input.pollId });
  if (!poll || poll.status === 'draft') throw pollNotFound(input.pollId);
  if (now > poll.closesAt) throw new DomainError('poll.closedOn', { date: pollDateLabel(poll.closesAt) });
  // A second poll of its month, kept by the migration that made months unique: its voters have the month's
  // poll; a vote here would be a second vote in the month.
  if (poll.status === 'closed' || poll.duplicateMonth) throw new DomainError('poll.closed');
  if (now < poll.opensAt) throw new DomainError('poll.opensOn', { date: pollDateLabel(poll.opensAt) });
  // Polls have no regions: the rule alone decides (a confirmed e-mail address by default).
  requireEligible(db, voter.userId, { eligibility: poll.eligibility, eligibleRegions: null }, 'poll', {
    carrierNumber: voter.channel === 'ussd',
  });

  const candidate = candidateOfPoll(db).get({ candidateId: input.candidateId, pollId: poll.id });
  if (!candidate) throw new DomainError('poll.candidateNotInPoll');

  try {
    const vote = db
      .insert(pollVotes)
      .values({
        pollId: poll.id,
        userId: voter.userId,
        candidateId: candidate.id,
        ipHash: pollIpHash(db, voter.ip),
        channel: voter.channel,
        phoneHash: voterPhoneHash(db, voter),
        createdAt: now,
      })
      .returning({ id: pollVotes.id, createdAt: pollVotes.createdAt })
      .get();
    return { voteId: vote.id, recordedAt: vote.createdAt };
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('poll.alreadyVoted');
    throw error;
  }
}
