import { verifyPassword } from '@server/auth/passwords';
import { createSession } from '@server/auth/sessions';
import { phoneCodes, users } from '@server/db/schema';
import { NUMBER_HAS_ACCOUNT_TEXT } from '@server/services/phone-codes';
import { dailySmsSent } from '@server/services/sms/daily-count';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { createUser } from '../../helpers/factories';
import { codeSentTo, createPhoneUser, uniquePhone } from '../../helpers/phone';
import { askInOneBatch, askOverHttp, tally } from '../../helpers/sms-http';

/**
 * The phone-code procedures pressed 50 times at once over HTTP, and sent 50 times in one tRPC batch: every limit
 * holds, no SMS is sent twice for one allowance, and a code works once however many requests carry it.
 */
const TIMES = 50;
const addressOf = (index: number) => `198.19.${(index >> 8) & 255}.${index & 255}`;
const cookieOf = (db: TestApp['db'], userId: string) => `codka_session=${createSession(db, userId).token}`;

/** `TIMES` requests at once, the i-th built by `ask(i)`. */
const atOnce = <T>(ask: (index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: TIMES }, (_, index) => ask(index)));

describe('phone-code procedures pressed 50 times at once', () => {
  it('sign-up by phone: three SMS for one number (one code, two notices) and one account; thirty per address', async () => {
    const { app, db, sms } = await buildTestApp();
    const phone = uniquePhone();
    const sameNumber = await atOnce((index) =>
      askOverHttp(app, 'auth.signUp', { phone, password: 'a good secret 1' }, { ip: addressOf(index) }),
    );
    expect(tally(sameNumber)).toEqual({ ok: 3, 'limit.sms': 47 });
    expect(db.select().from(users).where(eq(users.phone, phone)).all()).toHaveLength(1);
    const texts = sms.sent.filter((message) => message.to === phone).map((message) => message.text);
    expect(texts.filter((text) => text === NUMBER_HAS_ACCOUNT_TEXT)).toHaveLength(2);
    expect(texts.filter((text) => /\b\d{6}\b/.test(text))).toHaveLength(1);

    const oneAddress = await atOnce(() =>
      askOverHttp(
        app,
        'auth.signUp',
        { phone: uniquePhone(), password: 'a good secret 1' },
        { ip: '100.64.1.1' },
      ),
    );
    expect(tally(oneAddress)).toEqual({ ok: 30, 'limit.sms': 20 });
    expect(sms.sent).toHaveLength(33);
    expect(dailySmsSent(db)).toBe(33);
    await app.close();
  });

  it('adding a number: three codes for one number, five numbers per account, and only the last code works', async () => {
    const { app, db, sms } = await buildTestApp();
    const citizen = await createUser(db);
    const cookie = cookieOf(db, citizen.id);
    const phone = uniquePhone();
    const oneNumber = await atOnce((index) =>
      askOverHttp(app, 'auth.requestPhoneCode', { phone }, { cookie, ip: addressOf(index) }),
    );
    expect(tally(oneNumber)).toEqual({ ok: 3, 'limit.sms': 47 });
    expect(sms.sent.map((message) => message.to)).toEqual([phone, phone, phone]);
    const codes = sms.sent.map((message) => message.text.match(/\b(\d{6})\b/)?.[1] ?? '');
    const earlier = codes.slice(0, 2).filter((code) => code !== codes[2]);
    for (const code of earlier) {
      // Checked against the last code, which it is not: a wrong try, not a second live code.
      const answer = await askOverHttp(app, 'auth.confirmPhone', { code }, { cookie });
      expect(tally([answer])).toEqual({ 'phone.codeWrong': 1 });
    }
    expect(tally([await askOverHttp(app, 'auth.confirmPhone', { code: codes[2] }, { cookie })])).toEqual({
      ok: 1,
    });

    const other = await createUser(db);
    const otherCookie = cookieOf(db, other.id);
    const manyNumbers = await atOnce((index) =>
      askOverHttp(
        app,
        'auth.requestPhoneCode',
        { phone: uniquePhone() },
        { cookie: otherCookie, ip: addressOf(100 + index) },
      ),
    );
    expect(tally(manyNumbers)).toEqual({ ok: 5, 'limit.sms': 45 });
    expect(sms.sent).toHaveLength(8);
    await app.close();
  });

  it('confirmPhone: one code carried by 50 requests (and by two sessions at once) confirms once', async () => {
    const { app, db, sms } = await buildTestApp();
    const citizen = await createUser(db);
    const cookie = cookieOf(db, citizen.id);
    const phone = uniquePhone();
    await askOverHttp(app, 'auth.requestPhoneCode', { phone }, { cookie });
    const code = codeSentTo(sms.sent, phone);
    const answers = await atOnce(() => askOverHttp(app, 'auth.confirmPhone', { code }, { cookie }));
    expect(tally(answers)).toEqual({ ok: 1, 'phone.codeExpired': 49 });
    expect(db.select().from(users).where(eq(users.id, citizen.id)).get()?.phone).toBe(phone);

    // Two sessions of one account, each with the code, at the same moment: exactly one succeeds.
    const second = await createUser(db);
    const secondPhone = uniquePhone();
    const [laptop, phoneBrowser] = [cookieOf(db, second.id), cookieOf(db, second.id)];
    await askOverHttp(app, 'auth.requestPhoneCode', { phone: secondPhone }, { cookie: laptop });
    const secondCode = codeSentTo(sms.sent, secondPhone);
    const pair = await Promise.all([
      askOverHttp(app, 'auth.confirmPhone', { code: secondCode }, { cookie: laptop }),
      askOverHttp(app, 'auth.confirmPhone', { code: secondCode }, { cookie: phoneBrowser, ip: '100.64.2.2' }),
    ]);
    expect(tally(pair)).toEqual({ ok: 1, 'phone.codeExpired': 1 });
    await app.close();
  });

  it('confirmPhone: 50 wrong codes at once spend the code’s five tries and no more, and the right one is dead after', async () => {
    const { app, db, sms } = await buildTestApp();
    const citizen = await createUser(db);
    const cookie = cookieOf(db, citizen.id);
    const phone = uniquePhone();
    await askOverHttp(app, 'auth.requestPhoneCode', { phone }, { cookie });
    const code = codeSentTo(sms.sent, phone);
    const wrong = (index: number) => String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0');
    const answers = await atOnce((index) =>
      askOverHttp(app, 'auth.confirmPhone', { code: wrong(index) }, { cookie }),
    );
    expect(tally(answers)).toEqual({ 'phone.codeWrong': 4, 'phone.tooManyTries': 46 });
    expect(db.select().from(phoneCodes).where(eq(phoneCodes.userId, citizen.id)).get()?.wrongTries).toBe(5);
    expect(tally([await askOverHttp(app, 'auth.confirmPhone', { code }, { cookie })])).toEqual({
      'phone.tooManyTries': 1,
    });
    await app.close();
  });

  it('password reset by phone: three codes for one number, and one code sets one password', async () => {
    const { app, db, sms } = await buildTestApp();
    const account = await createPhoneUser(db);
    const requests = await atOnce((index) =>
      askOverHttp(app, 'auth.requestPasswordReset', { phone: account.phone }, { ip: addressOf(index) }),
    );
    // Five requests an hour per number pass the reset limit; three of them the SMS limit per number.
    expect(tally(requests)).toEqual({ ok: 3, 'limit.sms': 2, 'limit.passwordReset': 45 });
    expect(sms.sent).toHaveLength(3);
    const code = codeSentTo(sms.sent, account.phone);

    const passwordOf = (index: number) => `a new secret number ${index}`;
    const resets = await atOnce((index) =>
      askOverHttp(
        app,
        'auth.resetPasswordWithCode',
        { phone: account.phone, code, newPassword: passwordOf(index) },
        { ip: addressOf(200 + index) },
      ),
    );
    const outcomes = tally(resets);
    expect(outcomes.ok).toBe(1);
    // Five tries a number in ten minutes pass the limit (before the hash); the rest are refused at once, and
    // of the five only the first to spend the code sets a password.
    expect(outcomes['limit.wrongSmsCodes']).toBeGreaterThanOrEqual(TIMES - 5);
    expect(
      Object.keys(outcomes).filter(
        (key) => !['ok', 'limit.wrongSmsCodes', 'phone.codeInvalid'].includes(key),
      ),
    ).toEqual([]);
    const winner = resets.findIndex((answer) => answer.statusCode === 200);
    const { passwordHash } = db.select().from(users).where(eq(users.id, account.id)).get() ?? {};
    expect(await verifyPassword(passwordHash ?? null, passwordOf(winner))).toBe(true);
    expect(sms.sent).toHaveLength(3);
    await app.close();
  });
});

