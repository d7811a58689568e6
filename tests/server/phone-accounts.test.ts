import { phoneCodes, pollVotes, sessions, users } from '@server/db/schema';
import { confirmPhone } from '@server/services/phone-accounts';
import { PHONE_CODE_LIFETIME_MS } from '@server/services/phone-codes';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, sameOrigin, sessionCookieFrom, trpcBody } from '../helpers/app';
import { callerFor, createTestDeps, type TestDeps } from '../helpers/caller';
import { createUser } from '../helpers/factories';
import { codeSentTo, createPhoneUser, nationalForm, uniquePhone } from '../helpers/phone';
import { createPoll } from '../helpers/poll-factories';
import { importedEntry } from '../helpers/voter-roll-factories';

const PASSWORD = 'a good secret 1';

/** Signs up with a number as a visitor, then signs in with it: the citizen's path, as the screens will take it. */
async function signUpByPhone(deps: TestDeps, typed: string, ip = '203.0.113.7') {
  const visitor = callerFor(deps, null, ip);
  const answer = await visitor.caller.auth.signUp({
    fullName: 'Hodan Ali',
    phone: typed,
    password: PASSWORD,
  });
  return { answer, jar: visitor.jar };
}

/** What auth.session answers the account now, read afresh (a caller's own context keeps its first read). */
async function sessionOf(deps: TestDeps, userId: string) {
  const { caller } = callerFor(deps, { id: userId, email: '', password: '', fullName: '' });
  return (await caller.auth.session()).user;
}

function accountOf(deps: TestDeps, phone: string) {
  return deps.db.select().from(users).where(eq(users.phone, phone)).get();
}

/** A caller signed in as the account of `phone`, through auth.signIn with the number as typed. */
async function signedInByPhone(deps: TestDeps, typed: string, password = PASSWORD) {
  const visitor = callerFor(deps, null);
  await visitor.caller.auth.signIn({ phone: typed, password });
  const account = deps.db.select().from(sessions).all().at(-1);
  const user = deps.db
    .select()
    .from(users)
    .where(eq(users.id, account?.userId ?? ''))
    .get();
  if (!user) throw new Error('no account signed in');
  return callerFor(deps, { id: user.id, email: user.email ?? '', password, fullName: 'Hodan Ali' }).caller;
}

