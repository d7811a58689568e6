import { validateSessionToken } from '@server/auth/sessions';
import { hashSecret } from '@server/auth/tokens';
import { approvals, auditLogs, profiles, staffCenters, staffInvitations, users } from '@server/db/schema';
import type { DomainError } from '@server/errors/domain-error';
import { acceptInvitation } from '@server/services/invitations/accept';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectTrpcError, unlockedAdmin } from '../helpers/admin';
import { callerFor, createTestDeps, type TestDeps } from '../helpers/caller';
import { createAdmin, createUser, uniqueEmail } from '../helpers/factories';
import { sentInvitation } from '../helpers/invitations';
import { nationalForm, uniquePhone } from '../helpers/phone';
import { createCenter } from '../helpers/voter-roll-factories';

const NEW_PASSWORD = 'a staff secret 7';

/** Two System Admins past step-up: `first` invites, `second` confirms. */
async function twoAdmins(deps: TestDeps = createTestDeps()) {
  const first = await unlockedAdmin(deps);
  const second = await unlockedAdmin(deps);
  // Distinct names, so the list shows which admin did what.
  for (const [admin, fullName] of [
    [first.admin, 'First Admin'],
    [second.admin, 'Second Admin'],
  ] as const) {
    deps.db.update(profiles).set({ fullName }).where(eq(profiles.userId, admin.id)).run();
    admin.fullName = fullName;
  }
  return { deps, first: first.admin, second: second.admin, asFirst: first.caller, asSecond: second.caller };
}

const roleOf = (deps: TestDeps, userId: string) =>
  deps.db.select({ role: profiles.role }).from(profiles).where(eq(profiles.userId, userId)).get()?.role;

const linkIn = (text: string) => {
  const token = text.match(/\/staff-invitation\?token=([a-z0-9.]+)/)?.[1];
  if (!token) throw new Error(`no invitation link in: ${text}`);
  return token;
};

const auditOf = (deps: TestDeps, action: string) =>
  deps.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.tableName, 'staff_invitations')))
    .all()
    .map((row) => ({ ...row, values: JSON.parse(row.newValues ?? '{}') as Record<string, unknown> }));

