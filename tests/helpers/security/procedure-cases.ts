import { TEST_PASSWORD } from '../factories';
import { createPhoneUser, knownPhoneCode, uniquePhone } from '../phone';
import { APPROVAL_PROCEDURE_CASES } from './procedure-cases-approvals';
import { INVITATION_PROCEDURE_CASES } from './procedure-cases-invitations';
import { ROLL_PROCEDURE_CASES } from './procedure-cases-roll';
import { VERIFIABLE_PROCEDURE_CASES } from './procedure-cases-verifiable';
import type { World, WorldUser } from './world';
import { beginEnrolment, enableTwoFactor, pendingTwoFactorSignIn, totpNow } from './world-extras';

/**
 * Who may call a procedure: anyone; a signed-in citizen with an active account; a System Admin; a System Admin
 * whose session stepped up (re-entered its password) within the last 15 minutes. The last is what a stolen admin
 * cookie alone cannot reach; the matrix checks that it matches the procedure's `.meta({ stepUp: true })`.
 */
export type Tier = 'public' | 'citizen' | 'admin' | 'stepUp' | StaffTier;

/**
 * The voter roll's staff tiers: Registrars, Enrollment Supervisors, either ('staff'); System Admins
 * pass all of them. The StepUp ones also need a recent step-up. 'staffAccount' lets in the same accounts as
 * 'staff' but stays open to one that has not set up two-factor sign-in when STAFF_TWO_FACTOR=required (the setup
 * itself); every other staff and admin tier is closed to it.
 */
export type StaffTier =
  | 'registrar'
  | 'registrarStepUp'
  | 'supervisor'
  | 'supervisorStepUp'
  | 'staff'
  | 'staffAccount';
export const STEP_UP_TIERS: readonly Tier[] = ['stepUp', 'registrarStepUp', 'supervisorStepUp'];

export interface ProcedureCase {
  tier: Tier;
  /**
   * An input that succeeds for every actor the tier lets in (a promise of one, where making it takes a step such
   * as enrolling an authenticator); `n` is unique per call (fresh codes, emails) and `actor` is who will call
   * (null for a visitor), for inputs that depend on the caller's own account.
   */
  input?: (world: World, n: number, actor: WorldUser | null) => unknown;
}

const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const future = (days: number) => new Date(Date.UTC(2031, 0, 1 + days, 6));

/**
 * Every procedure of the app router with its tier and a valid input, read by the authorization matrix, the
 * CSRF test and the hostile input test. A procedure added to the router without an entry here fails them.
 */
