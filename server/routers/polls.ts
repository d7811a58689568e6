import { byIdInput } from '@shared/schemas/common';
import {
  pollCandidateInput,
  pollCreateInput,
  pollIdInput,
  pollVoteInput,
  pollVotesInput,
} from '@shared/schemas/polls';
import { consume } from '../auth/rate-limits';
import { DomainError } from '../errors/domain-error';
import { requestPollPublish } from '../services/approvals/poll-publish';
import { addPollCandidate, closePoll, createPoll, deletePoll } from '../services/polls/poll-admin';
import { currentPoll, pollById, pollHistory, pollList, pollResults } from '../services/polls/poll-views';
import { listPollVotes } from '../services/polls/poll-votes-view';
import { castPollVote } from '../services/polls/poll-voting';
import { adminProcedure, publicProcedure, requireStaffTwoFactor, requireStepUp, router } from '../trpc/init';
import { viewerOf } from './viewer';

/** Signed-in users, refused with the poll's own sentence (docs/product.md#poll-forms: "Please sign in to vote"). */
const voterProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) {
    throw new DomainError('poll.signInToVote');
  }
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

/** System Admins creating a poll, refused with the poll form's sentences (docs/product.md#poll-forms). */
const pollCreatorProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) {
    throw new DomainError('poll.signInToCreate');
  }
  if (!ctx.user.isAdmin) {
    throw new DomainError('poll.adminsOnlyDenied');
  }
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

export const pollsRouter = router({
  /** The open presidential poll running now, with its candidates; null when there is none. */
  current: publicProcedure
    .meta({ publicCache: true, cacheByVote: 'currentPoll', offline: true })
    .query(({ ctx }) => currentPoll(ctx.db, viewerOf(ctx))),
  /** One poll with its candidates; drafts only for admins. */
  byId: publicProcedure
    .meta({ offline: true })
    .input(byIdInput)
    .query(({ ctx, input }) => pollById(ctx.db, input.id, viewerOf(ctx))),
  /** Results: to voters while open, to everyone once closed, always to admins. */
  results: publicProcedure
    .meta({ publicCache: true, cacheByVote: 'inputPoll', offline: true })
    .input(pollIdInput)
    .query(({ ctx, input }) => pollResults(ctx.db, input.pollId, viewerOf(ctx))),
  /** Closed polls, newest month first. */
  history: publicProcedure.meta({ publicCache: true, offline: true }).query(({ ctx }) => pollHistory(ctx.db)),
  /** Open and closed polls newest first; admins also see drafts. */
  list: publicProcedure
    .meta({ publicCache: true, offline: true })
    .query(({ ctx }) => pollList(ctx.db, viewerOf(ctx))),
  /** One vote per citizen per poll, decided by the database. */
  vote: voterProcedure
    .meta({ limited: true, hot: true, onlyAdds: true })
    .input(pollVoteInput)
    .mutation(async ({ ctx, input }) => {
      await consume(ctx.limits.enabled, [[ctx.limits.pollVotesAddress, ctx.ip]], 'limit.pollVotes');
      return castPollVote(ctx.db, { channel: 'web', userId: ctx.user.id, ip: ctx.ip }, input);
    }),
  /** A new draft poll (System Admins). */
  create: pollCreatorProcedure
    .use(requireStaffTwoFactor)
    .use(requireStepUp)
    .meta({ stepUp: true })
    .input(pollCreateInput)
    .mutation(({ ctx, input }) => createPoll(ctx.db, input, ctx.user.id)),
  /** Draft to open, once a second System Admin confirms it: answers `{ pendingApproval: { id } }`. */
  publish: adminProcedure
    .meta({ stepUp: true })
    .input(byIdInput)
    .mutation(({ ctx, input }) => requestPollPublish(ctx.db, input.id, ctx.user.id)),
  /** Open to closed. */
  close: adminProcedure
    .meta({ stepUp: true })
    .input(byIdInput)
    .mutation(({ ctx, input }) => closePoll(ctx.db, input.id, ctx.user.id)),
  /** A poll with its candidates and votes. */
  delete: adminProcedure
    .meta({ stepUp: true })
    .input(byIdInput)
    .mutation(({ ctx, input }) => deletePoll(ctx.db, input.id, ctx.user.id)),
  addCandidate: adminProcedure
    .meta({ stepUp: true })
    .input(pollCandidateInput)
    .mutation(({ ctx, input }) => addPollCandidate(ctx.db, input, ctx.user.id)),
  /** Vote ID, user ID, candidate, time and IP hash, newest first. */
  votes: adminProcedure
    .meta({ stepUp: true })
    .input(pollVotesInput)
    .query(({ ctx, input }) => listPollVotes(ctx.db, input)),
});
