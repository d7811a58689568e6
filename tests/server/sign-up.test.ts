import { profiles, users } from '@server/db/schema';
import { publicMessage } from '@server/trpc/errors';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectTrpcError } from '../helpers/admin';
import { callerFor, createTestDeps } from '../helpers/caller';
import { createUser, uniqueEmail } from '../helpers/factories';

/** Sign-up with an e-mail address: the account it makes, what it refuses, and its limit. */
describe('auth.signUp', () => {
  it('creates a citizen and mails a verification link, and starts no session', async () => {
    const deps = createTestDeps();
    const { caller, jar } = callerFor(deps, null);
    const email = uniqueEmail();
    const result = await caller.auth.signUp({
      fullName: '  Hodan Ali  ',
      email: email.toUpperCase(),
      password: 'sesame-41',
    });
    expect(result).toEqual({ success: true, verificationSent: true });
    expect(jar.token).toBeNull();
    const stored = deps.db.select().from(users).where(eq(users.email, email)).get();
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const profile = deps.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, String(stored?.id)))
      .get();
    expect(profile).toMatchObject({ fullName: 'Hodan Ali', role: null });
    expect(deps.mailer.sent).toHaveLength(1);
    expect(deps.mailer.sent[0]?.to).toBe(email);
    expect(deps.mailer.sent[0]?.text).toMatch(
      /http:\/\/localhost:3000\/verify-email\?token=[a-z2-9]{24}\.[a-z2-9]{24}/,
    );
    // The citizen signs in with the password they chose.
    const signedIn = await callerFor(deps, null).caller.auth.signIn({ email, password: 'sesame-41' });
    expect(signedIn).toMatchObject({ user: { email, fullName: 'Hodan Ali', emailVerified: false } });
  });

  it('defaults the name to "User" when none is given', async () => {
    const deps = createTestDeps();
    const email = uniqueEmail();
    await callerFor(deps, null).caller.auth.signUp({ email, password: 'sesame-41' });
    const user = deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
    expect(
      deps.db
        .select()
        .from(profiles)
        .where(eq(profiles.userId, String(user?.id)))
        .get()?.fullName,
    ).toBe('User');
  });

  it('lets exactly one of two simultaneous sign-ups with one email make an account, answering all alike', async () => {
    const deps = createTestDeps();
    const email = uniqueEmail();
    const answers = await Promise.all(
      [0, 1, 2, 3].map(() =>
        callerFor(deps, null).caller.auth.signUp({ fullName: 'Twin', email, password: 'sesame-41' }),
      ),
    );
    for (const answer of answers) expect(answer).toEqual({ success: true, verificationSent: true });
    expect(deps.db.select().from(users).where(eq(users.email, email)).all()).toHaveLength(1);
  });

  it.each([
    [{ fullName: 'A', email: uniqueEmail(), password: '12345' }, 'Password must be at least 6 characters'],
    [{ fullName: 'A', email: 'not-an-email', password: 'sesame-41' }, 'Please enter a valid email address'],
    [{ fullName: 'A', email: '', password: 'sesame-41' }, 'Email is required'],
    [{ fullName: 'A', email: uniqueEmail(), password: '' }, 'Password is required'],
    [
      { fullName: 'A', email: uniqueEmail(), password: 'x'.repeat(257) },
      'Password must be at most 256 characters',
    ],
    [
      { fullName: 'A'.repeat(101), email: uniqueEmail(), password: 'sesame-41' },
      'Full name must be at most 100 characters',
    ],
  ])('rejects bad input %# with the spec message and creates nothing', async (input, message) => {
    const deps = createTestDeps();
    const { caller } = callerFor(deps, null);
    const error = await caller.auth.signUp(input).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe('BAD_REQUEST');
    expect(publicMessage(error as TRPCError)).toBe(message);
    expect(deps.db.select().from(users).all()).toHaveLength(0);
  });

  it('rejects unknown fields', async () => {
    const { caller } = callerFor(createTestDeps(), null);
    await expectTrpcError(
      caller.auth.signUp({ email: uniqueEmail(), password: 'sesame-41', role: 'System Admin' } as never),
      'BAD_REQUEST',
    );
  });

  it('limits sign-ups per address, whether or not the address has an account', async () => {
    const deps = createTestDeps();
    const { caller } = callerFor(deps, null, '198.51.100.1');
    const existing = await createUser(deps.db);
    for (let i = 0; i < 60; i++) {
      await caller.auth.signUp({ email: existing.email, password: 'sesame-41' });
    }
    await expectTrpcError(
      caller.auth.signUp({ email: uniqueEmail(), password: 'sesame-41' }),
      'TOO_MANY_REQUESTS',
      /Too many accounts were created from this network\. Please wait \d+ minutes? and try again\./,
    );
    const other = callerFor(deps, null, '198.51.100.2').caller;
    await expect(other.auth.signUp({ email: uniqueEmail(), password: 'sesame-41' })).resolves.toEqual({
      success: true,
      verificationSent: true,
    });
    // The owner heard of the first few tries, not of sixty.
    expect(deps.mailer.sent.filter((mail) => mail.to === existing.email)).toHaveLength(3);
  });
});
