import { approvals, auditLogs, profiles } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectTrpcError } from '../helpers/admin';
import { testAppsClosedAfterEach } from '../helpers/app';
import { callerFor, createTestDeps } from '../helpers/caller';
import { createAdmin, createUser } from '../helpers/factories';
import { importAudits, rollCsv, rollDistricts, rollRows, rollSize, sendRoll } from '../helpers/roll-import';
import { sessionCookie } from '../helpers/security/world';

const openApp = testAppsClosedAfterEach();

/** An app with two System Admins past step-up: `first` sends, `second` confirms (tRPC callers on the same db). */
async function twoAdmins() {
  const test = await openApp();
  rollDistricts(test.db);
  const deps = createTestDeps(test.db);
  const first = await createAdmin(test.db);
  const second = await createAdmin(test.db);
  const as = (user: typeof first) => callerFor(deps, user, '192.0.2.20', { steppedUp: true }).caller;
  return {
    ...test,
    deps,
    first,
    second,
    firstCaller: as(first),
    secondCaller: as(second),
    as,
    cookie: sessionCookie(test.db, first.id, { steppedUp: true }),
  };
}

const roleOf = (db: Parameters<typeof rollSize>[0], userId: string) =>
  db.select({ role: profiles.role }).from(profiles).where(eq(profiles.userId, userId)).get()?.role ?? null;
const profileIdOf = (db: Parameters<typeof rollSize>[0], userId: string) =>
  db.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, userId)).get()?.id ?? '';
const statusOf = (db: Parameters<typeof rollSize>[0], id: string) =>
  db.select({ status: approvals.status }).from(approvals).where(eq(approvals.id, id)).get()?.status;

describe('attack: one System Admin alone puts invented cards on the roll', () => {
  it('a single admin’s import writes nothing until a second System Admin confirms it', async () => {
    const { app, db, first, second, firstCaller, secondCaller, cookie } = await twoAdmins();
    const sent = await sendRoll(app, rollCsv(rollRows(5, 'GHOST')), { cookie });
    expect(sent.statusCode, sent.body).toBe(202);
    const id: string = sent.json().pendingApproval.id;
    expect(sent.json()).toMatchObject({ accepted: 5, imported: 0, refusedCount: 0 });
    expect(rollSize(db)).toBe(0);
    expect(importAudits(db)).toEqual([]);

    // Waiting, visible to both admins with what it is and who asked.
    const [listed, ...others] = await secondCaller.admin.approvals.pending();
    expect(others).toEqual([]);
    expect(listed).toMatchObject({
      id,
      kind: 'rollImport',
      summary: { rows: 5, bytes: Buffer.byteLength(rollCsv(rollRows(5, 'GHOST'))) },
      requestedBy: { id: first.id, fullName: first.fullName },
      ownRequest: false,
    });
    expect((await firstCaller.admin.approvals.pending())[0]?.ownRequest).toBe(true);

    await expectTrpcError(
      firstCaller.admin.approvals.confirm({ id }),
      'FORBIDDEN',
      'A second System Admin must confirm this: you cannot confirm your own request.',
    );
    expect(rollSize(db)).toBe(0);
    expect(statusOf(db, id)).toBe('pending');

    expect(await secondCaller.admin.approvals.confirm({ id })).toEqual({ id, status: 'confirmed' });
    expect(rollSize(db)).toBe(5);
    expect(statusOf(db, id)).toBe('confirmed');
    const [imported] = importAudits(db);
    expect(imported?.actorId).toBe(second.id);
    expect(JSON.parse(imported?.newValues ?? '{}')).toMatchObject({ requestedBy: first.id, rows: 5 });
    const confirmed = db.select().from(auditLogs).where(eq(auditLogs.action, 'confirm')).get();
    expect(JSON.parse(confirmed?.newValues ?? '{}')).toMatchObject({
      kind: 'rollImport',
      requestedBy: first.id,
      confirmedBy: second.id,
    });
    expect(await secondCaller.admin.approvals.pending()).toEqual([]);
  });

  it('a file that no longer applies at confirm time is refused whole with a sentence and stays pending', async () => {
    const { app, db, secondCaller, cookie } = await twoAdmins();
    const first = await sendRoll(app, rollCsv(rollRows(3)), { cookie });
    // The same cards sent twice: both wait; the first confirmed puts them on the roll.
    const again = await sendRoll(app, rollCsv(rollRows(4)), { cookie });
    await secondCaller.admin.approvals.confirm({ id: first.json().pendingApproval.id });
    const id = again.json().pendingApproval.id;
    await expectTrpcError(
      secondCaller.admin.approvals.confirm({ id }),
      'CONFLICT',
      'The voter roll has changed since this file was sent: 3 of its rows no longer pass the checks, so nothing was imported. Cancel the request and send the file again.',
    );
    expect(rollSize(db)).toBe(3);
    expect(statusOf(db, id)).toBe('pending');
    await secondCaller.admin.approvals.cancel({ id });
    expect(statusOf(db, id)).toBe('cancelled');
  });
});