describe('a System Admin invites staff: the second System Admin confirms before anything is sent', () => {
  it('waits in the approvals queue, then sends a single-use link in the chosen language', async () => {
    const { deps, first, second, asFirst, asSecond } = await twoAdmins();
    const email = uniqueEmail('registrar');
    const { centerId } = createCenter(deps.db);
    const asked = await asFirst.admin.invitations.create({
      email: email.toUpperCase(),
      fullName: 'Hodan Registrar',
      role: 'Registrar',
      centerIds: [centerId],
      language: 'so',
    });
    expect(asked).toEqual({ pendingApproval: { id: expect.any(String) } });
    // Nothing exists that could grant a role, and nobody was written to.
    expect(deps.db.select().from(staffInvitations).all()).toEqual([]);
    expect(deps.mailer.sent).toEqual([]);
    const listed = await asSecond.admin.invitations.list();
    expect(listed.invitations).toEqual([]);
    expect(listed.waiting).toMatchObject([{ email, role: 'Registrar', requestedBy: first.fullName }]);
    const [pending] = await asSecond.admin.approvals.pending();
    expect(pending).toMatchObject({
      kind: 'staffInvitation',
      summary: { email, centerCount: 1, language: 'so' },
    });

    await expectTrpcError(
      asFirst.admin.approvals.confirm({ id: asked.pendingApproval.id }),
      'FORBIDDEN',
      'A second System Admin must confirm this: you cannot confirm your own request.',
    );
    expect(deps.mailer.sent).toEqual([]);

    await asSecond.admin.approvals.confirm({ id: asked.pendingApproval.id });
    const [mail, ...more] = deps.mailer.sent;
    expect(more).toEqual([]);
    expect(mail?.to).toBe(email);
    expect(mail?.subject).toContain('Diiwaangeliye');
    expect(mail?.text).toContain('3 maalmood');
    const token = linkIn(mail?.text ?? '');
    // Only a hash of the secret is kept.
    const [row] = deps.db.select().from(staffInvitations).all();
    expect(row?.id).toBe(token.split('.')[0]);
    expect(row?.secretHash).toEqual(hashSecret(token.split('.')[1] ?? ''));

    const after = await asSecond.admin.invitations.list();
    expect(after.waiting).toEqual([]);
    expect(after.invitations).toMatchObject([
      { email, status: 'pending', invitedBy: first.fullName, confirmedBy: second.fullName, centerCount: 1 },
    ]);
    const confirm = deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'confirm')).get();
    expect(JSON.parse(confirm?.newValues ?? '{}')).toMatchObject({
      kind: 'staffInvitation',
      requestedBy: first.id,
      confirmedBy: second.id,
    });

    // The invited person opens the link, chooses a password and is signed in as a Registrar at the center.
    const visitor = callerFor(deps, null, '198.51.100.4', { language: 'so' });
    const accepted = await visitor.caller.auth.acceptInvitation({ token, newPassword: NEW_PASSWORD });
    expect(accepted).toMatchObject({
      role: 'Registrar',
      user: { email, role: 'Registrar', emailVerified: true },
    });
    expect(visitor.jar.token).toBeTruthy();
    const session = validateSessionToken(deps.db, visitor.jar.token ?? '');
    expect(session?.user).toMatchObject({ email, role: 'Registrar', fullName: 'Hodan Registrar' });
    const userId = session?.user.id ?? '';
    const centers = deps.db
      .select({ centerId: staffCenters.centerId })
      .from(staffCenters)
      .where(eq(staffCenters.userId, userId))
      .all();
    expect(centers).toEqual([{ centerId }]);
    // The account keeps the language of its own sign-in, as every sign-in does.
    const account = deps.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, userId))
      .get();
    expect(account?.language).toBe('so');
    const [acceptAudit] = auditOf(deps, 'accept');
    expect(acceptAudit?.actorId).toBe(userId);
    expect(acceptAudit?.values).toMatchObject({
      role: 'Registrar',
      invitedBy: first.id,
      confirmedBy: second.id,
      newAccount: true,
    });
    expect((await asFirst.admin.invitations.list()).invitations[0]?.status).toBe('accepted');

    // The password is the one they chose.
    const signIn = await callerFor(deps, null, '198.51.100.5').caller.auth.signIn({
      email,
      password: NEW_PASSWORD,
    });
    expect(signIn).toMatchObject({ user: { role: 'Registrar' } });
  });

  it('by phone: the SMS carries a code in the chosen language, entered with the number', async () => {
    const { deps, asFirst, asSecond } = await twoAdmins();
    const phone = uniquePhone();
    const asked = await asFirst.admin.invitations.create({
      phone: nationalForm(phone),
      fullName: 'Ayaan Supervisor',
      role: 'Enrollment Supervisor',
      centerIds: [],
      language: 'en',
    });
    expect(deps.sms.sent).toEqual([]);
    await asSecond.admin.approvals.confirm({ id: asked.pendingApproval.id });
    const [sms] = deps.sms.sent;
    expect(sms?.to).toBe(phone);
    expect(sms?.text).toContain('Enrollment Supervisor');
    expect(sms?.text).toContain('/staff-invitation');
    const code = sms?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
    const visitor = callerFor(deps, null, '198.51.100.6');
    await expectTrpcError(
      visitor.caller.auth.acceptInvitation({
        phone: nationalForm(phone),
        code: code === '000000' ? '000001' : '000000',
        newPassword: NEW_PASSWORD,
      }),
      'BAD_REQUEST',
      'This is not the code we sent. Check it and try again.',
    );
    const accepted = await visitor.caller.auth.acceptInvitation({
      phone: nationalForm(phone),
      code,
      newPassword: NEW_PASSWORD,
    });
    expect(accepted).toMatchObject({ role: 'Enrollment Supervisor', user: { phone, phoneConfirmed: true } });
  });

  it('refuses a second request for the same address, a live invitation and an address of a staff account', async () => {
    const { deps, asFirst, asSecond } = await twoAdmins();
    const email = uniqueEmail('twice');
    const input = {
      email,
      fullName: 'Twice',
      role: 'Enrollment Supervisor' as const,
      centerIds: [],
      language: 'en' as const,
    };
    const asked = await asFirst.admin.invitations.create(input);
    await expectTrpcError(
      asSecond.admin.invitations.create(input),
      'CONFLICT',
      /already waiting for a second/,
    );
    await asSecond.admin.approvals.confirm({ id: asked.pendingApproval.id });
    await expectTrpcError(asFirst.admin.invitations.create(input), 'CONFLICT', /has not been accepted/);
    const staff = await createUser(deps.db, { role: 'Registrar' });
    await expectTrpcError(
      asFirst.admin.invitations.create({ ...input, email: staff.email }),
      'CONFLICT',
      'This account already has a staff role. Change roles on the Users page instead.',
    );
    await expectTrpcError(
      asFirst.admin.invitations.create({
        ...input,
        role: 'Enrollment Supervisor',
        centerIds: [crypto.randomUUID()],
      }),
      'BAD_REQUEST',
    );
  });

  it('a request whose address became a staff account meanwhile is refused at confirm, and nothing is sent', async () => {
    const { deps, asFirst, asSecond } = await twoAdmins();
    const citizen = await createUser(deps.db);
    const asked = await asFirst.admin.invitations.create({
      email: citizen.email,
      fullName: 'Became Staff',
      role: 'Registrar',
      centerIds: [],
      language: 'en',
    });
    deps.db
      .update(profiles)
      .set({ role: 'Enrollment Supervisor' })
      .where(eq(profiles.userId, citizen.id))
      .run();
    await expectTrpcError(asSecond.admin.approvals.confirm({ id: asked.pendingApproval.id }), 'CONFLICT');
    expect(deps.db.select().from(staffInvitations).all()).toEqual([]);
    expect(deps.mailer.sent).toEqual([]);
    const status = deps.db.select({ status: approvals.status }).from(approvals).get()?.status;
    expect(status).toBe('pending');
  });
});

