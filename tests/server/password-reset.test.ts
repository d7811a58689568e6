import { passwordResets, users } from '@server/db/schema';
import { englishMessage } from '@server/errors/texts';
import { PASSWORD_RESET_LIFETIME_MS, resetPassword } from '@server/services/password-reset';
import { PASSWORD_RESET_REQUESTED } from '@shared/schemas/account';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerForToken, expectTrpcError, newSessionToken } from '../helpers/admin';
import { callerFor, createTestDeps, type TestDeps } from '../helpers/caller';
import { createUser, uniqueEmail } from '../helpers/factories';
import { createVoters } from '../helpers/poll-factories';

const INVALID_LINK = 'This password reset link is invalid or has expired. Please ask for a new one.';
const NEW_PASSWORD = 'chosen after reset';
// The product's sentence, in English (the client says it from the key in the reader's language).
const ANSWER = { success: true, message: englishMessage(PASSWORD_RESET_REQUESTED) };

/** Asks for a reset as a visitor and returns the token from the emailed link. */
async function requestLink(deps: TestDeps, email: string, ip = '198.51.100.20'): Promise<string> {
  await callerFor(deps, null, ip).caller.auth.requestPasswordReset({ email });
  const text = deps.mailer.sent.at(-1)?.text ?? '';
  const token = /\/reset-password\?token=([a-z2-9]{24}\.[a-z2-9]{24})/.exec(text)?.[1];
  if (!token) throw new Error(`no reset link in: ${text}`);
  return token;
}

describe('auth.requestPasswordReset', () => {
  it('mails a single-use link to an account, storing only a hash of its secret', async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    const answer = await callerFor(deps, null).caller.auth.requestPasswordReset({
      email: ` ${user.email.toUpperCase()} `,
    });
    expect(answer).toEqual(ANSWER);
    expect(deps.mailer.sent).toHaveLength(1);
    const mail = deps.mailer.sent[0];
    expect(mail).toMatchObject({ to: user.email, subject: 'Reset your Codka password' });
    expect(mail?.text).toContain('within 1 hour');
    const token = /token=([a-z2-9.]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const [id, secret] = token.split('.');
    const row = deps.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.id, id ?? ''))
      .get();
    expect(row?.userId).toBe(user.id);
    expect(row?.secretHash.toString('utf8')).not.toContain(secret);
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(
      PASSWORD_RESET_LIFETIME_MS,
    );
  });

  it('answers the same for an unknown email, a deactivated account and a passwordless voter, and mails none', async () => {
    const deps = createTestDeps();
    const deactivated = await createUser(deps.db, { isActive: false });
    const [voterId] = createVoters(deps.db, 1);
    const voter = deps.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, voterId ?? ''))
      .get();
    const { caller } = callerFor(deps, null);
    for (const email of [uniqueEmail('nobody'), deactivated.email, voter?.email ?? '']) {
      expect(await caller.auth.requestPasswordReset({ email })).toEqual(ANSWER);
    }
    expect(deps.mailer.sent).toHaveLength(0);
    expect(deps.db.select().from(passwordResets).all()).toHaveLength(0);
  });

  it('limits requests per email (whether or not it has an account), with the wait in the message', async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    for (const email of [user.email, uniqueEmail('nobody')]) {
      for (let i = 0; i < 5; i++) {
        const ip = `198.51.100.${i + 1}`;
        await callerFor(deps, null, ip).caller.auth.requestPasswordReset({ email });
      }
      await expectTrpcError(
        callerFor(deps, null, '198.51.100.99').caller.auth.requestPasswordReset({ email }),
        'TOO_MANY_REQUESTS',
        'Too many password reset requests. Please wait 60 minutes and try again.',
      );
    }
    expect(deps.mailer.sent).toHaveLength(5);
  });

  it('limits requests per address without stopping other addresses', async () => {
    const deps = createTestDeps();
    const { caller } = callerFor(deps, null, '203.0.113.50');
    for (let i = 0; i < 30; i++) await caller.auth.requestPasswordReset({ email: uniqueEmail() });
    await expectTrpcError(
      caller.auth.requestPasswordReset({ email: uniqueEmail() }),
      'TOO_MANY_REQUESTS',
      'Too many password reset requests. Please wait 60 minutes and try again.',
    );
    const neighbour = callerFor(deps, null, '203.0.113.51').caller;
    await expect(neighbour.auth.requestPasswordReset({ email: uniqueEmail() })).resolves.toEqual(ANSWER);
  });

  it('rejects a malformed email with the form message', async () => {
    const { caller } = callerFor(createTestDeps(), null);
    await expectTrpcError(
      caller.auth.requestPasswordReset({ email: 'not-an-email' }),
      'BAD_REQUEST',
      'Please enter a valid email address',
    );
  });
});

