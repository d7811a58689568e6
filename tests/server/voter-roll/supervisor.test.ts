import { auditLogs, voters } from '@server/db/schema';
import { messageText } from '@server/errors/texts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectTrpcError } from '../../helpers/admin';
import { callerFor, createTestDeps } from '../../helpers/caller';
import {
  enrolledVoter,
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

describe('supervisor tiers', () => {
  it('refuses visitors, citizens and registrars, and asks a supervisor to step up for names and writes', async () => {
    const { deps, desk, boss, entry } = await setup();
    await expectTrpcError(callerFor(deps, null).caller.supervisor.pending(), 'UNAUTHORIZED');
    const citizen = await rollUser(deps.db);
    await expectTrpcError(
      callerFor(deps, citizen, '203.0.113.1', { steppedUp: true }).caller.supervisor.approve({
        id: entry.id,
      }),
      'FORBIDDEN',
      say('access.supervisorOnly'),
    );
    await expectTrpcError(
      callerFor(deps, desk.user, '203.0.113.1', { steppedUp: true }).caller.supervisor.approve({
        id: entry.id,
      }),
      'FORBIDDEN',
      say('access.supervisorOnly'),
    );
    const notSteppedUp = callerFor(deps, boss).caller.supervisor;
    expect((await notSteppedUp.stats()).totals.pending).toBe(1);
    for (const call of [
      () => notSteppedUp.pending(),
      () => notSteppedUp.approve({ id: entry.id }),
      () => notSteppedUp.reject({ id: entry.id, reason: 'No.' }),
      () => notSteppedUp.suspend({ voterId: entry.id, reason: 'No.' }),
      () => notSteppedUp.reinstate({ voterId: entry.id }),
      () => notSteppedUp.search({ voterCardNumber: entry.voterCardNumber }),
      () => notSteppedUp.flags(),
      () => notSteppedUp.resolveFlag({ id: entry.id, note: 'Done.' }),
    ]) {
      await expectTrpcError(call(), 'PRECONDITION_FAILED', say('stepUp.required'));
    }
    expect(statusOf(deps, entry.id)?.status).toBe('pending');
  });
});

describe('supervisor.pending', () => {
  it('lists pending entries oldest first with card, name, place and registrar, 100 a page', async () => {
    const { deps, desk, review, entry } = await setup();
    const start = Date.now() - 1_000_000;
    for (let i = 0; i < 120; i += 1) {
      pendingEntry(deps.db, {
        districtId: desk.districtId,
        centerId: desk.centerId,
        enteredBy: desk.user.id,
        createdAt: new Date(start + i * 1000),
      });
    }
    enrolledVoter(deps.db, { districtId: desk.districtId });
    const first = await review.supervisor.pending();
    expect(first.entries).toHaveLength(100);
    expect(first.entries[0]).toMatchObject({
      region: 'Banadir',
      registrarName: 'Test Registrar',
      status: 'pending',
    });
    expect(first.entries[0]?.centerName).toMatch(/^Center /);
    const times = first.entries.map((row) => row.createdAt.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const second = await review.supervisor.pending({ after: first.nextAfter ?? undefined });
    expect(second.entries).toHaveLength(21);
    expect(second.nextAfter).toBeNull();
    expect(second.entries.at(-1)?.id).toBe(entry.id);
    const ids = new Set([...first.entries, ...second.entries].map((row) => row.id));
    expect(ids.size).toBe(121);
  });
});

describe('supervisor.approve and reject', () => {
  it('approves a pending entry, audited, and the citizen is enrolled', async () => {
    const { deps, boss, citizen, entry, review } = await setup();
    expect(await review.supervisor.approve({ id: entry.id })).toEqual({ id: entry.id, status: 'enrolled' });
    expect(statusOf(deps, entry.id)).toMatchObject({ status: 'enrolled', reviewedBy: boss.id });
    expect(await callerFor(deps, citizen).caller.enrollment.status()).toMatchObject({ status: 'enrolled' });
    const audit = deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'approve')).all();
    expect(audit).toEqual([expect.objectContaining({ recordId: entry.id, actorId: boss.id })]);
    await expectTrpcError(
      review.supervisor.approve({ id: entry.id }),
      'CONFLICT',
      say('supervisor.notPending'),
    );
    await expectTrpcError(
      review.supervisor.reject({ id: entry.id, reason: 'Late.' }),
      'CONFLICT',
      say('supervisor.notPending'),
    );
  });

  it('rejects with a trimmed reason, kept on the entry and in the audit log', async () => {
    const { deps, entry, review } = await setup();
    await review.supervisor.reject({ id: entry.id, reason: '  The card photo does not match.  ' });
    expect(statusOf(deps, entry.id)).toMatchObject({
      status: 'rejected',
      statusReason: 'The card photo does not match.',
    });
    const audit = deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'reject')).get();
    expect(JSON.parse(audit?.newValues ?? '{}')).toEqual({
      status: 'rejected',
      reason: 'The card photo does not match.',
    });
  });

  it('refuses an unknown entry, a blank reason and one too long', async () => {
    const { entry, review } = await setup();
    await expectTrpcError(
      review.supervisor.approve({ id: '00000000-0000-4000-8000-000000000000' }),
      'NOT_FOUND',
      say('supervisor.entryNotFound'),
    );
    await expectTrpcError(
      review.supervisor.reject({ id: entry.id, reason: '   ' }),
      'BAD_REQUEST',
      say('roll.reasonRequired'),
    );
    await expectTrpcError(
      review.supervisor.reject({ id: entry.id, reason: 'x'.repeat(501) }),
      'BAD_REQUEST',
      say('roll.reasonTooLong', { max: 500 }),
    );
  });

  it('four eyes: nobody decides an entry they entered or one of their own account, System Admins included', async () => {
    const { deps, desk, entry } = await setup();
    const admin = await rollUser(deps.db, { role: 'System Admin' });
    const adminReview = callerFor(deps, admin, '203.0.113.41', { steppedUp: true }).caller.supervisor;
    const ownEntry = pendingEntry(deps.db, { districtId: desk.districtId, enteredBy: admin.id });
    await expectTrpcError(adminReview.approve({ id: ownEntry.id }), 'FORBIDDEN', say('supervisor.ownEntry'));
    await expectTrpcError(
      adminReview.reject({ id: ownEntry.id, reason: 'Mine.' }),
      'FORBIDDEN',
      say('supervisor.ownEntry'),
    );
    const ownAccount = pendingEntry(deps.db, {
      districtId: desk.districtId,
      userId: admin.id,
      enteredBy: desk.user.id,
    });
    await expectTrpcError(
      adminReview.approve({ id: ownAccount.id }),
      'FORBIDDEN',
      say('supervisor.ownAccount'),
    );

    const boss = await supervisor(deps.db);
    const bossReview = callerFor(deps, boss, '203.0.113.42', { steppedUp: true }).caller.supervisor;
    const bossEntry = pendingEntry(deps.db, {
      districtId: desk.districtId,
      userId: boss.id,
      enteredBy: desk.user.id,
    });
    await expectTrpcError(
      bossReview.approve({ id: bossEntry.id }),
      'FORBIDDEN',
      say('supervisor.ownAccount'),
    );
    // The admin may decide someone else's entry.
    expect((await adminReview.approve({ id: entry.id })).status).toBe('enrolled');
    for (const id of [ownEntry.id, ownAccount.id, bossEntry.id])
      expect(statusOf(deps, id)?.status).toBe('pending');
  });

  it('lets exactly one of twenty simultaneous approvals and rejections of one entry win', async () => {
    const { deps, entry } = await setup();
    const bosses = await Promise.all(Array.from({ length: 4 }, () => supervisor(deps.db)));
    const calls = Array.from({ length: 20 }, (_, i) => {
      const boss = bosses[i % bosses.length];
      if (!boss) throw new Error('no supervisor');
      const review = callerFor(deps, boss, '203.0.113.43', { steppedUp: true }).caller.supervisor;
      return i % 2 === 0 ? review.approve({ id: entry.id }) : review.reject({ id: entry.id, reason: 'No.' });
    });
    const results = await Promise.allSettled(calls);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason.message).toBe(say('supervisor.notPending'));
    }
    const decisions = deps.db.select().from(auditLogs).where(eq(auditLogs.tableName, 'voters')).all();
    expect(decisions).toHaveLength(1);
  });
});
