import { uniqueEmail } from '../factories';
import { sentInvitation } from '../invitations';
import type { ProcedureCase } from './procedure-cases';

/** Staff invitations: the admin's side (step-up) and the invited person's (anyone holding the link). */
export const INVITATION_PROCEDURE_CASES: Record<string, ProcedureCase> = {
  'admin.invitations.list': { tier: 'stepUp' },
  'admin.invitations.create': {
    tier: 'stepUp',
    input: (_w, n) => ({
      email: `invited.${n}.${uniqueEmail('staff')}`,
      fullName: 'Invited Supervisor',
      role: 'Enrollment Supervisor',
      centerIds: [],
      language: 'so',
    }),
  },
  'admin.invitations.resend': {
    tier: 'stepUp',
    input: (w) => ({ id: sentInvitation(w.db, { email: uniqueEmail('resend') }).id }),
  },
  'admin.invitations.revoke': {
    tier: 'stepUp',
    input: (w) => ({ id: sentInvitation(w.db, { email: uniqueEmail('revoke') }).id }),
  },
  // With a new password, whoever is signed in: a new account for the invited address, signed in.
  'auth.acceptInvitation': {
    tier: 'public',
    input: (w, n) => ({
      token: sentInvitation(w.db, { email: uniqueEmail('accept') }).token,
      newPassword: `staff secret ${n}`,
    }),
  },
};
