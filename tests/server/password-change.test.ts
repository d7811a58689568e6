import { verifyPassword } from '@server/auth/passwords';
import { passwordResets, sessions, users } from '@server/db/schema';
import { requestPasswordReset } from '@server/services/password-reset';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerForToken, expectTrpcError, newSessionToken } from '../helpers/admin';
import { callerAs, callerFor, createTestDeps } from '../helpers/caller';
import { createUser } from '../helpers/factories';

const NEW_PASSWORD = 'a brand new secret';

describe('auth.changePassword', () => {
  it('needs a signed-in user', async () => {
    const { caller } = await callerAs(createTestDeps(), 'visitor');
    await expectTrpcError(
      caller.auth.changePassword({ currentPassword: 'whatever', newPassword: NEW_PASSWORD }),
      'UNAUTHORIZED',
      'Authentication Required. Please sign in to continue.',
    );
  });

  it('sets the new password, ends every other session and keeps this one', async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    const other = await createUser(deps.db);
    const phone = newSessionToken(deps, user.id);
    const laptop = newSessionToken(deps, user.id);
    const strangers = newSessionToken(deps, other.id);
    const { caller, session } = callerFor(deps, user);

    const result = await caller.auth.changePassword({
      currentPassword: user.password,
      newPassword: NEW_PASSWORD,
    });

    expect(result).toEqual({ success: true, otherSessionsEnded: 2 });
    const left = deps.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id)).all();
    expect(left).toEqual([{ id: session?.id }]);
    expect((await callerForToken(deps, phone).auth.session()).user).toBeNull();
    expect((await callerForToken(deps, laptop).auth.session()).user).toBeNull();
    expect((await callerForToken(deps, strangers).auth.session()).user?.id).toBe(other.id);
    expect((await caller.auth.session()).user?.id).toBe(user.id);
    const stored = deps.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.id))
      .get();
    expect(await verifyPassword(stored?.hash ?? null, NEW_PASSWORD)).toBe(true);
    expect(await verifyPassword(stored?.hash ?? null, user.password)).toBe(false);
  });

  it('tells the owner by email, and the old password no longer signs in', async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    await callerFor(deps, user).caller.auth.changePassword({
      currentPassword: user.password,
      newPassword: NEW_PASSWORD,
    });
    expect(deps.mailer.sent.at(-1)).toMatchObject({
      to: user.email,
      subject: 'Your Codka password was changed',
    });
    const visitor = callerFor(deps, null).caller;
    await expectTrpcError(
      visitor.auth.signIn({ email: user.email, password: user.password }),
      'UNAUTHORIZED',
      'Invalid login credentials',
    );
    await expect(visitor.auth.signIn({ email: user.email, password: NEW_PASSWORD })).resolves.toMatchObject({
      user: { id: user.id },
    });
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    const elsewhere = newSessionToken(deps, user.id);
    const { caller } = callerFor(deps, user);
    await expectTrpcError(
      caller.auth.changePassword({ currentPassword: 'not my password', newPassword: NEW_PASSWORD }),
      'BAD_REQUEST',
      'Your current password is incorrect.',
    );
    expect((await callerForToken(deps, elsewhere).auth.session()).user?.id).toBe(user.id);
    const stored = deps.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.id))
      .get();
    expect(await verifyPassword(stored?.hash ?? null, user.password)).toBe(true);
  });

  it('limits wrong current passwords per account, with the wait in the message', async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    const { caller } = callerFor(deps, user);
    await deps.limits.failedPasswordCheckUser.penalty(user.id, 10);
    await expectTrpcError(
      caller.auth.changePassword({ currentPassword: user.password, newPassword: NEW_PASSWORD }),
      'TOO_MANY_REQUESTS',
      'Too many wrong passwords. Please wait 15 minutes and try again.',
    );
  });

  it.each([
    [{ currentPassword: '', newPassword: NEW_PASSWORD }, 'Please enter your current password'],
    [{ currentPassword: 'old secret', newPassword: '12345' }, 'Password must be at least 6 characters'],
    [
      { currentPassword: 'old secret', newPassword: 'x'.repeat(257) },
      'Password must be at most 256 characters',
    ],
    [
      { currentPassword: 'same secret', newPassword: 'same secret' },
      'The new password must be different from the current one',
    ],
  ])('rejects bad input %# with a clear message', async (input, message) => {
    const { caller } = await callerAs(createTestDeps(), 'user');
    await expectTrpcError(caller.auth.changePassword(input), 'BAD_REQUEST', message);
  });

  it('spends open reset links, so an old email cannot undo the change', async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    await requestPasswordReset(deps, user.email, '198.51.100.4');
    await callerFor(deps, user).caller.auth.changePassword({
      currentPassword: user.password,
      newPassword: NEW_PASSWORD,
    });
    const open = deps.db.select({ usedAt: passwordResets.usedAt }).from(passwordResets).all();
    expect(open).toHaveLength(1);
    expect(open[0]?.usedAt).toBeInstanceOf(Date);
  });
});
