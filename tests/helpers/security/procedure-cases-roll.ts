import { enrolledVoter, importedEntry, issueCode, openFlag } from '../voter-roll-factories';
import type { ProcedureCase } from './procedure-cases';
import { insertUser, type World } from './world';

/** An entry of a fresh citizen at the world's center, entered by the world's registrar (never the caller). */
async function entry(w: World, status: 'pending' | 'enrolled' | 'suspended', n: number) {
  const citizen = await insertUser(w.db);
  return enrolledVoter(w.db, {
    status,
    userId: citizen.id,
    districtId: w.districtId,
    centerId: w.centerId,
    enteredBy: w.roll.registrar.id,
    voterCardNumber: `CASE-${status.toUpperCase()}-${n}`,
    // A name of its own: entries sharing a name and district would be possible duplicates to approve.
    fullName: `Case ${status} ${n}`,
  }).id;
}

/** A fresh citizen's code, valid now. */
async function freshCode(w: World) {
  const citizen = await insertUser(w.db);
  return issueCode(w.db, citizen.id);
}

/** The voter roll's procedures, read with the rest of PROCEDURE_CASES. */
export const ROLL_PROCEDURE_CASES: Record<string, ProcedureCase> = {
  'enrollment.status': { tier: 'citizen' },
  'enrollment.requestCode': { tier: 'citizen' },
  'enrollment.liveCode': { tier: 'citizen' },
  'enrollment.claim': {
    tier: 'citizen',
    input: (w, n) => {
      const voterCardNumber = `CLAIM-${n}`;
      importedEntry(w.db, { districtId: w.districtId, voterCardNumber, dateOfBirth: '1980-05-17' });
      return { voterCardNumber, dateOfBirth: '1980-05-17' };
    },
  },

  'registrar.centers': { tier: 'registrar' },
  'registrar.lookupCode': { tier: 'registrarStepUp', input: async (w) => ({ code: await freshCode(w) }) },
  'registrar.enroll': {
    tier: 'registrarStepUp',
    input: async (w, n) => ({
      code: await freshCode(w),
      voterCardNumber: `ENROL-${n}`,
      districtId: w.districtId,
      centerId: w.centerId,
    }),
  },
  'registrar.mine': { tier: 'registrarStepUp' },

  'supervisor.pending': { tier: 'supervisorStepUp' },
  'supervisor.approve': {
    tier: 'supervisorStepUp',
    input: async (w, n) => ({ id: await entry(w, 'pending', n) }),
  },
  'supervisor.reject': {
    tier: 'supervisorStepUp',
    input: async (w, n) => ({ id: await entry(w, 'pending', n), reason: 'The card photo does not match.' }),
  },
  'supervisor.suspend': {
    tier: 'supervisorStepUp',
    input: async (w, n) => ({ voterId: await entry(w, 'enrolled', n), reason: 'Reported deceased.' }),
  },
  'supervisor.reinstate': {
    tier: 'supervisorStepUp',
    input: async (w, n) => ({ voterId: await entry(w, 'suspended', n) }),
  },
  'supervisor.search': {
    tier: 'supervisorStepUp',
    input: (w) => ({ voterCardNumber: w.roll.voterCardNumber }),
  },
  'supervisor.searchByName': {
    tier: 'supervisorStepUp',
    input: (w) => ({ name: 'case enrolled', districtId: w.districtId, status: 'enrolled' }),
  },
  'supervisor.districts': { tier: 'supervisor' },
  'supervisor.stats': { tier: 'supervisor' },
  'supervisor.flags': { tier: 'supervisorStepUp' },
  'supervisor.resolveFlag': {
    tier: 'supervisorStepUp',
    input: (w) => ({
      id: openFlag(w.db, w.roll.voterId, w.users.otherCitizen.id).id,
      note: 'Checked the card.',
    }),
  },

  'staff.overview': { tier: 'staff' },
};