describe('attack: one System Admin alone appoints the staff who enroll their own account', () => {
  it('granting Registrar and Enrollment Supervisor to two accounts changes nothing until confirmed', async () => {
    const { db, first, second, firstCaller, secondCaller } = await twoAdmins();
    const registrar = await createUser(db);
    const supervisor = await createUser(db);
    const grant = (user: typeof registrar, role: 'Registrar' | 'Enrollment Supervisor') =>
      firstCaller.admin.users.update({
        id: profileIdOf(db, user.id),
        fullName: user.fullName,
        phone: null,
        role,
        isActive: true,
      });
    const toRegistrar = await grant(registrar, 'Registrar');
    const toSupervisor = await grant(supervisor, 'Enrollment Supervisor');
    expect(toRegistrar).toEqual({ pendingApproval: { id: expect.any(String) } });
    expect(toSupervisor).toEqual({ pendingApproval: { id: expect.any(String) } });
    expect(roleOf(db, registrar.id)).toBeNull();
    expect(roleOf(db, supervisor.id)).toBeNull();
    // Neither account can act as staff yet.
    await expectTrpcError(callerFor(createTestDeps(db), registrar).caller.staff.overview(), 'FORBIDDEN');

    // The users page says the grant is waiting.
    const { users } = await secondCaller.admin.users.list();
    expect(users.find((u) => u.userId === registrar.id)?.pendingGrant).toEqual({
      approvalId: 'pendingApproval' in toRegistrar ? toRegistrar.pendingApproval.id : '',
      role: 'Registrar',
    });
    const pending = await secondCaller.admin.approvals.pending();
    expect(pending.map((p) => p.kind)).toEqual(['staffRole', 'staffRole']);
    expect(
      pending.find((p) => p.summary && 'toRole' in p.summary && p.summary.toRole === 'Registrar'),
    ).toMatchObject({ summary: { email: registrar.email, fromRole: null, toRole: 'Registrar' } });

    for (const answer of [toRegistrar, toSupervisor]) {
      if (!('pendingApproval' in answer)) throw new Error('expected a pending approval');
      await expectTrpcError(
        firstCaller.admin.approvals.confirm({ id: answer.pendingApproval.id }),
        'FORBIDDEN',
      );
    }
    expect(roleOf(db, registrar.id)).toBeNull();

    for (const answer of [toRegistrar, toSupervisor]) {
      if (!('pendingApproval' in answer)) throw new Error('expected a pending approval');
      await secondCaller.admin.approvals.confirm({ id: answer.pendingApproval.id });
    }
    expect(roleOf(db, registrar.id)).toBe('Registrar');
    expect(roleOf(db, supervisor.id)).toBe('Enrollment Supervisor');
    const update = db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.recordId, profileIdOf(db, registrar.id)))
      .get();
    expect(update?.actorId).toBe(second.id);
    expect(JSON.parse(update?.newValues ?? '{}')).toMatchObject({ role: 'Registrar', requestedBy: first.id });
  });

  it('a grant of System Admin waits too; removing a role and deactivating stay immediate', async () => {
    const { db, firstCaller } = await twoAdmins();
    const citizen = await createUser(db);
    const staff = await createUser(db, { role: 'Enrollment Supervisor' });
    const id = profileIdOf(db, citizen.id);
    const made = await firstCaller.admin.users.update({
      id,
      fullName: 'New Name',
      phone: null,
      role: 'System Admin',
      isActive: true,
    });
    expect(made).toHaveProperty('pendingApproval');
    expect(db.select().from(profiles).where(eq(profiles.id, id)).get()).toMatchObject({
      role: null,
      fullName: citizen.fullName,
    });
    const staffId = profileIdOf(db, staff.id);
    expect(
      await firstCaller.admin.users.update({
        id: staffId,
        fullName: 'Ex',
        phone: null,
        role: null,
        isActive: true,
      }),
    ).toEqual({ id: staffId });
    expect(roleOf(db, staff.id)).toBeNull();
    // A second grant for an account that already has one waiting is refused, not queued twice.
    await expectTrpcError(
      firstCaller.admin.users.update({ id, fullName: 'N', phone: null, role: 'Registrar', isActive: true }),
      'CONFLICT',
    );
  });

  it('a grant confirmed after the account was changed (deactivated) is refused and changes nothing', async () => {
    const { db, firstCaller, secondCaller } = await twoAdmins();
    const citizen = await createUser(db);
    const id = profileIdOf(db, citizen.id);
    const made = await firstCaller.admin.users.update({
      id,
      fullName: citizen.fullName,
      phone: null,
      role: 'Registrar',
      isActive: true,
    });
    await secondCaller.admin.users.setActive({ id, isActive: false });
    if (!('pendingApproval' in made)) throw new Error('expected a pending approval');
    await expectTrpcError(secondCaller.admin.approvals.confirm({ id: made.pendingApproval.id }), 'CONFLICT');
    expect(db.select().from(profiles).where(eq(profiles.id, id)).get()).toMatchObject({
      role: null,
      isActive: false,
    });
  });
});

