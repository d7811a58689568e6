import { generateTrusteeKey } from '@shared/belenios';
import { ballotFor, talliedElection, verifiableElection } from '../verifiable-factories';
import type { ProcedureCase } from './procedure-cases';
import type { World } from './world';

/**
 * Verifiable elections' procedures, read with the rest of PROCEDURE_CASES. Their elections are made on first
 * use in each world (after its accounts, so that every account has a credential), never in buildWorld: most
 * worlds never need one, and each costs a few hundred modular exponentiations.
 */
const opened = new WeakMap<object, ReturnType<typeof verifiableElection>>();
const openIn = (w: World) => {
  let made = opened.get(w.db);
  if (!made) {
    made = verifiableElection(w.db);
    opened.set(w.db, made);
  }
  return made;
};

const draftIn = (w: World) => verifiableElection(w.db, { open: false });

export const VERIFIABLE_PROCEDURE_CASES: Record<string, ProcedureCase> = {
  'admin.elections.trustees.add': {
    tier: 'stepUp',
    input: async (w) => ({
      electionId: (await draftIn(w)).electionId,
      name: 'Observer',
      publicKey: generateTrusteeKey().publicKey,
    }),
  },
  'admin.elections.trustees.list': {
    tier: 'stepUp',
    input: async (w) => ({ electionId: (await openIn(w)).electionId }),
  },
  'admin.elections.trustees.remove': {
    tier: 'stepUp',
    input: async (w) => {
      const draft = await draftIn(w);
      return { electionId: draft.electionId, id: draft.trustees[0]?.id };
    },
  },
  'votes.credential': { tier: 'citizen', input: async (w) => ({ electionId: (await openIn(w)).electionId }) },
  'votes.castBallot': {
    tier: 'citizen',
    input: async (w, _n, actor) => {
      const { electionId } = await openIn(w);
      // A visitor or a refused account sends some voter's ballot: refused before it is read.
      const voter = actor ?? w.users.otherCitizen;
      return { electionId, ballot: ballotFor(w.db, electionId, voter.id) };
    },
  },
  'elections.beleniosElection': {
    tier: 'public',
    input: async (w) => ({ id: (await openIn(w)).electionId }),
  },
  'trustees.byToken': {
    tier: 'public',
    input: async (w) => ({ token: (await openIn(w)).trustees[0]?.token }),
  },
  'trustees.submitPartialDecryption': {
    tier: 'public',
    input: async (w) => {
      const tallied = await talliedElection(w.db);
      return { token: tallied.trustees[0]?.token, partialDecryption: tallied.shares[0] };
    },
  },
};