describe('accepting an invitation: each way it is refused', () => {
  it('an expired invitation', async () => {
    const deps = createTestDeps();
    const { token } = sentInvitation(deps.db, {
      email: uniqueEmail('late'),
      expiresAt: new Date(Date.now() - 1000),
    });
    await expectTrpcError(
      callerFor(deps, null).caller.auth.acceptInvitation({ token, newPassword: NEW_PASSWORD }),
      'CONFLICT',
      'This invitation has expired. Ask a System Admin to invite you again.',
    );
    expect(deps.db.select().from(users).all()).toEqual([]);
  });

  it('a used one: the second use is told it was accepted, and grants nothing more', async () => {
    const deps = createTestDeps();
    const { token } = sentInvitation(deps.db, { email: uniqueEmail('used') });
    await callerFor(deps, null).caller.auth.acceptInvitation({ token, newPassword: NEW_PASSWORD });
    await expectTrpcError(
      callerFor(deps, null).caller.auth.acceptInvitation({ token, newPassword: 'another secret 9' }),
      'CONFLICT',
      'This invitation has already been accepted. Sign in with your account.',
    );
    expect(deps.db.select().from(users).all()).toHaveLength(1);
  });

  it('a revoked one, and revoking twice', async () => {
    const deps = createTestDeps();
    const { caller, admin } = await unlockedAdmin(deps);
    const { id, token } = sentInvitation(deps.db, { email: uniqueEmail('revoked') });
    expect(await caller.admin.invitations.revoke({ id })).toEqual({ id, status: 'revoked' });
    await expectTrpcError(
      callerFor(deps, null).caller.auth.acceptInvitation({ token, newPassword: NEW_PASSWORD }),
      'CONFLICT',
      'This invitation was withdrawn. Ask a System Admin if you still need an account.',
    );
    await expectTrpcError(caller.admin.invitations.revoke({ id }), 'CONFLICT');
    const [revoked] = auditOf(deps, 'revoke');
    expect(revoked?.actorId).toBe(admin.id);
    expect((await caller.admin.invitations.list()).invitations[0]?.status).toBe('revoked');
  });

  it('a wrong link, and a link whose invitation was sent again', async () => {
    const deps = createTestDeps();
    const { caller } = await unlockedAdmin(deps);
    const email = uniqueEmail('resent');
    const { id, token } = sentInvitation(deps.db, { email });
    const visitor = callerFor(deps, null).caller;
    const wrong = `${id}.${'a'.repeat(24)}`;
    await expectTrpcError(
      visitor.auth.acceptInvitation({ token: wrong, newPassword: NEW_PASSWORD }),
      'BAD_REQUEST',
      'This invitation link is not valid. Check that you opened the whole link from the message.',
    );
    await caller.admin.invitations.resend({ id });
    await expectTrpcError(
      visitor.auth.acceptInvitation({ token, newPassword: NEW_PASSWORD }),
      'BAD_REQUEST',
      /not valid/,
    );
    const fresh = linkIn(deps.mailer.sent.at(-1)?.text ?? '');
    expect(await visitor.auth.acceptInvitation({ token: fresh, newPassword: NEW_PASSWORD })).toMatchObject({
      role: 'Registrar',
    });
  });

  it('five wrong codes end the invitation, even for the right code after them, which alone is told so', async () => {
    const deps = createTestDeps();
    const phone = uniquePhone();
    const { code } = sentInvitation(deps.db, { phone });
    const wrong = code === '123456' ? '654321' : '123456';
    const visitor = callerFor(deps, null).caller;
    // Each wrong code hears the same sentence, the fifth too: a number never invited answers the same.
    for (let i = 0; i < 5; i += 1) {
      await expectTrpcError(
        visitor.auth.acceptInvitation({ phone, code: wrong, newPassword: NEW_PASSWORD }),
        'BAD_REQUEST',
        /not the code/,
      );
    }
    // The right code now: refused by the invitation itself (the per-number limit is set aside to show it).
    const unlimited = { ...deps, limits: { ...deps.limits, enabled: false } };
    await expectTrpcError(
      acceptInvitation(unlimited, { phone, code, newPassword: NEW_PASSWORD }, null, '198.51.100.9'),
      'CONFLICT',
      /Too many wrong codes/,
    );
    await expectTrpcError(
      acceptInvitation(unlimited, { phone, code: wrong, newPassword: NEW_PASSWORD }, null, '198.51.100.9'),
      'BAD_REQUEST',
      /not the code/,
    );
    expect(deps.db.select().from(users).all()).toEqual([]);
  });

  it('two accepts of one link at once: exactly one account and one grant', async () => {
    const deps = createTestDeps();
    const email = uniqueEmail('race');
    const { token } = sentInvitation(deps.db, { email });
    const tries = await Promise.allSettled(
      [1, 2, 3].map((n) =>
        acceptInvitation(deps, { token, newPassword: `${NEW_PASSWORD} ${n}` }, null, `198.51.100.${n}`),
      ),
    );
    expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(1);
    const refusals = tries.flatMap((t) => (t.status === 'rejected' ? [(t.reason as DomainError).code] : []));
    expect(refusals).toEqual(['invitation.used', 'invitation.used']);
    expect(deps.db.select().from(users).where(eq(users.email, email)).all()).toHaveLength(1);
    expect(auditOf(deps, 'accept')).toHaveLength(1);
  });

  it('an address with an account signs in first; signed in, it accepts without a password', async () => {
    const deps = createTestDeps();
    const citizen = await createUser(deps.db);
    const { token } = sentInvitation(deps.db, { email: citizen.email, role: 'Enrollment Supervisor' });
    await expectTrpcError(
      callerFor(deps, null).caller.auth.acceptInvitation({ token, newPassword: NEW_PASSWORD }),
      'CONFLICT',
      /already exists\. Sign in with it/,
    );
    await expectTrpcError(
      callerFor(deps, null).caller.auth.acceptInvitation({ token }),
      'BAD_REQUEST',
      'Choose a password for your new account.',
    );
    const other = await createUser(deps.db);
    await expectTrpcError(
      callerFor(deps, other).caller.auth.acceptInvitation({ token }),
      'FORBIDDEN',
      /sent to another address or number/,
    );
    const own = callerFor(deps, citizen);
    expect(await own.caller.auth.acceptInvitation({ token })).toMatchObject({
      role: 'Enrollment Supervisor',
      user: { id: citizen.id, role: 'Enrollment Supervisor' },
    });
    expect(own.jar.token).toBeNull();
    expect(roleOf(deps, citizen.id)).toBe('Enrollment Supervisor');
  });

  it('a staff account cannot accept (its role changes on the users page)', async () => {
    const deps = createTestDeps();
    const admin = await createAdmin(deps.db);
    const { token } = sentInvitation(deps.db, { email: admin.email });
    await expectTrpcError(
      callerFor(deps, admin).caller.auth.acceptInvitation({ token }),
      'CONFLICT',
      /already has a staff role/,
    );
    expect(roleOf(deps, admin.id)).toBe('System Admin');
  });

  it('wrong links are counted per address, as the reset flow counts them', async () => {
    const deps = createTestDeps();
    const { id } = sentInvitation(deps.db, { email: uniqueEmail('guess') });
    const visitor = callerFor(deps, null, '203.0.113.99').caller;
    for (let i = 0; i < 30; i += 1) {
      await expectTrpcError(
        visitor.auth.acceptInvitation({ token: `${id}.${'b'.repeat(24)}`, newPassword: NEW_PASSWORD }),
        'BAD_REQUEST',
      );
    }
    await expectTrpcError(
      visitor.auth.acceptInvitation({ token: `${id}.${'b'.repeat(24)}`, newPassword: NEW_PASSWORD }),
      'TOO_MANY_REQUESTS',
      /Too many invitation attempts/,
    );
  });
});
