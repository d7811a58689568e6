import { castVoteInput, verifyReceiptInput } from '@shared/schemas/voting';
import { consume } from '../auth/rate-limits';
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
  /** The signed-in citizen's own votes and receipts. */
  mine: protectedProcedure.query(({ ctx }) => myVotes(ctx.db, ctx.user.id)),
  /** Anyone can check that a receipt was recorded; the choice is never revealed. */
  verifyReceipt: publicProcedure
    .input(verifyReceiptInput)
    .query(({ ctx, input }) => verifyReceipt(ctx.db, input.receiptId)),
});
