import { candidateInput, candidateUpdateInput } from '@shared/schemas/admin';
import { createElectionInput, electionIdInput, updateElectionInput } from '@shared/schemas/admin-elections';
import { byIdInput } from '@shared/schemas/common';
import { trusteeAddInput, trusteeRemoveInput } from '@shared/schemas/verifiable';
import { createCandidate, deleteCandidate, updateCandidate } from '../../services/admin/candidates';
import {
  adminElectionResults,
  deleteElection,
  electionById,
  electionCandidates,
  listElections,
} from '../../services/admin/elections';
import { requestElectionCreate, requestElectionUpdate } from '../../services/approvals/election-acts';
import { fixElectionRecord } from '../../services/election-record/record';
import { adminTurnout } from '../../services/turnout';
import { closeVerifiable } from '../../services/verifiable/tally';
import { addTrustee, listTrustees, removeTrustee } from '../../services/verifiable/trustees';
import { adminProcedure, router } from '../../trpc/init';

/**
 * /admin/elections and its candidates and results pages: System Admins. The list, one election and its ballot
 * are what the pages need to navigate; every change and the counts (hidden from voters, and on the ballot
 * page per candidate) need a step-up. Opening an election and publishing its results answer
 * `{ pendingApproval: { id } }`: a second System Admin confirms them (admin.approvals).
 */
export const adminElectionsRouter = router({
  list: adminProcedure.query(({ ctx }) => listElections(ctx.db)),
  byId: adminProcedure.input(byIdInput).query(({ ctx, input }) => electionById(ctx.db, input.id)),
  create: adminProcedure
    .meta({ stepUp: true })
    .input(createElectionInput)
    .mutation(({ ctx, input }) => requestElectionCreate(ctx.db, input, ctx.user.id)),
  update: adminProcedure
    .meta({ stepUp: true })
    .input(updateElectionInput)
    .mutation(async ({ ctx, input }) => {
      const updated = requestElectionUpdate(ctx.db, input, ctx.user.id);
      // A close fixes the election's record before the admin is answered (a second close leaves it as it was),
      // and a verifiable election's encrypted tally.
      await fixElectionRecord(ctx.db, input.id);
      await closeVerifiable(ctx.db, input.id);
      return updated;
    }),
  delete: adminProcedure
    .meta({ stepUp: true })
    .input(byIdInput)
    .mutation(({ ctx, input }) => deleteElection(ctx.db, input.id, ctx.user.id)),
  /** Counts even while hidden from voters, with turnout overall and per region. */
  results: adminProcedure
    .meta({ stepUp: true })
    .input(electionIdInput)
    .query(({ ctx, input }) => {
      const results = adminElectionResults(ctx.db, input.electionId);
      return { ...results, turnout: adminTurnout(ctx.db, input.electionId, results.cast) };
    }),
  /** A verifiable election's trustees: each gives Codka only a public key with its proof. */
  trustees: router({
    add: adminProcedure
      .meta({ stepUp: true })
      .input(trusteeAddInput)
      .mutation(({ ctx, input }) => addTrustee(ctx.db, input, ctx.user.id)),
    list: adminProcedure
      .meta({ stepUp: true })
      .input(electionIdInput)
      .query(({ ctx, input }) => listTrustees(ctx.db, input.electionId)),
    remove: adminProcedure
      .meta({ stepUp: true })
      .input(trusteeRemoveInput)
      .mutation(({ ctx, input }) => removeTrustee(ctx.db, input, ctx.user.id)),
  }),
  candidates: router({
    list: adminProcedure
      .meta({ stepUp: true })
      .input(electionIdInput)
      .query(({ ctx, input }) => electionCandidates(ctx.db, input.electionId)),
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
  }),
});
