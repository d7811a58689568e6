import { phoneCodes, users } from '@server/db/schema';
import { confirmPhone } from '@server/services/phone-accounts';
import { PHONE_CODE_LIFETIME_MS } from '@server/services/phone-codes';
import { describe, expect, it } from 'vitest';
import { callerFor, createTestDeps } from '../helpers/caller';
import { codeSentTo, createPhoneUser, nationalForm, uniquePhone } from '../helpers/phone';
import { accountOf, sessionOf, signedInByPhone, signUpByPhone } from '../helpers/phone-accounts';

/** An account on a phone number: sign-up, the code that confirms the number, and sign-in with it. */
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
