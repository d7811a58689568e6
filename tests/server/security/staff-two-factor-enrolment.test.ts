import { STEP_UP_CODE_REQUIRED, STEP_UP_REQUIRED } from '@server/services/step-up';
import { describe, expect, it } from 'vitest';
import { keyFromUri, totpAt } from '../../helpers/account';
import { callerForToken, expectTrpcError, newSessionToken } from '../../helpers/admin';
import { callerFor, createTestDeps } from '../../helpers/caller';
import { createUser, TEST_PASSWORD } from '../../helpers/factories';

const ROLES = ['Registrar', 'Enrollment Supervisor'] as const;

describe('Registrars and Enrollment Supervisors enrol an authenticator, and step-up then asks for its code', () => {
  it.each(ROLES)('%s: enrols, and a password alone no longer steps the session up', async (role) => {
    const deps = createTestDeps();
    const user = await createUser(deps.db, { role });
    const token = newSessionToken(deps, user.id);
    const caller = callerForToken(deps, token);
    const key = keyFromUri((await caller.auth.twoFactor.begin({ password: TEST_PASSWORD })).uri);
    const { recoveryCodes } = await caller.auth.twoFactor.confirm({
      password: TEST_PASSWORD,
      code: totpAt(key),
    });
    expect(recoveryCodes).toHaveLength(10);
    expect(await caller.auth.twoFactor.status()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(await caller.auth.stepUpStatus()).toMatchObject({ active: false, twoFactorRequired: true });

    // A stolen password (and cookie) is not enough to step up any more.
    await expectTrpcError(
      caller.auth.stepUp({ password: TEST_PASSWORD }),
      'UNAUTHORIZED',
      STEP_UP_CODE_REQUIRED,
    );
    await expectTrpcError(caller.auth.stepUp({ password: TEST_PASSWORD, code: '000000' }), 'UNAUTHORIZED');
    // The next request with the same cookie, read afresh (a caller's context is a snapshot of its session).
    const mine = () => {
      const next = callerForToken(deps, token);
      return role === 'Registrar' ? next.registrar.mine() : next.supervisor.pending();
    };
    await expectTrpcError(mine(), 'PRECONDITION_FAILED', STEP_UP_REQUIRED);

    await caller.auth.stepUp({ password: TEST_PASSWORD, code: totpAt(key, Date.now() + 30_000) });
    await expect(mine()).resolves.toBeDefined();
  });

  it.each(ROLES)('%s: signing in with the password alone asks for the code', async (role) => {
    const deps = createTestDeps();
    const user = await createUser(deps.db, { role });
    const { caller } = callerFor(deps, user);
    const key = keyFromUri((await caller.auth.twoFactor.begin({ password: TEST_PASSWORD })).uri);
    await caller.auth.twoFactor.confirm({ password: TEST_PASSWORD, code: totpAt(key) });
    const visitor = callerFor(deps, null).caller;
    const answer = await visitor.auth.signIn({ email: user.email, password: TEST_PASSWORD });
    expect(answer).toMatchObject({ twoFactorRequired: true });
    expect('user' in answer).toBe(false);
  });

  it('a citizen still cannot enrol (two-factor sign-in is for staff accounts)', async () => {
    const deps = createTestDeps();
    const { caller } = callerFor(deps, await createUser(deps.db));
    await expectTrpcError(
      caller.auth.twoFactor.begin({ password: TEST_PASSWORD }),
      'FORBIDDEN',
      'Access denied. Only registration staff can open this page.',
    );
  });
});