export const PROCEDURE_CASES: Record<string, ProcedureCase> = {
  'auth.session': { tier: 'public' },
  'auth.signUp': {
    tier: 'public',
    input: (_w, n) => ({
      fullName: 'New Citizen',
      email: `new.${n}@test.codka.example`,
      password: 'sesame-412',
    }),
  },
  'auth.signIn': {
    tier: 'public',
    input: (w) => ({ email: w.users.otherCitizen.email, password: w.users.otherCitizen.password }),
  },
  'auth.signOut': { tier: 'public' },
  'auth.signOutEverywhere': { tier: 'citizen' },
  'auth.bootstrapAdmin': {
    tier: 'public',
    input: (_w, n) => ({ email: `boot.${n}@test.codka.example`, password: 'sesame-412' }),
  },
  'auth.verifyEmail': { tier: 'public', input: (w) => ({ token: w.verificationToken }) },
  'auth.resendVerification': { tier: 'citizen' },
  'auth.changePassword': {
    tier: 'citizen',
    input: (_w, n) => ({ currentPassword: TEST_PASSWORD, newPassword: `a new secret ${n}` }),
  },
  'auth.requestPasswordReset': { tier: 'public', input: (w) => ({ email: w.users.otherCitizen.email }) },
  'auth.resetPassword': {
    tier: 'public',
    input: (w, n) => ({ token: w.resetToken, newPassword: `reset secret ${n}` }),
  },
  'auth.requestPhoneCode': { tier: 'citizen', input: () => ({ phone: uniquePhone() }) },
  'auth.confirmPhone': {
    tier: 'citizen',
    input: (w, _n, actor) => ({
      code: actor ? knownPhoneCode(w.db, actor.id, uniquePhone(), 'confirm') : '123456',
    }),
  },
  'auth.resetPasswordWithCode': {
    tier: 'public',
    input: async (w, n) => {
      const account = await createPhoneUser(w.db);
      const code = knownPhoneCode(w.db, account.id, account.phone, 'reset');
      return { phone: account.phone, code, newPassword: `reset secret ${n}` };
    },
  },
  'auth.signInTwoFactor': {
    tier: 'public',
    input: (w) => pendingTwoFactorSignIn(w.db, w.users.otherCitizen),
  },
  'auth.stepUp': { tier: 'citizen', input: () => ({ password: TEST_PASSWORD }) },
  'auth.stepUpStatus': { tier: 'citizen' },
  'auth.twoFactor.status': { tier: 'citizen' },
  'auth.twoFactor.begin': { tier: 'staffAccount', input: () => ({ password: TEST_PASSWORD }) },
  'auth.twoFactor.confirm': {
    tier: 'staffAccount',
    input: async (w, _n, actor) => ({
      password: TEST_PASSWORD,
      code: actor ? totpNow(await beginEnrolment(w.db, actor)) : '123456',
    }),
  },
  'auth.twoFactor.disable': {
    tier: 'citizen',
    input: async (w, _n, actor) => ({
      password: TEST_PASSWORD,
      code: actor ? await enableTwoFactor(w.db, actor) : 'abcde-fghij',
    }),
  },

  'elections.active': { tier: 'public' },
  'elections.hub': { tier: 'citizen' },
  'elections.byId': { tier: 'public', input: (w) => ({ id: w.elections.activeId }) },
  'elections.results': { tier: 'public', input: (w) => ({ id: w.elections.closedId }) },
  'elections.kindOf': { tier: 'public', input: (w) => ({ id: w.polls.openId }) },
  'elections.verified': { tier: 'public' },
  'enrollment.countsByRegion': { tier: 'public' },
  'openData.catalogue': { tier: 'public' },

  'votes.cast': {
    tier: 'citizen',
    input: (w) => ({ electionId: w.elections.activeId, candidateId: w.elections.activeCandidateId }),
  },
  'votes.mine': { tier: 'citizen' },
  'votes.verifyReceipt': { tier: 'public', input: (w) => ({ receiptId: w.elections.receiptId }) },

  'polls.current': { tier: 'public' },
  'polls.byId': { tier: 'public', input: (w) => ({ id: w.polls.openId }) },
  'polls.results': { tier: 'public', input: (w) => ({ pollId: w.polls.closedId }) },
  'polls.history': { tier: 'public' },
  'polls.list': { tier: 'public' },
  'polls.vote': {
    tier: 'citizen',
    input: (w) => ({ pollId: w.polls.openId, candidateId: w.polls.openCandidateId }),
  },
  'polls.create': { tier: 'stepUp', input: () => ({ monthYear: '2031-01', electionType: 'senate' }) },
  'polls.publish': { tier: 'stepUp', input: (w) => ({ id: w.polls.draftId }) },
  'polls.close': { tier: 'stepUp', input: (w) => ({ id: w.polls.openId }) },
  'polls.delete': { tier: 'stepUp', input: (w) => ({ id: w.polls.closedId }) },
  'polls.addCandidate': {
    tier: 'stepUp',
    input: (w) => ({ pollId: w.polls.draftId, name: 'Added Candidate', colorHex: '#10B981' }),
  },
  'polls.votes': { tier: 'stepUp', input: (w) => ({ pollId: w.polls.closedId }) },

  'directory.members': { tier: 'public', input: () => ({ search: 'a', page: 1 }) },
  'directory.senators': { tier: 'public', input: () => ({}) },
  'directory.member': { tier: 'public', input: (w) => ({ seat: w.photos.memberSeat }) },
  'directory.senator': { tier: 'public', input: (w) => ({ id: w.photos.senatorId }) },
  'directory.stateRepresentatives': { tier: 'public', input: () => ({ stateId: 'banadir' }) },
  'directory.mapSettings': { tier: 'public' },
  'directory.siteSettings': { tier: 'public' },

  'admin.dashboard.status': { tier: 'admin' },
  'admin.dashboard.unlock': {
    tier: 'admin',
    input: (w) => ({ username: w.users.admin.email, password: w.users.admin.password }),
  },
  'admin.dashboard.lock': { tier: 'admin' },
  'admin.stats': { tier: 'stepUp' },
  'admin.districts.list': { tier: 'stepUp' },
  'admin.districts.create': {
    tier: 'stepUp',
    input: (_w, n) => ({ name: 'Karaan', code: `BN-K${n}`, region: 'Banadir', population: 5000 }),
  },
  'admin.districts.update': {
    tier: 'stepUp',
    input: (w, n) => ({ id: w.districtId, name: 'Hodan', code: `BN-H${n}`, region: 'Banadir' }),
  },
  'admin.districts.delete': { tier: 'stepUp', input: (w) => ({ id: w.spareDistrictId }) },
  'admin.centers.list': { tier: 'stepUp' },
  'admin.centers.create': {
    tier: 'stepUp',
    input: (w, n) => ({ name: 'New Center', code: `RC-N${n}`, districtId: w.districtId, capacity: 300 }),
  },
  'admin.centers.update': {
    tier: 'stepUp',
    // With its hours and contact, so the hostile-input suite varies each of those fields too.
    input: (w, n) => ({
      id: w.centerId,
      name: 'Hodan Center',
      code: `RC-U${n}`,
      latitude: 2.04,
      openingHours: [{ day: 6, opens: '08:00', closes: '16:00' }],
      hoursNote: 'Closed on public holidays',
      hoursNoteSo: 'Waa xiran tahay fasaxyada',
      phone: '061 5123456',
      email: 'hodan@example.so',
    }),
  },
  'admin.centers.setActive': { tier: 'stepUp', input: (w) => ({ id: w.centerId, isActive: false }) },
  'admin.centers.delete': { tier: 'stepUp', input: (w) => ({ id: w.centerId }) },
  'admin.candidates.list': { tier: 'stepUp' },
  'admin.candidates.electionChoices': { tier: 'stepUp' },
  'admin.candidates.create': {
    tier: 'stepUp',
    input: (w) => ({ electionId: w.elections.draftId, name: 'Dashboard Candidate' }),
  },
  'admin.candidates.update': {
    tier: 'stepUp',
    input: (w) => ({ id: w.elections.draftCandidateId, name: 'Renamed Candidate', party: 'Party X' }),
  },
  'admin.candidates.delete': { tier: 'stepUp', input: (w) => ({ id: w.elections.draftCandidateId }) },
  'admin.elections.list': { tier: 'admin' },
  'admin.elections.byId': { tier: 'admin', input: (w) => ({ id: w.elections.draftId }) },
  'admin.elections.create': {
    tier: 'stepUp',
    input: () => ({
      title: 'Matrix election',
      startTime: future(0),
      endTime: future(1),
      candidates: [{ name: 'First Candidate' }, { name: 'Second Candidate', party: 'Party Y' }],
    }),
  },
  'admin.elections.update': {
    tier: 'stepUp',
    input: (w) => ({
      id: w.elections.draftId,
      title: 'Renamed election',
      startTime: future(2),
      endTime: future(3),
    }),
  },
  'admin.elections.delete': { tier: 'stepUp', input: (w) => ({ id: w.elections.draftId }) },
  'admin.elections.results': { tier: 'stepUp', input: (w) => ({ electionId: w.elections.activeId }) },
  'admin.elections.candidates.list': { tier: 'stepUp', input: (w) => ({ electionId: w.elections.activeId }) },
  'admin.elections.candidates.create': {
    tier: 'stepUp',
    input: (w) => ({ electionId: w.elections.draftId, name: 'Ballot Candidate' }),
  },
  'admin.elections.candidates.update': {
    tier: 'stepUp',
    input: (w) => ({ id: w.elections.draftCandidateId, name: 'Ballot Candidate' }),
  },
  'admin.elections.candidates.delete': {
    tier: 'stepUp',
    input: (w) => ({ id: w.elections.draftCandidateId }),
  },
  'admin.users.list': { tier: 'stepUp' },
  'admin.users.update': {
    tier: 'stepUp',
    input: (w) => ({
      id: w.users.citizen.profileId,
      fullName: 'Renamed Citizen',
      phone: '+252 61 000 0000',
      role: 'Registrar',
      isActive: true,
    }),
  },
  'admin.users.setActive': {
    tier: 'stepUp',
    input: (w) => ({ id: w.users.otherCitizen.profileId, isActive: false }),
  },
  'admin.users.centers': { tier: 'stepUp', input: (w) => ({ userId: w.users.citizen.id }) },
  'admin.users.setCenters': {
    tier: 'stepUp',
    input: (w) => ({ userId: w.users.registrar.id, centerIds: [w.centerId] }),
  },
  'admin.voterRoll.summary': { tier: 'stepUp' },
  'admin.ussd.simulate': {
    tier: 'stepUp',
    input: (_w, n) => ({ phoneNumber: '+252615000001', sessionId: `matrix-${n}`, text: '9*3' }),
  },
  'admin.settings.get': { tier: 'admin' },
  'admin.settings.save': {
    tier: 'stepUp',
    input: () => ({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      defaultZoom: 7,
      centerLat: 2.05,
      centerLng: 45.3,
      fallbackImageUrl: null,
      markers: [{ name: 'Mogadishu', latitude: 2.04, longitude: 45.34 }],
      defaultTheme: 'dark',
    }),
  },
  'admin.auditLog.list': {
    tier: 'stepUp',
    input: (w) => ({
      limit: 10,
      from: '2026-11-01',
      to: '2026-11-30',
      actorId: w.users.admin.id,
      action: 'update',
      tableName: 'elections',
      recordId: w.elections.activeId,
    }),
  },
  'admin.auditLog.filters': { tier: 'stepUp' },

  'photos.members': { tier: 'admin', input: () => ({ memberType: 'parliament', search: 'Amina' }) },
  'photos.setOverride': {
    tier: 'stepUp',
    input: (w) => ({
      memberType: 'parliament',
      memberId: w.photos.memberId,
      url: '/uploads/photos/amina.webp',
    }),
  },
  'photos.clearOverride': {
    tier: 'stepUp',
    input: (w) => ({ memberType: 'parliament', memberId: w.photos.overriddenMemberId }),
  },
  'photos.startJob': { tier: 'stepUp', input: () => ({ jobType: 'missing_only' }) },
  'photos.recentJobs': { tier: 'admin' },
  'photos.jobs': { tier: 'admin', input: () => ({ page: 1 }) },
  'photos.job': { tier: 'admin', input: (w) => ({ id: w.photos.photoJobId }) },
  'photos.aliases.list': { tier: 'admin' },
  'photos.aliases.memberChoices': { tier: 'admin' },
  'photos.aliases.create': {
    tier: 'stepUp',
    input: (w) => ({
      scrapedName: 'Amina Cali Warsame',
      memberType: 'parliament',
      memberId: w.photos.memberId,
    }),
  },
  'photos.aliases.delete': { tier: 'stepUp', input: (w) => ({ id: w.photos.aliasId }) },

  ...ROLL_PROCEDURE_CASES,
  ...APPROVAL_PROCEDURE_CASES,
  ...INVITATION_PROCEDURE_CASES,
  ...VERIFIABLE_PROCEDURE_CASES,
};

/** An id no row has: for "not found" cases. */
export { MISSING_ID };
