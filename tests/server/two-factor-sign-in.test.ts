import { profiles, sessions } from '@server/db/schema';
import {
  completeTwoFactorChallenge,
  TWO_FACTOR_CHALLENGE_LIFETIME_MS,
} from '@server/services/two-factor-sign-in';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enrolledAdmin, totpAt } from '../helpers/account';
import { expectTrpcError } from '../helpers/admin';
import { callerFor, createTestDeps, type TestDeps } from '../helpers/caller';
import { createAdmin } from '../helpers/factories';

const WRONG_CODE = 'Invalid authentication code. Please try again.';
const EXPIRED = 'This sign-in has expired. Please enter your email and password again.';

/** Signs in with the password and returns the pending token the code must come with. */
async function pendingSignIn(deps: TestDeps, account: { email: string; password: string }) {
  const { caller, jar } = callerFor(deps, null, '192.0.2.70');
  const result = await caller.auth.signIn({ email: account.email, password: account.password });
  if (!('pendingToken' in result)) throw new Error('expected a two-factor challenge');
  return { caller, jar, pendingToken: result.pendingToken, result };
}

describe('auth.signIn with two-factor sign-in', () => {
  it('answers { user } as before for an account without it', async () => {
    const deps = createTestDeps();
    const admin = await createAdmin(deps.db);
    const result = await callerFor(deps, null).caller.auth.signIn({
      email: admin.email,
      password: admin.password,
    });
    expect(Object.keys(result)).toEqual(['user']);
  });

  it('asks an enrolled admin for a code and starts no session yet', async () => {
    const deps = createTestDeps();
    const { admin } = await enrolledAdmin(deps);
    const before = deps.db.select().from(sessions).all().length;
    const { jar, result } = await pendingSignIn(deps, admin);
    expect(result).toEqual({
      twoFactorRequired: true,
      pendingToken: expect.stringMatching(/^[a-z2-9]{24}\.[a-z2-9]{24}$/),
    });
    expect(jar.token).toBeNull();
    expect(deps.db.select().from(sessions).all()).toHaveLength(before);
  });

  it('still answers a wrong password with the usual message, revealing nothing about two-factor', async () => {
    const deps = createTestDeps();
    const { admin } = await enrolledAdmin(deps);
    await expectTrpcError(
      callerFor(deps, null).caller.auth.signIn({ email: admin.email, password: 'wrong' }),
      'UNAUTHORIZED',
      'Invalid login credentials',
    );
  });
});

