import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { auditLogs, profiles, twoFactorAuthenticators, twoFactorRecoveryCodes } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enrolledAdmin, keyFromUri, signedInUser, totpAt } from '../helpers/account';
import { expectTrpcError } from '../helpers/admin';
import { callerAs, callerFor, createTestDeps } from '../helpers/caller';
import { createAdmin, createUser, TEST_PASSWORD } from '../helpers/factories';

const WRONG_CODE = 'Invalid authentication code. Please try again.';

describe('auth.twoFactor tiers', () => {
  it('needs a signed-in user for status and disable, and a staff role to enrol', async () => {
    const deps = createTestDeps();
    const visitor = callerFor(deps, null).caller;
    await expectTrpcError(visitor.auth.twoFactor.status(), 'UNAUTHORIZED');
    await expectTrpcError(visitor.auth.twoFactor.begin({ password: TEST_PASSWORD }), 'UNAUTHORIZED');
    await expectTrpcError(
      visitor.auth.twoFactor.confirm({ password: TEST_PASSWORD, code: '123456' }),
      'UNAUTHORIZED',
    );
    await expectTrpcError(visitor.auth.twoFactor.disable({ password: 'x', code: '123456' }), 'UNAUTHORIZED');
    const citizen = callerFor(deps, await createUser(deps.db)).caller;
    expect(await citizen.auth.twoFactor.status()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      setupRequired: false,
    });
    await expectTrpcError(
      citizen.auth.twoFactor.begin({ password: TEST_PASSWORD }),
      'FORBIDDEN',
      'Access denied. Only registration staff can open this page.',
    );
    await expectTrpcError(
      citizen.auth.twoFactor.confirm({ password: TEST_PASSWORD, code: '123456' }),
      'FORBIDDEN',
    );
    for (const role of ['Registrar', 'Enrollment Supervisor', 'System Admin'] as const) {
      const { caller } = callerFor(deps, await createUser(deps.db, { role }));
      await expect(caller.auth.twoFactor.begin({ password: TEST_PASSWORD })).resolves.toMatchObject({
        uri: expect.stringMatching(/^otpauth:/),
      });
    }
  });
});

describe('auth.twoFactor enrolment', () => {
  it('begins with an otpauth URI, a QR code drawn here and the key as text, without turning anything on', async () => {
    const deps = createTestDeps();
    const admin = await createAdmin(deps.db);
    const { caller } = callerFor(deps, admin);
    const setup = await caller.auth.twoFactor.begin({ password: TEST_PASSWORD });
    const uri = new URL(setup.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(setup.uri.startsWith(`otpauth://totp/Codka:${encodeURIComponent(admin.email)}?`)).toBe(true);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      issuer: 'Codka',
      algorithm: 'SHA1',
      period: '30',
      digits: '6',
    });
    expect(keyFromUri(setup.uri)).toHaveLength(20);
    expect(setup.qrCode.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const svg = Buffer.from(setup.qrCode.split(',')[1] ?? '', 'base64').toString('utf8');
    expect(svg).toContain('<svg');
    expect(svg).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
    expect(decodeBase32IgnorePadding(setup.manualKey.replaceAll(' ', ''))).toEqual(keyFromUri(setup.uri));
    expect((await caller.auth.twoFactor.status()).enabled).toBe(false);
    expect(await caller.auth.signIn({ email: admin.email, password: admin.password })).toHaveProperty('user');
  });

  it('starting again replaces an unfinished key', async () => {
    const deps = createTestDeps();
    const { caller } = callerFor(deps, await createAdmin(deps.db));
    const first = keyFromUri((await caller.auth.twoFactor.begin({ password: TEST_PASSWORD })).uri);
    const second = keyFromUri((await caller.auth.twoFactor.begin({ password: TEST_PASSWORD })).uri);
    expect(second).not.toEqual(first);
    await expectTrpcError(
      caller.auth.twoFactor.confirm({ password: TEST_PASSWORD, code: totpAt(first) }),
      'UNAUTHORIZED',
      WRONG_CODE,
    );
    await expect(
      caller.auth.twoFactor.confirm({ password: TEST_PASSWORD, code: totpAt(second) }),
    ).resolves.toHaveProperty('enabled', true);
  });

  it('refuses to confirm before begin, and a wrong code', async () => {
    const deps = createTestDeps();
    const { caller } = callerFor(deps, await createAdmin(deps.db));
    await expectTrpcError(
      caller.auth.twoFactor.confirm({ password: TEST_PASSWORD, code: '123456' }),
      'PRECONDITION_FAILED',
      'Start the authenticator setup first.',
    );
    const key = keyFromUri((await caller.auth.twoFactor.begin({ password: TEST_PASSWORD })).uri);
    const wrong = totpAt(key, Date.now() - 5 * 60_000);
    await expectTrpcError(
      caller.auth.twoFactor.confirm({ password: TEST_PASSWORD, code: wrong }),
      'UNAUTHORIZED',
      WRONG_CODE,
    );
    expect((await caller.auth.twoFactor.status()).enabled).toBe(false);
  });

  it.each([
    ['', 'Please enter the code from your authenticator app'],
    ['12345', 'Enter the 6-digit code your authenticator app shows'],
    ['abcde-fghij', 'Enter the 6-digit code your authenticator app shows'],
  ])('rejects the confirm code %j with a clear message', async (code, message) => {
    const { caller } = await callerAs(createTestDeps(), 'admin');
    await expectTrpcError(
      caller.auth.twoFactor.confirm({ password: TEST_PASSWORD, code }),
      'BAD_REQUEST',
      message,
    );
  });

  it('turns on with a right code (spaces allowed) and hands out 10 recovery codes, stored only as hashes', async () => {
    const deps = createTestDeps();
    const admin = await createAdmin(deps.db);
    const { caller } = callerFor(deps, admin);
    const key = keyFromUri((await caller.auth.twoFactor.begin({ password: TEST_PASSWORD })).uri);
    const code = totpAt(key);
    const result = await caller.auth.twoFactor.confirm({
      password: TEST_PASSWORD,
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(result.enabled).toBe(true);
    expect(result.recoveryCodes).toHaveLength(10);
    expect(new Set(result.recoveryCodes).size).toBe(10);
    for (const recovery of result.recoveryCodes)
      expect(recovery).toMatch(/^[a-km-np-z2-9]{5}-[a-km-np-z2-9]{5}$/);
    const stored = deps.db.select().from(twoFactorRecoveryCodes).all();
    expect(stored).toHaveLength(10);
    const hashes = stored.map((row) => row.codeHash.toString('latin1')).join('');
    for (const recovery of result.recoveryCodes) expect(hashes).not.toContain(recovery.replace('-', ''));
    const status = await caller.auth.twoFactor.status();
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(status.enabledAt).toBeInstanceOf(Date);
    const audit = deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'enable_two_factor')).all();
    // Only how many other sessions ended: never the key or a code.
    expect(audit).toMatchObject([
      { actorId: admin.id, recordId: admin.id, newValues: JSON.stringify({ otherSessionsEnded: 0 }) },
    ]);
  });

  it('never hands the key out again once it is on', async () => {
    const deps = createTestDeps();
    const { caller, key } = await enrolledAdmin(deps);
    await expectTrpcError(
      caller.auth.twoFactor.begin({ password: TEST_PASSWORD }),
      'CONFLICT',
      'Two-factor sign-in is already on. Turn it off before setting up another authenticator.',
    );
    await expectTrpcError(
      caller.auth.twoFactor.confirm({ password: TEST_PASSWORD, code: totpAt(key) }),
      'CONFLICT',
    );
    const answers = JSON.stringify([await caller.auth.twoFactor.status(), await caller.auth.session()]);
    const secret = Buffer.from(key).toString('hex');
    expect(answers).not.toContain(secret);
    expect(answers.toLowerCase()).not.toMatch(/secret|otpauth/);
  });
});