describe('sign-up, confirmation and sign-in with a phone number', () => {
  it('makes an account on the number in E.164, sends a code by SMS, signs nobody in, and confirms with the code', async () => {
    const deps = createTestDeps();
    const phone = uniquePhone();
    const { answer, jar } = await signUpByPhone(deps, nationalForm(phone));
    expect(answer).toEqual({ success: true, verificationSent: true });
    expect(jar.token).toBeNull();
    const account = accountOf(deps, phone);
    expect(account).toMatchObject({ email: null, phone, phoneConfirmedAt: null });
    expect(deps.sms.sent).toHaveLength(1);
    expect(deps.sms.sent[0]?.to).toBe(phone);
    expect(deps.sms.sent[0]?.text.length).toBeLessThanOrEqual(160);
    // Only a keyed hash of the code is kept.
    const code = codeSentTo(deps.sms.sent, phone);
    const stored = deps.db.select().from(phoneCodes).all();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.codeHash).not.toContain(code);

    // "615…" without the 0, and the E.164 form, are the same account.
    const caller = await signedInByPhone(deps, phone.slice(4));
    expect((await caller.auth.session()).user).toMatchObject({ email: null, phone, phoneConfirmed: false });
    expect(await caller.auth.confirmPhone({ code: `${code.slice(0, 3)} ${code.slice(3)}` })).toEqual({
      success: true,
      phone,
    });
    expect(await sessionOf(deps, account?.id ?? '')).toMatchObject({ phone, phoneConfirmed: true });
    // Single use.
    await expect(caller.auth.confirmPhone({ code })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This code has expired or was already used. Ask for a new code.',
    });
  });

  it('answers a number that has an account exactly as a new one: no account, no session, a notice instead of a code', async () => {
    const deps = createTestDeps();
    const owner = await createPhoneUser(deps.db);
    const before = deps.db.select().from(users).all().length;
    const { answer, jar } = await signUpByPhone(deps, owner.phone);
    expect(answer).toEqual({ success: true, verificationSent: true });
    expect(jar.token).toBeNull();
    expect(deps.db.select().from(users).all()).toHaveLength(before);
    expect(deps.sms.sent).toHaveLength(1);
    expect(deps.sms.sent[0]?.to).toBe(owner.phone);
    expect(deps.sms.sent[0]?.text).toContain('This number has an account');
    expect(deps.sms.sent[0]?.text).not.toMatch(/\d{6}/);
  });

  it('signs in with the number and password, and answers one sentence for a wrong password and an unknown number', async () => {
    const deps = createTestDeps();
    const owner = await createPhoneUser(deps.db);
    const visitor = callerFor(deps, null);
    const { user } = (await visitor.caller.auth.signIn({
      phone: nationalForm(owner.phone),
      password: owner.password,
    })) as {
      user: { id: string };
    };
    expect(user.id).toBe(owner.id);
    expect(visitor.jar.token).not.toBeNull();
    const refusal = { code: 'UNAUTHORIZED', message: 'Invalid phone number or password' };
    await expect(
      visitor.caller.auth.signIn({ phone: owner.phone, password: 'not it at all' }),
    ).rejects.toMatchObject(refusal);
    await expect(
      visitor.caller.auth.signIn({ phone: uniquePhone(), password: owner.password }),
    ).rejects.toMatchObject(refusal);
  });

  it('refuses a wrong code, then every code after five wrong tries, and an expired one', async () => {
    const deps = createTestDeps();
    const phone = uniquePhone();
    await signUpByPhone(deps, phone);
    const code = codeSentTo(deps.sms.sent, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const caller = await signedInByPhone(deps, phone);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await expect(caller.auth.confirmPhone({ code: wrong })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: 'This is not the code we sent. Check it and try again.',
      });
    }
    await expect(caller.auth.confirmPhone({ code: wrong })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many wrong codes. Ask for a new code.',
    });
    // The right code no longer works: the fifth wrong try ended it.
    await expect(caller.auth.confirmPhone({ code })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(accountOf(deps, phone)?.phoneConfirmedAt).toBeNull();

    // A new code, typed after its 10 minutes.
    await caller.auth.requestPhoneCode({ phone });
    const fresh = codeSentTo(deps.sms.sent, phone);
    const account = accountOf(deps, phone);
    const later = new Date(Date.now() + PHONE_CODE_LIFETIME_MS + 1000);
    expect(() => confirmPhone(deps.db, account?.id ?? '', fresh, later)).toThrow(
      'This code has expired or was already used. Ask for a new code.',
    );
    expect(accountOf(deps, phone)?.phoneConfirmedAt).toBeNull();
  });
});

