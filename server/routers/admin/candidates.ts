import { candidateInput, candidateUpdateInput } from '@shared/schemas/admin';
import { byIdInput } from '@shared/schemas/common';
import {
  createCandidate,
  deleteCandidate,
  listAllCandidates,
  listElectionChoices,
  updateCandidate,
} from '../../services/admin/candidates';
import { adminProcedure, router } from '../../trpc/init';

/** The dashboard's Candidate Management tab: every election's candidates in one list. */
export const candidatesRouter = router({
  list: adminProcedure.meta({ stepUp: true }).query(({ ctx }) => listAllCandidates(ctx.db)),
  electionChoices: adminProcedure.meta({ stepUp: true }).query(({ ctx }) => listElectionChoices(ctx.db)),
  create: adminProcedure
    .meta({ stepUp: true })
    .input(candidateInput)
    .mutation(({ ctx, input }) => createCandidate(ctx.db, input, ctx.user.id)),
  update: adminProcedure
    .meta({ stepUp: true })
    .input(candidateUpdateInput)
    .mutation(({ ctx, input }) => updateCandidate(ctx.db, input, ctx.user.id)),
  delete: adminProcedure
    .meta({ stepUp: true })
    .input(byIdInput)
    .mutation(({ ctx, input }) => deleteCandidate(ctx.db, input.id, ctx.user.id)),
});