describe('auth.twoFactor.disable', () => {
  it('needs the password and a code, then forgets the key and the recovery codes', async () => {
    const deps = createTestDeps();
    const { admin, caller, key, nextCode } = await enrolledAdmin(deps);
    await expectTrpcError(
      caller.auth.twoFactor.disable({ password: 'not it', code: nextCode() }),
      'BAD_REQUEST',
      'Your current password is incorrect.',
    );
    await expectTrpcError(
      caller.auth.twoFactor.disable({
        password: admin.password,
        code: totpAt(key, Date.now() - 10 * 60_000),
      }),
      'UNAUTHORIZED',
      WRONG_CODE,
    );
    expect(await caller.auth.twoFactor.disable({ password: admin.password, code: nextCode() })).toEqual({
      enabled: false,
    });
    expect(deps.db.select().from(twoFactorAuthenticators).all()).toHaveLength(0);
    expect(deps.db.select().from(twoFactorRecoveryCodes).all()).toHaveLength(0);
    expect(await caller.auth.twoFactor.status()).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    const again = await callerFor(deps, null).caller.auth.signIn({
      email: admin.email,
      password: admin.password,
    });
    expect(signedInUser(again).id).toBe(admin.id);
    expect(
      deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'disable_two_factor')).all(),
    ).toHaveLength(1);
  });

  it('accepts a recovery code instead of the app', async () => {
    const deps = createTestDeps();
    const { admin, caller, recoveryCodes } = await enrolledAdmin(deps);
    const code = recoveryCodes[3] ?? '';
    await expect(caller.auth.twoFactor.disable({ password: admin.password, code })).resolves.toEqual({
      enabled: false,
    });
  });

  it('answers PRECONDITION_FAILED when two-factor sign-in is not on', async () => {
    const deps = createTestDeps();
    const citizen = await createUser(deps.db);
    await expectTrpcError(
      callerFor(deps, citizen).caller.auth.twoFactor.disable({ password: citizen.password, code: '123456' }),
      'PRECONDITION_FAILED',
      'Two-factor sign-in is not on for this account.',
    );
  });

  it('stays open to an admin whose role was removed', async () => {
    const deps = createTestDeps();
    const { admin, nextCode } = await enrolledAdmin(deps);
    deps.db.update(profiles).set({ role: null }).where(eq(profiles.userId, admin.id)).run();
    const { caller } = callerFor(deps, admin);
    expect((await caller.auth.twoFactor.status()).enabled).toBe(true);
    await expect(
      caller.auth.twoFactor.disable({ password: admin.password, code: nextCode() }),
    ).resolves.toEqual({
      enabled: false,
    });
  });
});