describe('adding or changing the number of an account', () => {
  it('writes a number on the account only when its code comes back', async () => {
    const deps = createTestDeps();
    const citizen = await createUser(deps.db);
    const { caller } = callerFor(deps, citizen);
    const phone = uniquePhone();
    expect(await caller.auth.requestPhoneCode({ phone: nationalForm(phone) })).toEqual({
      sent: true,
      alreadyConfirmed: false,
    });
    expect((await caller.auth.session()).user).toMatchObject({ phone: null, phoneConfirmed: false });
    await caller.auth.confirmPhone({ code: codeSentTo(deps.sms.sent, phone) });
    expect(await sessionOf(deps, citizen.id)).toMatchObject({
      email: citizen.email,
      phone,
      phoneConfirmed: true,
    });
    // A session read after the confirmation knows the number is the account's.
    expect(await callerFor(deps, citizen).caller.auth.requestPhoneCode({ phone })).toEqual({
      sent: false,
      alreadyConfirmed: true,
    });

    // A change needs the new number's code; the old number stays until then.
    const next = uniquePhone();
    await caller.auth.requestPhoneCode({ phone: next });
    expect((await sessionOf(deps, citizen.id))?.phone).toBe(phone);
    await caller.auth.confirmPhone({ code: codeSentTo(deps.sms.sent, next) });
    expect(await sessionOf(deps, citizen.id)).toMatchObject({ phone: next, phoneConfirmed: true });
  });

  it('refuses a number another account confirmed, without an SMS, counted as a code would be', async () => {
    const deps = createTestDeps();
    const owner = await createPhoneUser(deps.db);
    const { caller } = callerFor(deps, await createUser(deps.db));
    await expect(caller.auth.requestPhoneCode({ phone: owner.phone })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This phone number already belongs to another account.',
    });
    expect(deps.sms.sent).toEqual([]);
    // Asking is counted as a code would be, so an account cannot list the numbers that have accounts.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const other = await createPhoneUser(deps.db);
      await expect(caller.auth.requestPhoneCode({ phone: other.phone })).rejects.toMatchObject({
        code: 'CONFLICT',
      });
    }
    await expect(caller.auth.requestPhoneCode({ phone: uniquePhone() })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
  });

  it('takes a number from an account that only typed it, once the code proves who holds it', async () => {
    const deps = createTestDeps();
    const squatter = await createPhoneUser(deps.db, { confirmed: false });
    const holder = await createUser(deps.db);
    const { caller } = callerFor(deps, holder);
    await caller.auth.requestPhoneCode({ phone: squatter.phone });
    await caller.auth.confirmPhone({ code: codeSentTo(deps.sms.sent, squatter.phone) });
    expect(accountOf(deps, squatter.phone)?.id).toBe(holder.id);
    expect(deps.db.select().from(users).where(eq(users.id, squatter.id)).get()?.phone).toBeNull();
  });
});

