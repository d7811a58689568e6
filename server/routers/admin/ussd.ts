import { ussdSimulateInput } from '@shared/schemas/ussd';
import { answerUssd } from '../../services/ussd/menu';
import { adminProcedure, router } from '../../trpc/init';

export const ussdRouter = router({
  /**
   * `{ answer }`: the USSD menu's screen ("CON ..." or "END ...") for a number the admin types, run on the server
   * without a gateway or its key, for training and demos. The same screens and limits; a vote is checked and
   * never saved, so the simulator cannot vote for anyone's number.
   */
  simulate: adminProcedure
    .meta({ stepUp: true, limited: true })
    .input(ussdSimulateInput)
    .mutation(async ({ ctx, input }) => ({
      answer: await answerUssd(ctx, input, { ip: ctx.ip, simulated: true }),
    })),
});
