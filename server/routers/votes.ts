import { castBallotInput, credentialInput } from '@shared/schemas/verifiable';
import { castVoteInput, verifyReceiptInput } from '@shared/schemas/voting';
import { consume, takePoints } from '../auth/rate-limits';
import { DomainError } from '../errors/domain-error';
import { castBallot, voterCredential } from '../services/verifiable/ballots';
import { castVote, myVotes, verifyReceipt } from '../services/voting';
import { protectedProcedure, publicProcedure, router } from '../trpc/init';

export const votesRouter = router({
  /** One vote per citizen per election; returns the receipt. */
  cast: protectedProcedure
    .meta({ limited: true, hot: true, onlyAdds: true })
    .input(castVoteInput)
    .mutation(async ({ ctx, input }) => {
      await consume(ctx.limits.enabled, [[ctx.limits.votesAddress, ctx.ip]], 'limit.votes');
      return castVote(ctx.db, ctx.user.id, input);
    }),
  /** A verifiable election: the voter's private Belenios credential (Codka as credential authority). */
  credential: protectedProcedure
    .input(credentialInput)
    .query(({ ctx, input }) => voterCredential(ctx.db, ctx.user.id, input.electionId)),
  /**
   * A verifiable election: a Belenios ballot encrypted in the voter's browser (or by belenios-tool), checked
   * in a worker; its tracker is the voter's receipt. The limit is taken before any check.
   */
  castBallot: protectedProcedure
    .meta({ limited: true })
    .input(castBallotInput)
    .mutation(async ({ ctx, input }) => {
      await consume(ctx.limits.enabled, [[ctx.limits.votesAddress, ctx.ip]], 'limit.votes');
      const attempt = await takePoints(
        ctx.limits.enabled,
        [[ctx.limits.ballotsUser, ctx.user.id]],
        'limit.ballots',
      );
      try {
        return await castBallot(ctx.db, ctx.user.id, input);
      } catch (error) {
        // The workers' full line is not the voter's doing: that try is not counted against them.
        if (error instanceof DomainError && error.code === 'verifiable.busy') await attempt.giveBack();
        throw error;
      }
    }),
  /** The signed-in citizen's own votes and receipts. */
  mine: protectedProcedure.query(({ ctx }) => myVotes(ctx.db, ctx.user.id)),
  /** Anyone can check that a receipt was recorded; the choice is never revealed. */
  verifyReceipt: publicProcedure
    .input(verifyReceiptInput)
    .query(({ ctx, input }) => verifyReceipt(ctx.db, input.receiptId)),
});
