import { candidateInput, candidateUpdateInput } from '../../../shared/schemas/admin';
import { byIdInput } from '../../../shared/schemas/common';
import {
  createCandidate,
  deleteCandidate,
  listAllCandidates,
  listElectionChoices,
  updateCandidate,
} from '../../services/admin/candidates';
import { dashboardProcedure, router } from '../../trpc/init';

/** The dashboard's Candidate Management tab: every election's candidates in one list. */
export const candidatesRouter = router({
  list: dashboardProcedure.query(({ ctx }) => listAllCandidates(ctx.db)),
  electionChoices: dashboardProcedure.query(({ ctx }) => listElectionChoices(ctx.db)),
  create: dashboardProcedure
    .input(candidateInput)
    .mutation(({ ctx, input }) => createCandidate(ctx.db, input, ctx.user.id)),
  update: dashboardProcedure
    .input(candidateUpdateInput)
    .mutation(({ ctx, input }) => updateCandidate(ctx.db, input, ctx.user.id)),
  delete: dashboardProcedure
    .input(byIdInput)
    .mutation(({ ctx, input }) => deleteCandidate(ctx.db, input.id, ctx.user.id)),
});
