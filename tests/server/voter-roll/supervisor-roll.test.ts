import { auditLogs, rollFlags, voters } from '@server/db/schema';
import { messageText } from '@server/errors/texts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectTrpcError } from '../../helpers/admin';
import { callerFor, createTestDeps } from '../../helpers/caller';
import {
  enrolledVoter,
  openFlag,
  pendingEntry,
  registrarWithCenter,
  rollUser,
  supervisor,
} from '../../helpers/voter-roll-factories';

const say = (key: string, params?: Record<string, unknown>) => messageText({ key, params: params as never });

async function setup() {
  const deps = createTestDeps();
  const desk = await registrarWithCenter(deps.db, { region: 'Banadir' });
  const boss = await supervisor(deps.db);
  const citizen = await rollUser(deps.db, { fullName: 'Hodan Nuur' });
  const entry = pendingEntry(deps.db, {
    userId: citizen.id,
    districtId: desk.districtId,
    centerId: desk.centerId,
    enteredBy: desk.user.id,
    fullName: 'Hodan Nuur',
  });
  const review = callerFor(deps, boss, '203.0.113.40', { steppedUp: true }).caller;
  return { deps, desk, boss, citizen, entry, review };
}

const statusOf = (deps: ReturnType<typeof createTestDeps>, id: string) =>
  deps.db.select().from(voters).where(eq(voters.id, id)).get();

describe('supervisor.suspend, reinstate and search', () => {
  it('suspends an enrolled voter with a reason and reinstates them; other statuses refused', async () => {
    const { deps, desk, entry, review } = await setup();
    await expectTrpcError(
      review.supervisor.suspend({ voterId: entry.id, reason: 'Reported deceased.' }),
      'CONFLICT',
      say('supervisor.notEnrolled'),
    );
    const voter = enrolledVoter(deps.db, { districtId: desk.districtId, voterCardNumber: 'SO-3000-0001' });
    const found = await review.supervisor.search({ voterCardNumber: 'so-3000-0001' });
    expect(found).toMatchObject({ id: voter.id, status: 'enrolled', region: 'Banadir' });
    expect(await review.supervisor.search({ voterCardNumber: 'SO-NOBODY' })).toBeNull();

    await review.supervisor.suspend({ voterId: voter.id, reason: 'Reported deceased.' });
    expect(statusOf(deps, voter.id)).toMatchObject({
      status: 'suspended',
      statusReason: 'Reported deceased.',
    });
    await expectTrpcError(
      review.supervisor.suspend({ voterId: voter.id, reason: 'Again.' }),
      'CONFLICT',
      say('supervisor.notEnrolled'),
    );
    await review.supervisor.reinstate({ voterId: voter.id });
    expect(statusOf(deps, voter.id)).toMatchObject({ status: 'enrolled', statusReason: null });
    await expectTrpcError(
      review.supervisor.reinstate({ voterId: voter.id }),
      'CONFLICT',
      say('supervisor.notSuspended'),
    );
    const actions = deps.db.select({ action: auditLogs.action }).from(auditLogs).orderBy(auditLogs.id).all();
    expect(actions.map((row) => row.action)).toEqual(['suspend', 'reinstate']);
  });

  it("refuses to suspend the caller's own entry", async () => {
    const { deps, boss, desk, review } = await setup();
    const own = enrolledVoter(deps.db, { districtId: desk.districtId, userId: boss.id });
    await expectTrpcError(
      review.supervisor.suspend({ voterId: own.id, reason: 'Me.' }),
      'FORBIDDEN',
      say('supervisor.ownAccount'),
    );
  });
});

describe('supervisor.stats, flags and resolveFlag', () => {
  it('counts entries per center and per registrar by status', async () => {
    const { deps, desk, entry, review } = await setup();
    enrolledVoter(deps.db, { districtId: desk.districtId, centerId: desk.centerId, enteredBy: desk.user.id });
    enrolledVoter(deps.db, { districtId: desk.districtId, source: 'import' });
    await review.supervisor.reject({ id: entry.id, reason: 'No.' });
    const stats = await review.supervisor.stats();
    expect(stats.totals).toEqual({ pending: 0, enrolled: 2, rejected: 1, suspended: 0 });
    expect(stats.centers).toEqual([
      {
        id: desk.centerId,
        name: expect.stringMatching(/^Center /),
        // The name in both languages (docs/decisions/021-bilingual-content.md); this center's is English only.
        nameText: { en: expect.stringMatching(/^Center /), so: null },
        counts: { pending: 0, enrolled: 1, rejected: 1, suspended: 0 },
      },
    ]);
    expect(stats.registrars).toEqual([
      {
        id: desk.user.id,
        name: 'Test Registrar',
        counts: { pending: 0, enrolled: 1, rejected: 1, suspended: 0 },
      },
    ]);
  });

  it('lists open flags per card with the holder and the claimant, and resolves them once', async () => {
    const { deps, desk, review, boss } = await setup();
    const holder = await rollUser(deps.db, { fullName: 'Holding Citizen' });
    const held = enrolledVoter(deps.db, {
      districtId: desk.districtId,
      userId: holder.id,
      voterCardNumber: 'SO-4000-1',
    });
    const claimant = await rollUser(deps.db, { fullName: 'Claiming Citizen' });
    const flag = openFlag(deps.db, held.id, claimant.id);
    expect(await review.supervisor.flags()).toEqual({
      items: [
        expect.objectContaining({
          id: held.id,
          voterCardNumber: 'S040001',
          holderName: 'Holding Citizen',
          claimantName: 'Claiming Citizen',
          count: 1,
          kinds: ['cardAlreadyClaimed'],
        }),
      ],
      nextCursor: null,
    });
    await review.supervisor.resolveFlag({ id: flag.id, note: 'Called both; the claimant mistyped.' });
    expect(deps.db.select().from(rollFlags).get()).toMatchObject({ resolvedBy: boss.id });
    expect(await review.supervisor.flags()).toEqual({ items: [], nextCursor: null });
    await expectTrpcError(
      review.supervisor.resolveFlag({ id: flag.id, note: 'Again.' }),
      'CONFLICT',
      say('supervisor.flagResolved'),
    );
    await expectTrpcError(
      review.supervisor.resolveFlag({ id: '00000000-0000-4000-8000-000000000000', note: 'x' }),
      'NOT_FOUND',
      say('supervisor.flagNotFound'),
    );
  });
});

describe('staff.overview', () => {
  it('tells the console which sections to show; citizens are refused', async () => {
    const { deps, desk, boss } = await setup();
    expect(await callerFor(deps, desk.user).caller.staff.overview()).toEqual({
      roles: { registrar: true, supervisor: false },
      centers: 1,
    });
    expect(await callerFor(deps, boss).caller.staff.overview()).toEqual({
      roles: { registrar: false, supervisor: true },
      centers: 0,
    });
    const admin = await rollUser(deps.db, { role: 'System Admin' });
    expect(await callerFor(deps, admin).caller.staff.overview()).toEqual({
      roles: { registrar: true, supervisor: true },
      centers: 1,
    });
    const citizen = await rollUser(deps.db);
    await expectTrpcError(
      callerFor(deps, citizen).caller.staff.overview(),
      'FORBIDDEN',
      say('access.staffOnly'),
    );
  });
});