describe('password reset by SMS', () => {
  it('answers alike for a number with and without an account, and sends a code only to the account', async () => {
    const deps = createTestDeps();
    const owner = await createPhoneUser(deps.db);
    const { caller } = callerFor(deps, null);
    const known = await caller.auth.requestPasswordReset({ phone: nationalForm(owner.phone) });
    const unknown = await caller.auth.requestPasswordReset({ phone: uniquePhone() });
    expect(known).toEqual(unknown);
    expect(known.message).toContain('If an account has that phone number');
    expect(deps.sms.sent.map((message) => message.to)).toEqual([owner.phone]);
  });

  it('sets the new password with the code, ends every session, confirms the number, and works once', async () => {
    const deps = createTestDeps();
    const owner = await createPhoneUser(deps.db, { confirmed: false });
    callerFor(deps, { ...owner, email: '' });
    const { caller } = callerFor(deps, null);
    await caller.auth.requestPasswordReset({ phone: owner.phone });
    const code = codeSentTo(deps.sms.sent, owner.phone);
    const newPassword = 'another good secret';
    expect(await caller.auth.resetPasswordWithCode({ phone: owner.phone, code, newPassword })).toEqual({
      success: true,
    });
    expect(deps.db.select().from(sessions).where(eq(sessions.userId, owner.id)).all()).toEqual([]);
    expect(accountOf(deps, owner.phone)?.phoneConfirmedAt).toBeInstanceOf(Date);
    await expect(caller.auth.signIn({ phone: owner.phone, password: owner.password })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(caller.auth.signIn({ phone: owner.phone, password: newPassword })).resolves.toHaveProperty(
      'user',
    );
    const invalid = {
      code: 'BAD_REQUEST',
      message: 'This code is wrong, has expired or was already used. Check it, or ask for a new code.',
    };
    await expect(
      caller.auth.resetPasswordWithCode({ phone: owner.phone, code, newPassword: 'a third secret' }),
    ).rejects.toMatchObject(invalid);
  });

  it('answers one sentence for a wrong code and an unknown number, and stops guessing a number after five', async () => {
    const deps = createTestDeps();
    const owner = await createPhoneUser(deps.db);
    const { caller } = callerFor(deps, null);
    await caller.auth.requestPasswordReset({ phone: owner.phone });
    const code = codeSentTo(deps.sms.sent, owner.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const invalid = 'This code is wrong, has expired or was already used. Check it, or ask for a new code.';
    const stranger = uniquePhone();
    await expect(
      caller.auth.resetPasswordWithCode({ phone: stranger, code, newPassword: 'whatever it is' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: invalid });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await expect(
        caller.auth.resetPasswordWithCode({ phone: owner.phone, code: wrong, newPassword: 'whatever it is' }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: invalid });
    }
    await expect(
      caller.auth.resetPasswordWithCode({ phone: owner.phone, code, newPassword: 'whatever it is' }),
    ).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});

describe('a confirmed phone number is a verified contact', () => {
  it('lets a phone account vote in a verified-contact poll once its number is confirmed, and says which contact to confirm', async () => {
    const deps = createTestDeps();
    const ballot = createPoll(deps.db, { eligibility: 'verifiedContact' });
    const vote = (caller: ReturnType<typeof callerFor>['caller']) =>
      caller.polls.vote({ pollId: ballot.poll.id, candidateId: ballot.candidates[0]?.id ?? '' });
    const waiting = await createPhoneUser(deps.db, { confirmed: false });
    await expect(vote(callerFor(deps, { ...waiting, email: '' }).caller)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message:
        'Please confirm your phone number with the code we sent you by SMS before voting in this poll.',
    });
    // An account with both, neither confirmed, is offered either.
    const both = await createUser(deps.db, { verified: false });
    deps.db.update(users).set({ phone: uniquePhone() }).where(eq(users.id, both.id)).run();
    await expect(vote(callerFor(deps, both).caller)).rejects.toMatchObject({
      message: 'Please confirm your e-mail address or your phone number before voting in this poll.',
    });
    expect(deps.db.select().from(pollVotes).all()).toEqual([]);
    const confirmed = await createPhoneUser(deps.db);
    await expect(vote(callerFor(deps, { ...confirmed, email: '' }).caller)).resolves.toHaveProperty('voteId');
  });
});

describe('a confirmed phone number lets a citizen claim a voter card', () => {
  it('refuses the claim while the number waits for its code, and links the card once it is confirmed', async () => {
    const deps = createTestDeps();
    const entry = importedEntry(deps.db, { dateOfBirth: '1984-03-09', voterCardNumber: 'SO-5550-7777' });
    const waiting = await createPhoneUser(deps.db, { confirmed: false });
    const claim = () =>
      callerFor(deps, { ...waiting, email: '' }).caller.enrollment.claim({
        voterCardNumber: 'SO-5550-7777',
        dateOfBirth: '1984-03-09',
      });
    await expect(claim()).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message:
        'Confirm your e-mail address or your phone number before you claim a voter card: open the link we sent you, type the code we sent by SMS, or ask for a new one on your account page.',
    });
    deps.db.update(users).set({ phoneConfirmedAt: new Date() }).where(eq(users.id, waiting.id)).run();
    await expect(claim()).resolves.toEqual({ id: entry.id });
  });
});

describe('bad phone input, in English and Somali', () => {
  const cases: [string, unknown, string, string][] = [
    [
      'not a phone number',
      { phone: 'call me maybe', password: PASSWORD },
      'This is not a phone number. Write it as 061 5xx xxxx, or with its country code, such as +252 61 5xx xxxx.',
      'Kani ma aha lambar taleefan. U qor sidan 061 5xx xxxx, ama koodhka waddanka la socda, sida +252 61 5xx xxxx.',
    ],
    [
      'too short to be a number',
      { phone: '0611', password: PASSWORD },
      'This is not a phone number. Write it as 061 5xx xxxx, or with its country code, such as +252 61 5xx xxxx.',
      'Kani ma aha lambar taleefan. U qor sidan 061 5xx xxxx, ama koodhka waddanka la socda, sida +252 61 5xx xxxx.',
    ],
    [
      'a country not allowed',
      { phone: '+254 712 345678', password: PASSWORD },
      'Codka does not accept phone numbers from this country. Use a Somali number.',
      'Codka ma aqbalo lambarrada taleefannada waddankan. Isticmaal lambar Soomaaliyeed.',
    ],
    [
      'a fixed line, which cannot receive an SMS',
      { phone: '+252 1 234567', password: PASSWORD },
      'This number cannot receive text messages. Use a mobile number.',
      'Lambarkani ma heli karo fariimo qoraal ah. Isticmaal lambar moobiil.',
    ],
    [
      'both an e-mail address and a number',
      { email: 'both@test.codka.example', phone: '0615123456', password: PASSWORD },
      'Enter an e-mail address or a phone number, not both',
      'Geli cinwaan iimayl ama lambar taleefan, labadaba ha gelin',
    ],
  ];

  it.each(cases)(
    'auth.signUp refuses %s, sends no SMS and makes no account',
    async (_name, input, english, somali) => {
      const { app, db, sms } = await buildTestApp({ env: { RATE_LIMITS: 'off' } });
      try {
        const before = db.select().from(users).all().length;
        for (const [language, sentence] of [
          ['en', english],
          ['so', somali],
        ] as const) {
          const response = await app.inject({
            method: 'POST',
            url: '/trpc/auth.signUp',
            headers: { 'content-type': 'application/json', ...sameOrigin, 'accept-language': language },
            payload: trpcBody({ fullName: 'Hodan Ali', ...(input as object) }),
          });
          expect(response.statusCode).toBe(400);
          expect(response.json().error.json.message).toBe(sentence);
        }
        expect(sms.sent).toEqual([]);
        expect(db.select().from(users).all()).toHaveLength(before);
      } finally {
        await app.close();
      }
    },
  );

  it('answers a wrong code, a used one and too many tries in Somali too', async () => {
    const { app, sms } = await buildTestApp({ env: { RATE_LIMITS: 'off' } });
    try {
      const json = { 'content-type': 'application/json', ...sameOrigin, 'accept-language': 'so' };
      const phone = uniquePhone();
      await app.inject({
        method: 'POST',
        url: '/trpc/auth.signUp',
        headers: json,
        payload: trpcBody({ fullName: 'Hodan Ali', phone, password: PASSWORD }),
      });
      const signIn = await app.inject({
        method: 'POST',
        url: '/trpc/auth.signIn',
        headers: json,
        payload: trpcBody({ phone, password: PASSWORD }),
      });
      const cookie = sessionCookieFrom(signIn.headers['set-cookie']);
      const confirm = (code: string) =>
        app.inject({
          method: 'POST',
          url: '/trpc/auth.confirmPhone',
          headers: { ...json, cookie },
          payload: trpcBody({ code }),
        });
      const code = codeSentTo(sms.sent, phone);
      const wrong = code === '000000' ? '111111' : '000000';
      expect((await confirm(wrong)).json().error.json.message).toBe(
        'Kani ma aha koodhka aan kuu soo dirnay. Hubi oo mar kale isku day.',
      );
      expect((await confirm(code)).statusCode).toBe(200);
      const reused = await confirm(code);
      expect(reused.statusCode).toBe(400);
      expect(reused.json().error.json.message).toBe(
        'Koodhkani wuu dhacay ama horey ayaa loo isticmaalay. Codso koodh cusub.',
      );
      const malformed = await confirm('12345');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error.json.message).toBe(
        'Geli koodhka 6-da god ah ee aan kuugu soo dirnay SMS',
      );
    } finally {
      await app.close();
    }
  });
});