describe('auth.signInTwoFactor', () => {
  it('starts the session with the right code, after a wrong one', async () => {
    const deps = createTestDeps();
    const { admin, key, nextCode } = await enrolledAdmin(deps);
    const { caller, jar, pendingToken } = await pendingSignIn(deps, admin);
    const wrong = totpAt(key, Date.now() - 10 * 60_000);
    await expectTrpcError(
      caller.auth.signInTwoFactor({ pendingToken, code: wrong }),
      'UNAUTHORIZED',
      WRONG_CODE,
    );
    const result = await caller.auth.signInTwoFactor({ pendingToken, code: nextCode() });
    expect(result.user).toMatchObject({ id: admin.id, isAdmin: true });
    expect(jar.token).toMatch(/^[a-z2-9]{24}\.[a-z2-9]{24}$/);
    await expectTrpcError(
      caller.auth.signInTwoFactor({ pendingToken, code: nextCode() }),
      'BAD_REQUEST',
      EXPIRED,
    );
  });

  it('refuses a code that was already used, saying so', async () => {
    const deps = createTestDeps();
    const { admin, nextCode } = await enrolledAdmin(deps);
    const code = nextCode();
    const first = await pendingSignIn(deps, admin);
    await first.caller.auth.signInTwoFactor({ pendingToken: first.pendingToken, code });
    const second = await pendingSignIn(deps, admin);
    await expectTrpcError(
      second.caller.auth.signInTwoFactor({ pendingToken: second.pendingToken, code }),
      'UNAUTHORIZED',
      'This code was already used. Please wait for the next code in your authenticator app.',
    );
  });

  it('takes a recovery code once, however it is typed', async () => {
    const deps = createTestDeps();
    const { admin, caller: adminCaller, recoveryCodes } = await enrolledAdmin(deps);
    const code = recoveryCodes[0] ?? '';
    const first = await pendingSignIn(deps, admin);
    const typed = ` ${code.toUpperCase().replace('-', ' ')} `;
    await expect(
      first.caller.auth.signInTwoFactor({ pendingToken: first.pendingToken, code: typed }),
    ).resolves.toHaveProperty('user.id', admin.id);
    const second = await pendingSignIn(deps, admin);
    await expectTrpcError(
      second.caller.auth.signInTwoFactor({ pendingToken: second.pendingToken, code }),
      'UNAUTHORIZED',
      WRONG_CODE,
    );
    expect((await adminCaller.auth.twoFactor.status()).recoveryCodesLeft).toBe(9);
  });

  it('refuses a malformed, unknown or expired pending token', async () => {
    const deps = createTestDeps();
    const { admin, nextCode } = await enrolledAdmin(deps);
    const { caller, pendingToken } = await pendingSignIn(deps, admin);
    for (const token of [
      'garbage',
      `${'a'.repeat(24)}.${'b'.repeat(24)}`,
      `${pendingToken.split('.')[0]}.${'c'.repeat(24)}`,
    ]) {
      await expectTrpcError(
        caller.auth.signInTwoFactor({ pendingToken: token, code: nextCode() }),
        'BAD_REQUEST',
        EXPIRED,
      );
    }
    const later = new Date(Date.now() + TWO_FACTOR_CHALLENGE_LIFETIME_MS + 1000);
    await expectTrpcError(
      completeTwoFactorChallenge(deps, { pendingToken, code: nextCode() }, later),
      'BAD_REQUEST',
      EXPIRED,
    );
  });

  it('ends a pending sign-in after 5 wrong codes, even when the sixth is right', async () => {
    const deps = createTestDeps();
    const { admin, key, nextCode } = await enrolledAdmin(deps);
    const { caller, pendingToken } = await pendingSignIn(deps, admin);
    for (let i = 1; i <= 5; i++) {
      const wrong = totpAt(key, Date.now() - i * 10 * 60_000);
      await expectTrpcError(caller.auth.signInTwoFactor({ pendingToken, code: wrong }), 'UNAUTHORIZED');
    }
    await expectTrpcError(
      caller.auth.signInTwoFactor({ pendingToken, code: nextCode() }),
      'BAD_REQUEST',
      EXPIRED,
    );
  });

  it('limits wrong codes per account across sign-ins, with the wait in the message', async () => {
    const deps = createTestDeps();
    const { admin, nextCode } = await enrolledAdmin(deps);
    await deps.limits.failedTwoFactorUser.penalty(admin.id, 10);
    const { caller, pendingToken } = await pendingSignIn(deps, admin);
    await expectTrpcError(
      caller.auth.signInTwoFactor({ pendingToken, code: nextCode() }),
      'TOO_MANY_REQUESTS',
      'Too many wrong authentication codes. Please wait 15 minutes and try again.',
    );
  });

  it('refuses an account deactivated between the password and the code', async () => {
    const deps = createTestDeps();
    const { admin, nextCode } = await enrolledAdmin(deps);
    const { caller, pendingToken } = await pendingSignIn(deps, admin);
    deps.db.update(profiles).set({ isActive: false }).where(eq(profiles.userId, admin.id)).run();
    await expectTrpcError(caller.auth.signInTwoFactor({ pendingToken, code: nextCode() }), 'FORBIDDEN');
  });

  it('drops pending sign-ins when the password changes', async () => {
    const deps = createTestDeps();
    const { admin, caller: adminCaller, nextCode } = await enrolledAdmin(deps);
    const { caller, pendingToken } = await pendingSignIn(deps, admin);
    await adminCaller.auth.changePassword({ currentPassword: admin.password, newPassword: 'another secret' });
    await expectTrpcError(
      caller.auth.signInTwoFactor({ pendingToken, code: nextCode() }),
      'BAD_REQUEST',
      EXPIRED,
    );
  });

  it('validates its input', async () => {
    const { caller } = callerFor(createTestDeps(), null);
    await expectTrpcError(
      caller.auth.signInTwoFactor({ pendingToken: 'x', code: 'nope' }),
      'BAD_REQUEST',
      'Enter the 6-digit code from your authenticator app, or one of your recovery codes',
    );
    await expectTrpcError(
      caller.auth.signInTwoFactor({ pendingToken: '', code: '123456' }),
      'BAD_REQUEST',
      EXPIRED,
    );
  });
});

describe('admin.dashboard step-up with two-factor sign-in', () => {
  it('says whether a code is needed, and asks for it', async () => {
    const deps = createTestDeps();
    const plain = callerFor(deps, await createAdmin(deps.db)).caller;
    expect((await plain.admin.dashboard.status()).twoFactorRequired).toBe(false);

    const { admin, caller, key, nextCode, recoveryCodes } = await enrolledAdmin(deps);
    expect((await caller.admin.dashboard.status()).twoFactorRequired).toBe(true);
    const credentials = { username: admin.email, password: admin.password };
    await expectTrpcError(
      caller.admin.dashboard.unlock(credentials),
      'UNAUTHORIZED',
      'Please enter the code from your authenticator app.',
    );
    const wrong = totpAt(key, Date.now() - 10 * 60_000);
    await expectTrpcError(
      caller.admin.dashboard.unlock({ ...credentials, code: wrong }),
      'UNAUTHORIZED',
      WRONG_CODE,
    );
    await expectTrpcError(
      caller.admin.dashboard.unlock({ ...credentials, password: 'wrong', code: nextCode() }),
      'UNAUTHORIZED',
      'Invalid credentials. Please try again.',
    );
    expect(await caller.admin.dashboard.unlock({ ...credentials, code: nextCode() })).toMatchObject({
      unlocked: true,
    });
    await caller.admin.dashboard.lock();
    const again = callerFor(deps, admin).caller;
    await expect(
      again.admin.dashboard.unlock({ ...credentials, code: recoveryCodes[1] ?? '' }),
    ).resolves.toMatchObject({
      unlocked: true,
    });
  });
});
