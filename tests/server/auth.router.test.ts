import { profiles, sessions, users } from '@server/db/schema';
import { testEnv } from '@server/env';
import { publicMessage } from '@server/trpc/errors';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerAs, callerFor, createTestDeps } from '../helpers/caller';
import { createTestDb } from '../helpers/db';
import { createUser, TEST_PASSWORD, uniqueEmail } from '../helpers/factories';

async function expectTrpcError(
  promise: Promise<unknown>,
  code: TRPCError['code'],
  message?: string | RegExp,
) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, 'expected the call to fail').toBeInstanceOf(TRPCError);
  const trpcError = error as TRPCError;
  expect(trpcError.code).toBe(code);
  if (typeof message === 'string') expect(trpcError.message).toBe(message);
  else if (message) expect(trpcError.message).toMatch(message);
}

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

describe('auth.signUp tells no one which addresses have an account (the attack: listing accounts)', () => {
  it('answers an existing address exactly as a new one, sets no cookie, changes nothing and mails the owner', async () => {
    const deps = createTestDeps();
    const owner = await createUser(deps.db);
    const before = deps.db.select().from(users).where(eq(users.id, owner.id)).get();

    const fresh = callerFor(deps, null);
    const newAnswer = await fresh.caller.auth.signUp({
      fullName: 'New',
      email: uniqueEmail(),
      password: 'sesame-41',
    });
    const probe = callerFor(deps, null);
    const probeAnswer = await probe.caller.auth
      .signUp({ fullName: 'Probe', email: owner.email.toUpperCase(), password: 'sesame-41' })
      .catch((error: unknown) => ({ refused: String(error) }));

    expect(probeAnswer).toEqual(newAnswer);
    expect(probe.jar.token).toBe(fresh.jar.token);
    expect(deps.db.select().from(users).where(eq(users.id, owner.id)).get()).toEqual(before);
    expect(deps.db.select().from(sessions).where(eq(sessions.userId, owner.id)).all()).toHaveLength(0);
    const notice = deps.mailer.sent.find((mail) => mail.to === owner.email);
    expect(notice?.subject).toBe('Someone tried to create a Codka account with your email');
    expect(notice?.text).toContain('If it was not you, you can ignore this message.');
    expect(notice?.text).toContain('http://localhost:3000/forgot-password');
    expect(notice?.text).not.toContain('verify-email');
  });

  it('takes about as long for an existing address as for a new one (the password is hashed either way)', async () => {
    const deps = createTestDeps();
    const owner = await createUser(deps.db);
    const time = async (email: string) => {
      const started = performance.now();
      await callerFor(deps, null)
        .caller.auth.signUp({ email, password: 'sesame-41' })
        .catch(() => undefined);
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const existing: number[] = [];
    const fresh: number[] = [];
    for (let i = 0; i < 5; i++) {
      existing.push(await time(owner.email));
      fresh.push(await time(uniqueEmail()));
    }
    expect(median(existing)).toBeGreaterThan(median(fresh) * 0.5);
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

describe('auth.bootstrapAdmin', () => {
  it('creates the first System Admin, then answers ADMIN_EXISTS', async () => {
    const deps = createTestDeps();
    const { caller } = callerFor(deps, null);
    const email = uniqueEmail('first-admin');
    expect(
      await caller.auth.bootstrapAdmin({ email, password: 'sesame-41', fullName: 'First Admin' }),
    ).toEqual({
      success: true,
      code: 'ADMIN_CREATED',
    });
    const profile = deps.db
      .select({ role: profiles.role })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(eq(users.email, email))
      .get();
    expect(profile?.role).toBe('System Admin');
    expect(
      await caller.auth.bootstrapAdmin({ email: uniqueEmail(), password: 'sesame-41', fullName: 'Second' }),
    ).toEqual({
      success: false,
      code: 'ADMIN_EXISTS',
    });
  });

  it('promotes an existing account only with its own password', async () => {
    const deps = createTestDeps();
    const citizen = await createUser(deps.db);
    const { caller } = callerFor(deps, null);
    expect(
      await caller.auth.bootstrapAdmin({ email: citizen.email, password: 'not-theirs', fullName: 'X' }),
    ).toEqual({
      success: false,
      code: 'INVALID_CREDENTIALS',
    });
    expect(
      await caller.auth.bootstrapAdmin({ email: citizen.email, password: citizen.password, fullName: 'X' }),
    ).toEqual({
      success: true,
      code: 'ADMIN_CREATED',
    });
    const { user } = await callerFor(deps, citizen).caller.auth.session();
    expect(user?.isAdmin).toBe(true);
  });

  it('makes exactly one admin when several race', async () => {
    const deps = createTestDeps();
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        callerFor(deps, null, `192.0.2.${n}`).caller.auth.bootstrapAdmin({
          email: uniqueEmail(),
          password: 'sesame-41',
          fullName: 'Racer',
        }),
      ),
    );
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(deps.db.select().from(profiles).where(eq(profiles.role, 'System Admin')).all()).toHaveLength(1);
  });

  it('validates its input', async () => {
    const { caller } = callerFor(createTestDeps(), null);
    await expectTrpcError(
      caller.auth.bootstrapAdmin({ email: 'nope', password: 'sesame-41', fullName: 'X' }),
      'BAD_REQUEST',
    );
    await expectTrpcError(
      caller.auth.bootstrapAdmin({ email: uniqueEmail(), password: '123', fullName: 'X' }),
      'BAD_REQUEST',
    );
  });
});
