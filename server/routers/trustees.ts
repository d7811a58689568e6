import { partialDecryptionInput, trusteeTokenInput } from '@shared/schemas/verifiable';
import { consume } from '../auth/rate-limits';
import { submitPartialDecryption } from '../services/verifiable/tally';
import { trusteeByToken } from '../services/verifiable/trustees';
import { publicProcedure, router } from '../trpc/init';

/**
 * What a verifiable election's trustees do. A trustee has no account: the token given when their key was
 * added is their proof of who they are, and only its hash is stored.
 */
export const trusteesRouter = router({
  /**
   * The trustee page's reading: the trustee's name, the election, where their part stands and the encrypted
   * tally to decrypt (never the whole archive). Each token is 32 random bytes, so a guess costs one indexed read.
   */
  byToken: publicProcedure
    .input(trusteeTokenInput)
    .query(({ ctx, input }) => trusteeByToken(ctx.db, input.token)),
  /** A trustee's share of the tally's decryption, as `belenios-tool election decrypt` writes it. */
  submitPartialDecryption: publicProcedure
    .meta({ limited: true })
    .input(partialDecryptionInput)
    .mutation(async ({ ctx, input }) => {
      await consume(ctx.limits.enabled, [[ctx.limits.trusteeSharesAddress, ctx.ip]], 'limit.bootstrapAdmin');
      return submitPartialDecryption(ctx.db, input);
    }),
});
