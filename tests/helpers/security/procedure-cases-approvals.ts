import { requestUserUpdate } from '@server/services/approvals/staff-role';
import type { ProcedureCase } from './procedure-cases';
import { insertUser, type World } from './world';

/**
 * A grant of Registrar to a fresh citizen, asked by a System Admin other than the world's (who confirms or
 * cancels it): the request a second admin decides.
 */
async function waitingGrant(w: World): Promise<string> {
  const requester = await insertUser(w.db, { role: 'System Admin' });
  const citizen = await insertUser(w.db);
  const answer = requestUserUpdate(
    w.db,
    { id: citizen.profileId, fullName: citizen.fullName, phone: null, role: 'Registrar', isActive: true },
    requester.id,
  );
  if (!('pendingApproval' in answer)) throw new Error('a grant of Registrar should wait for a second admin');
  return answer.pendingApproval.id;
}

/** The two-person rule's queue, read with the rest of PROCEDURE_CASES. */
export const APPROVAL_PROCEDURE_CASES: Record<string, ProcedureCase> = {
  'admin.approvals.pending': { tier: 'stepUp' },
  'admin.approvals.confirm': { tier: 'stepUp', input: async (w) => ({ id: await waitingGrant(w) }) },
  'admin.approvals.cancel': { tier: 'stepUp', input: async (w) => ({ id: await waitingGrant(w) }) },
};
