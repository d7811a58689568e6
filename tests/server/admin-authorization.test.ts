import { elections } from '@server/db/schema';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { callerFor, createTestDeps, type TestDeps } from '../helpers/caller';
import { createAdmin, createUser } from '../helpers/factories';
import { callByPath, procedurePaths } from '../helpers/procedures';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/**
 * One entry per admin procedure: a valid input, and whether it needs a recent step-up (auth.stepUp).
 * A procedure added without an entry fails the first test below.
 */
type Fixtures = { electionId: string; admin: { email: string; password: string } };
const ADMIN_MATRIX: Record<string, { input: (fixtures: Fixtures) => unknown; stepUp: boolean }> = {
  'admin.dashboard.status': { input: () => undefined, stepUp: false },
  'admin.dashboard.unlock': {
    input: ({ admin }) => ({ username: admin.email, password: admin.password }),
    stepUp: false,
  },
  'admin.dashboard.lock': { input: () => undefined, stepUp: false },
  'admin.stats': { input: () => undefined, stepUp: true },
  'admin.districts.list': { input: () => undefined, stepUp: true },
  'admin.districts.create': {
    input: () => ({ name: 'Hodan', code: 'BN-HOX', region: 'Banadir', population: null }),
    stepUp: true,
  },
  'admin.districts.update': {
    input: () => ({ id: MISSING_ID, name: 'Hodan', code: 'BN-HOY', region: 'Banadir' }),
    stepUp: true,
  },
  'admin.districts.delete': { input: () => ({ id: MISSING_ID }), stepUp: true },
  'admin.centers.list': { input: () => undefined, stepUp: true },
  'admin.centers.create': { input: () => ({ name: 'Center', code: 'RC-900' }), stepUp: true },
  'admin.centers.update': { input: () => ({ id: MISSING_ID, name: 'Center', code: 'RC-901' }), stepUp: true },
  'admin.centers.setActive': { input: () => ({ id: MISSING_ID, isActive: false }), stepUp: true },
  'admin.centers.delete': { input: () => ({ id: MISSING_ID }), stepUp: true },
  'admin.candidates.list': { input: () => undefined, stepUp: true },
  'admin.candidates.electionChoices': { input: () => undefined, stepUp: true },
  'admin.candidates.create': { input: ({ electionId }) => ({ electionId, name: 'Candidate' }), stepUp: true },
  'admin.candidates.update': { input: () => ({ id: MISSING_ID, name: 'Candidate' }), stepUp: true },
  'admin.candidates.delete': { input: () => ({ id: MISSING_ID }), stepUp: true },
  'admin.elections.list': { input: () => undefined, stepUp: false },
  'admin.elections.byId': { input: ({ electionId }) => ({ id: electionId }), stepUp: false },
  'admin.elections.create': {
    input: () => ({
      title: 'Matrix election',
      startTime: new Date('2030-01-01T06:00:00Z'),
      endTime: new Date('2030-01-02T06:00:00Z'),
      candidates: [{ name: 'Candidate' }],
    }),
    stepUp: true,
  },
  'admin.elections.update': {
    input: ({ electionId }) => ({
      id: electionId,
      title: 'Matrix election',
      startTime: new Date('2030-01-01T06:00:00Z'),
      endTime: new Date('2030-01-02T06:00:00Z'),
    }),
    stepUp: true,
  },
  'admin.elections.delete': { input: () => ({ id: MISSING_ID }), stepUp: true },
  'admin.elections.results': { input: ({ electionId }) => ({ electionId }), stepUp: true },
  // A missing election: the fixture's is a standard one, whose trustees are refused as a precondition.
  'admin.elections.trustees.add': {
    input: () => ({ electionId: MISSING_ID, name: 'Trustee', publicKey: '{}' }),
    stepUp: true,
  },
  'admin.elections.trustees.list': { input: () => ({ electionId: MISSING_ID }), stepUp: true },
  'admin.elections.trustees.remove': {
    input: () => ({ electionId: MISSING_ID, id: MISSING_ID }),
    stepUp: true,
  },
  'admin.elections.candidates.list': { input: ({ electionId }) => ({ electionId }), stepUp: true },
  'admin.elections.candidates.create': {
    input: ({ electionId }) => ({ electionId, name: 'Candidate' }),
    stepUp: true,
  },
  'admin.elections.candidates.update': {
    input: () => ({ id: MISSING_ID, name: 'Candidate' }),
    stepUp: true,
  },
  'admin.elections.candidates.delete': { input: () => ({ id: MISSING_ID }), stepUp: true },
  'admin.users.list': { input: () => undefined, stepUp: true },
  'admin.users.update': {
    input: () => ({ id: MISSING_ID, fullName: 'X', phone: null, role: null, isActive: true }),
    stepUp: true,
  },
  'admin.users.setActive': { input: () => ({ id: MISSING_ID, isActive: true }), stepUp: true },
  'admin.users.centers': { input: () => ({ userId: MISSING_ID }), stepUp: true },
  'admin.users.setCenters': { input: () => ({ userId: MISSING_ID, centerIds: [] }), stepUp: true },
  'admin.voterRoll.summary': { input: () => undefined, stepUp: true },
  'admin.approvals.pending': { input: () => undefined, stepUp: true },
  'admin.approvals.confirm': { input: () => ({ id: MISSING_ID }), stepUp: true },
  'admin.invitations.list': { input: () => undefined, stepUp: true },
  'admin.invitations.create': {
    input: () => ({
      email: 'invited@example.com',
      fullName: 'Invited',
      role: 'Enrollment Supervisor',
      language: 'en',
    }),
    stepUp: true,
  },
  'admin.invitations.resend': { input: () => ({ id: 'a'.repeat(24) }), stepUp: true },
  'admin.invitations.revoke': { input: () => ({ id: 'a'.repeat(24) }), stepUp: true },
  'admin.approvals.cancel': { input: () => ({ id: MISSING_ID }), stepUp: true },
  'admin.settings.get': { input: () => undefined, stepUp: false },
  'admin.settings.save': {
    input: () => ({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      defaultZoom: 6,
      centerLat: 5.2,
      centerLng: 46.2,
      fallbackImageUrl: null,
      markers: [],
      defaultTheme: 'system',
    }),
    stepUp: true,
  },
  'admin.auditLog.list': { input: () => ({}), stepUp: true },
  'admin.auditLog.filters': { input: () => undefined, stepUp: true },
  'admin.ussd.simulate': {
    input: () => ({ phoneNumber: '+252615550100', sessionId: 'matrix', text: '' }),
    stepUp: true,
  },
};