describe('auth.resetPassword', () => {
  it('sets the new password, ends every session of the account and verifies the email', async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db, { verified: false });
    const session = newSessionToken(deps, user.id);
    const token = await requestLink(deps, user.email);
    const { caller } = callerFor(deps, null);

    expect(await caller.auth.resetPassword({ token, newPassword: NEW_PASSWORD })).toEqual({ success: true });

    expect((await callerForToken(deps, session).auth.session()).user).toBeNull();
    await expectTrpcError(caller.auth.signIn({ email: user.email, password: user.password }), 'UNAUTHORIZED');
    const signedIn = await caller.auth.signIn({ email: user.email, password: NEW_PASSWORD });
    expect(signedIn).toMatchObject({ user: { id: user.id, emailVerified: true } });
  });

  it('works once: a reused link is refused, and so are the other links of the account', async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    const first = await requestLink(deps, user.email);
    const second = await requestLink(deps, user.email);
    const { caller } = callerFor(deps, null);
    await caller.auth.resetPassword({ token: first, newPassword: NEW_PASSWORD });
    for (const token of [first, second]) {
      await expectTrpcError(
        caller.auth.resetPassword({ token, newPassword: 'someone else' }),
        'BAD_REQUEST',
        INVALID_LINK,
      );
    }
  });

  it('lets only one of two simultaneous uses of a link through', async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    const token = await requestLink(deps, user.email);
    const attempts = await Promise.allSettled(
      ['first choice', 'second choice'].map((newPassword) =>
        callerFor(deps, null).caller.auth.resetPassword({ token, newPassword }),
      ),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
  });

  it('refuses an expired link', async () => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    const token = await requestLink(deps, user.email);
    const later = new Date(Date.now() + PASSWORD_RESET_LIFETIME_MS + 1000);
    await expectTrpcError(
      resetPassword(deps, { token, newPassword: NEW_PASSWORD }, later),
      'BAD_REQUEST',
      INVALID_LINK,
    );
    expect(await resetPassword(deps, { token, newPassword: NEW_PASSWORD })).toEqual({ success: true });
  });

  it.each([
    ['a tampered secret', (token: string) => `${token.split('.')[0]}.${'a'.repeat(24)}`],
    ['an unknown id', (token: string) => `${'b'.repeat(24)}.${token.split('.')[1]}`],
    ['garbage', () => 'garbage'],
  ])('refuses %s', async (_label, alter) => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    const token = await requestLink(deps, user.email);
    const { caller } = callerFor(deps, null);
    await expectTrpcError(
      caller.auth.resetPassword({ token: alter(token), newPassword: NEW_PASSWORD }),
      'BAD_REQUEST',
      INVALID_LINK,
    );
  });

  it.each([
    [{ token: '', newPassword: NEW_PASSWORD }, INVALID_LINK],
    [{ token: 'x'.repeat(201), newPassword: NEW_PASSWORD }, INVALID_LINK],
    [{ token: 'abc.def', newPassword: '12345' }, 'Password must be at least 6 characters'],
  ])('rejects bad input %# with a clear message', async (input, message) => {
    const { caller } = callerFor(createTestDeps(), null);
    await expectTrpcError(caller.auth.resetPassword(input), 'BAD_REQUEST', message);
  });
});
