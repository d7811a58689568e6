import { sessions } from '@server/db/schema';
import { testEnv } from '@server/env';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectTrpcError } from '../helpers/admin';
import { callerAs, callerFor, createTestDeps } from '../helpers/caller';
import { createTestDb } from '../helpers/db';
import { createUser, TEST_PASSWORD, uniqueEmail } from '../helpers/factories';

/** The session a browser holds: who is signed in, signing in with an e-mail address, and signing out. */
describe('auth.session', () => {
  it('is null for a visitor', async () => {
    const { caller } = await callerAs(createTestDeps(), 'visitor');
    expect(await caller.auth.session()).toEqual({ user: null });
  });

  it('returns the signed-in citizen without secrets', async () => {
    const { caller, user } = await callerAs(createTestDeps(), 'user');
    const { user: sessionUser } = await caller.auth.session();
    expect(sessionUser).toEqual({
      id: user?.id,
      email: user?.email,
      fullName: 'Test Citizen',
      role: null,
      isAdmin: false,
      emailVerified: true,
      phone: null,
      phoneConfirmed: false,
    });
  });

  it('marks a System Admin as admin', async () => {
    const { caller } = await callerAs(createTestDeps(), 'admin');
    const { user } = await caller.auth.session();
    expect(user?.role).toBe('System Admin');
    expect(user?.isAdmin).toBe(true);
  });

  it('does not count other staff roles as admin', async () => {
    const deps = createTestDeps();
    const registrar = await createUser(deps.db, { role: 'Registrar' });
    const { caller } = callerFor(deps, registrar);
    expect((await caller.auth.session()).user?.isAdmin).toBe(false);
  });
});

describe('auth.signIn', () => {
  it('starts a session for correct credentials, ignoring email case and spaces', async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    const { caller, jar } = callerFor(deps, null);
    const result = await caller.auth.signIn({
      email: `  ${user.email.toUpperCase()} `,
      password: user.password,
    });
    expect(result).toEqual({ user: expect.objectContaining({ id: user.id }) });
    expect(jar.token).toMatch(/^[a-z2-9]{24}\.[a-z2-9]{24}$/);
    expect(deps.db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(1);
  });

  it('answers the same message for a wrong password and an unknown email', async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    const { caller } = callerFor(deps, null);
    await expectTrpcError(
      caller.auth.signIn({ email: user.email, password: 'wrong password' }),
      'UNAUTHORIZED',
      'Invalid login credentials',
    );
    await expectTrpcError(
      caller.auth.signIn({ email: uniqueEmail(), password: 'whatever' }),
      'UNAUTHORIZED',
      'Invalid login credentials',
    );
    expect(deps.db.select().from(sessions).all()).toHaveLength(0);
  });

  it('refuses a deactivated account', async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db, { isActive: false });
    const { caller } = callerFor(deps, null);
    await expectTrpcError(
      caller.auth.signIn({ email: user.email, password: user.password }),
      'FORBIDDEN',
      'This account has been deactivated. Please contact the electoral commission.',
    );
  });

  it('requires both fields', async () => {
    const { caller } = callerFor(createTestDeps(), null);
    await expectTrpcError(caller.auth.signIn({ email: '', password: '' }), 'BAD_REQUEST');
  });

  it('stops guessing after 10 failures for one account from one address, without locking other addresses', async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    const attacker = callerFor(deps, null, '192.0.2.10').caller;
    for (let i = 0; i < 10; i++) {
      await expectTrpcError(
        attacker.auth.signIn({ email: user.email, password: `guess-${i}` }),
        'UNAUTHORIZED',
      );
    }
    await expectTrpcError(
      attacker.auth.signIn({ email: user.email, password: user.password }),
      'TOO_MANY_REQUESTS',
      /^Too many failed sign-in attempts\. Please wait \d+ minutes? and try again\.$/,
    );
    const owner = callerFor(deps, null, '192.0.2.99').caller;
    await expect(owner.auth.signIn({ email: user.email, password: user.password })).resolves.toEqual({
      user: expect.objectContaining({ id: user.id }),
    });
  });

  it('does not limit anyone when RATE_LIMITS is off', async () => {
    const deps = createTestDeps(createTestDb(), testEnv({ RATE_LIMITS: 'off' }));
    const user = await createUser(deps.db);
    const { caller } = callerFor(deps, null);
    for (let i = 0; i < 12; i++)
      await caller.auth.signIn({ email: user.email, password: 'bad' }).catch(() => undefined);
    await expect(caller.auth.signIn({ email: user.email, password: TEST_PASSWORD })).resolves.toEqual({
      user: expect.objectContaining({ id: user.id }),
    });
  });
});

describe('auth.signOut', () => {
  it('deletes the session on the server and clears the cookie', async () => {
    const deps = createTestDeps();
    const { caller, jar, session } = await callerAs(deps, 'user');
    expect(await caller.auth.signOut()).toEqual({ success: true });
    expect(jar.cleared).toBe(true);
    expect(
      deps.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, session?.id ?? ''))
        .get(),
    ).toBeUndefined();
  });

  it('is harmless for a visitor', async () => {
    const { caller, jar } = await callerAs(createTestDeps(), 'visitor');
    expect(await caller.auth.signOut()).toEqual({ success: true });
    expect(jar.cleared).toBe(true);
  });
});