describe('the queue: decided once, by a second System Admin', () => {
  it('confirming a cancelled request, or one already confirmed, is a sentence (CONFLICT) and changes nothing', async () => {
    const { app, db, as, firstCaller, secondCaller, cookie } = await twoAdmins();
    const cancelled = (await sendRoll(app, rollCsv(rollRows(2, 'C')), { cookie })).json().pendingApproval.id;
    const confirmed = (await sendRoll(app, rollCsv(rollRows(2, 'K')), { cookie })).json().pendingApproval.id;
    // The requester cancels their own.
    expect(await firstCaller.admin.approvals.cancel({ id: cancelled })).toEqual({
      id: cancelled,
      status: 'cancelled',
    });
    await expectTrpcError(
      secondCaller.admin.approvals.confirm({ id: cancelled }),
      'CONFLICT',
      'This request was cancelled: nothing was changed.',
    );
    await expectTrpcError(secondCaller.admin.approvals.cancel({ id: cancelled }), 'CONFLICT');
    await secondCaller.admin.approvals.confirm({ id: confirmed });
    const third = as(await createAdmin(db));
    await expectTrpcError(
      third.admin.approvals.confirm({ id: confirmed }),
      'CONFLICT',
      'This request was already confirmed: nothing more was changed.',
    );
    await expectTrpcError(firstCaller.admin.approvals.cancel({ id: confirmed }), 'CONFLICT');
    expect(rollSize(db)).toBe(2);
    expect(importAudits(db)).toHaveLength(1);
    await expectTrpcError(
      secondCaller.admin.approvals.confirm({ id: '00000000-0000-4000-8000-000000000000' }),
      'NOT_FOUND',
    );
  });

  it('two admins confirming at once: exactly one applies', async () => {
    const { app, db, as, cookie } = await twoAdmins();
    const id = (await sendRoll(app, rollCsv(rollRows(20)), { cookie })).json().pendingApproval.id;
    const confirmers = await Promise.all([createAdmin(db), createAdmin(db), createAdmin(db)]);
    const outcomes = await Promise.allSettled(
      confirmers.map((admin) => as(admin).admin.approvals.confirm({ id })),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(
      outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason.code),
    ).toEqual(['CONFLICT', 'CONFLICT']);
    expect(rollSize(db)).toBe(20);
    expect(importAudits(db)).toHaveLength(1);
  });

  it('a request whose System Admin was deactivated since cannot be confirmed', async () => {
    const { app, db, first, secondCaller, cookie } = await twoAdmins();
    const id = (await sendRoll(app, rollCsv(rollRows(2)), { cookie })).json().pendingApproval.id;
    await secondCaller.admin.users.setActive({ id: profileIdOf(db, first.id), isActive: false });
    await expectTrpcError(secondCaller.admin.approvals.confirm({ id }), 'CONFLICT');
    expect(rollSize(db)).toBe(0);
  });

  it('a dry run stays one-person: a report, nothing waiting, nothing written', async () => {
    const { app, db, secondCaller, cookie } = await twoAdmins();
    const dry = await sendRoll(app, rollCsv(rollRows(3)), { cookie, dryRun: true });
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).not.toHaveProperty('pendingApproval');
    expect(await secondCaller.admin.approvals.pending()).toEqual([]);
    expect(rollSize(db)).toBe(0);
  });
});