describe('phone-code procedures sent 50 times in one tRPC batch', () => {
  it('refuses the whole batch for every procedure, sends nothing and spends no code', async () => {
    const { app, db, sms } = await buildTestApp();
    const citizen = await createUser(db);
    const cookie = cookieOf(db, citizen.id);
    const phone = uniquePhone();
    await askOverHttp(app, 'auth.requestPhoneCode', { phone }, { cookie });
    const code = codeSentTo(sms.sent, phone);
    const resetAccount = await createPhoneUser(db);
    const batches = {
      'auth.signUp': (index: number) => ({ phone: uniquePhone(), password: `a good secret ${index}` }),
      'auth.requestPhoneCode': () => ({ phone: uniquePhone() }),
      'auth.confirmPhone': () => ({ code }),
      'auth.requestPasswordReset': () => ({ phone: resetAccount.phone }),
      'auth.resetPasswordWithCode': (index: number) => ({
        phone: resetAccount.phone,
        code,
        newPassword: `a new secret number ${index}`,
      }),
    };
    for (const [path, input] of Object.entries(batches)) {
      const calls = Array.from({ length: TIMES }, (_, index) => ({ path, input: input(index) }));
      const answer = await askInOneBatch(app, calls, { cookie });
      expect(answer.statusCode, path).toBe(400);
      expect(tally([answer]), path).toEqual({ 'batch.aloneOnly': 1 });
    }
    // One phone-code call hidden among harmless reads is refused too.
    const mixed = await askInOneBatch(
      app,
      [
        { path: 'auth.session', input: undefined },
        { path: 'auth.requestPhoneCode', input: { phone: uniquePhone() } },
      ],
      { cookie },
    );
    expect(tally([mixed])).toEqual({ 'batch.aloneOnly': 1 });
    expect(sms.sent).toHaveLength(1);
    expect(dailySmsSent(db)).toBe(1);
    // The code the batch carried is still good, alone.
    expect(tally([await askOverHttp(app, 'auth.confirmPhone', { code }, { cookie })])).toEqual({ ok: 1 });
    await app.close();
  });
});