const adminPaths = procedurePaths().filter((path) => path.startsWith('admin.'));

async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'OK';
  } catch (error) {
    if (error instanceof TRPCError) return error.code;
    throw error;
  }
}

function seedElection(deps: TestDeps): string {
  return deps.db
    .insert(elections)
    .values({ title: 'E', startTime: new Date(), endTime: new Date() })
    .returning()
    .get().id;
}

describe('admin authorization matrix', () => {
  it('has an entry for every admin procedure, and no stale ones', () => {
    expect(adminPaths).toContain('admin.elections.create');
    expect(adminPaths).toEqual(Object.keys(ADMIN_MATRIX).sort());
  });

  it.each(adminPaths)('%s: visitor UNAUTHORIZED, citizen and registrar FORBIDDEN', async (path) => {
    const deps = createTestDeps();
    const input = ADMIN_MATRIX[path]?.input({
      electionId: seedElection(deps),
      admin: { email: 'a@b.example', password: 'x' },
    });
    expect(await outcome(callByPath(callerFor(deps, null).caller, path, input))).toBe('UNAUTHORIZED');
    const citizen = await createUser(deps.db);
    expect(await outcome(callByPath(callerFor(deps, citizen).caller, path, input))).toBe('FORBIDDEN');
    const registrar = await createUser(deps.db, { role: 'Registrar' });
    expect(await outcome(callByPath(callerFor(deps, registrar).caller, path, input))).toBe('FORBIDDEN');
  });

  it.each(adminPaths)('%s: a System Admin is let through (after the step-up where needed)', async (path) => {
    const deps = createTestDeps();
    const entry = ADMIN_MATRIX[path];
    const admin = await createAdmin(deps.db);
    const input = entry?.input({ electionId: seedElection(deps), admin });
    const unlocked = await outcome(
      callByPath(callerFor(deps, admin, '192.0.2.1', { steppedUp: true }).caller, path, input),
    );
    expect(['UNAUTHORIZED', 'FORBIDDEN', 'PRECONDITION_FAILED']).not.toContain(unlocked);
    if (entry?.stepUp) {
      const locked = await outcome(callByPath(callerFor(deps, admin).caller, path, input));
      expect(locked).toBe('PRECONDITION_FAILED');
    }
  });
});
