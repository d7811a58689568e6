import { verifyPassword } from '@server/auth/passwords';
import { createSession } from '@server/auth/sessions';
import { phoneCodes, users } from '@server/db/schema';
import { NUMBER_HAS_ACCOUNT_TEXT } from '@server/services/phone-codes';
import { dailySmsSent } from '@server/services/sms/daily-count';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
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
type Answer = Awaited<ReturnType<typeof askOverHttp>>;

const opened: TestApp[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map(({ app }) => app.close()));
});

/**
 * What a race starts from: the app, a signed-in citizen and a number new to it; with `code`, a code already sent
 * to that number for the citizen; with `account`, an account on a number of its own; with `resetCode`, a
 * password-reset code already sent to that account's number.
 */
async function start(options: { code?: boolean; account?: boolean; resetCode?: boolean } = {}) {
  const test = await buildTestApp();
  opened.push(test);
  const citizen = await createUser(test.db);
  const cookie = cookieOf(test.db, citizen.id);
  const phone = uniquePhone();
  let code = '';
  if (options.code) {
    await askOverHttp(test.app, 'auth.requestPhoneCode', { phone }, { cookie });
    code = codeSentTo(test.sms.sent, phone);
  }
  const account = options.account || options.resetCode ? await createPhoneUser(test.db) : null;
  if (account && options.resetCode) {
    await askOverHttp(test.app, 'auth.requestPasswordReset', { phone: account.phone });
    code = codeSentTo(test.sms.sent, account.phone);
  }
  return { ...test, citizen, cookie, phone, code, account: account ?? { id: '', phone: '' } };
}
type Race = Awaited<ReturnType<typeof start>>;

interface Case {
  name: string;
  from?: Parameters<typeof start>[0];
  /** How many requests at once (50 unless told). */
  times?: number;
  /** The i-th request. */
  ask(race: Race, index: number): Promise<Answer>;
  /** How many answers had each outcome, or a check of them. */
  outcome: Record<string, number> | ((counts: Record<string, number>) => void);
  /** What else must hold once every answer is in. */
  after?(race: Race, answers: Answer[]): Promise<void> | void;
}

const wrongCode = (code: string, index: number) =>
  String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0');
const newPassword = (index: number) => `a new secret number ${index}`;

const CASES: Case[] = [
  {
    name: 'sign-up by phone, one number from 50 addresses: three SMS (one code, two notices) and one account',
    ask: (race, index) =>
      askOverHttp(
        race.app,
        'auth.signUp',
        { phone: race.phone, password: 'a good secret 1' },
        { ip: addressOf(index) },
      ),
    outcome: { ok: 3, 'limit.sms': 47 },
    after(race) {
      expect(race.db.select().from(users).where(eq(users.phone, race.phone)).all()).toHaveLength(1);
      const texts = race.sms.sent
        .filter((message) => message.to === race.phone)
        .map((message) => message.text);
      expect(texts.filter((text) => text === NUMBER_HAS_ACCOUNT_TEXT)).toHaveLength(2);
      expect(texts.filter((text) => /\b\d{6}\b/.test(text))).toHaveLength(1);
    },
  },
  {
    name: 'sign-up by phone, 50 numbers from one address: thirty',
    ask: (race) =>
      askOverHttp(
        race.app,
        'auth.signUp',
        { phone: uniquePhone(), password: 'a good secret 1' },
        { ip: '100.64.1.1' },
      ),
    outcome: { ok: 30, 'limit.sms': 20 },
    after(race) {
      expect(race.sms.sent).toHaveLength(30);
      expect(dailySmsSent(race.db)).toBe(30);
    },
  },
  {
    name: 'adding a number, 50 times: three codes, and only the last one works',
    ask: (race, index) =>
      askOverHttp(
        race.app,
        'auth.requestPhoneCode',
        { phone: race.phone },
        { cookie: race.cookie, ip: addressOf(index) },
      ),
    outcome: { ok: 3, 'limit.sms': 47 },
    async after({ app, sms, phone, cookie }) {
      expect(sms.sent.map((message) => message.to)).toEqual([phone, phone, phone]);
      const codes = sms.sent.map((message) => message.text.match(/\b(\d{6})\b/)?.[1] ?? '');
      for (const code of codes.slice(0, 2).filter((code) => code !== codes[2])) {
        // Checked against the last code, which it is not: a wrong try, not a second live code.
        expect(tally([await askOverHttp(app, 'auth.confirmPhone', { code }, { cookie })])).toEqual({
          'phone.codeWrong': 1,
        });
      }
      const last = await askOverHttp(app, 'auth.confirmPhone', { code: codes[2] }, { cookie });
      expect(tally([last])).toEqual({ ok: 1 });
    },
  },
  {
    name: 'adding 50 numbers to one account: five',
    ask: (race, index) =>
      askOverHttp(
        race.app,
        'auth.requestPhoneCode',
        { phone: uniquePhone() },
        { cookie: race.cookie, ip: addressOf(100 + index) },
      ),
    outcome: { ok: 5, 'limit.sms': 45 },
    after: (race) => expect(race.sms.sent).toHaveLength(5),
  },
  {
    name: 'confirmPhone: one code carried by 50 requests confirms once',
    from: { code: true },
    ask: (race) => askOverHttp(race.app, 'auth.confirmPhone', { code: race.code }, { cookie: race.cookie }),
    outcome: { ok: 1, 'phone.codeExpired': 49 },
    after(race) {
      expect(race.db.select().from(users).where(eq(users.id, race.citizen.id)).get()?.phone).toBe(race.phone);
    },
  },
  {
    name: 'confirmPhone: one code from two sessions of the account at the same moment confirms once',
    from: { code: true },
    times: 2,
    ask: (race, index) =>
      index === 0
        ? askOverHttp(race.app, 'auth.confirmPhone', { code: race.code }, { cookie: race.cookie })
        : askOverHttp(
            race.app,
            'auth.confirmPhone',
            { code: race.code },
            { cookie: cookieOf(race.db, race.citizen.id), ip: '100.64.2.2' },
          ),
    outcome: { ok: 1, 'phone.codeExpired': 1 },
  },
  {
    name: 'confirmPhone: 50 wrong codes spend the code’s five tries and no more, and the right one is dead after',
    from: { code: true },
    ask: (race, index) =>
      askOverHttp(
        race.app,
        'auth.confirmPhone',
        { code: wrongCode(race.code, index) },
        { cookie: race.cookie },
      ),
    outcome: { 'phone.codeWrong': 4, 'phone.tooManyTries': 46 },
    async after(race) {
      const stored = race.db.select().from(phoneCodes).where(eq(phoneCodes.userId, race.citizen.id)).get();
      expect(stored?.wrongTries).toBe(5);
      const right = await askOverHttp(
        race.app,
        'auth.confirmPhone',
        { code: race.code },
        { cookie: race.cookie },
      );
      expect(tally([right])).toEqual({ 'phone.tooManyTries': 1 });
    },
  },
  {
    // Five requests an hour per number pass the reset limit; three of them the SMS limit per number.
    name: 'password reset by phone, 50 requests for one number: three codes',
    from: { account: true },
    ask: (race, index) =>
      askOverHttp(
        race.app,
        'auth.requestPasswordReset',
        { phone: race.account.phone },
        { ip: addressOf(index) },
      ),
    outcome: { ok: 3, 'limit.sms': 2, 'limit.passwordReset': 45 },
    after: (race) => expect(race.sms.sent).toHaveLength(3),
  },
  {
    name: 'password reset by phone: one code carried by 50 resets sets one password',
    from: { resetCode: true },
    ask: (race, index) =>
      askOverHttp(
        race.app,
        'auth.resetPasswordWithCode',
        { phone: race.account.phone, code: race.code, newPassword: newPassword(index) },
        { ip: addressOf(200 + index) },
      ),
    // Five tries a number in ten minutes pass the limit (before the hash); the rest are refused at once, and of
    // the five only the first to spend the code sets a password.
    outcome(counts) {
      expect(counts.ok).toBe(1);
      expect(counts['limit.wrongSmsCodes']).toBeGreaterThanOrEqual(TIMES - 5);
      const others = Object.keys(counts).filter(
        (key) => !['ok', 'limit.wrongSmsCodes', 'phone.codeInvalid'].includes(key),
      );
      expect(others).toEqual([]);
    },
    async after(race, answers) {
      const winner = answers.findIndex((answer) => answer.statusCode === 200);
      const { passwordHash } = race.db.select().from(users).where(eq(users.id, race.account.id)).get() ?? {};
      expect(await verifyPassword(passwordHash ?? null, newPassword(winner))).toBe(true);
      expect(race.sms.sent).toHaveLength(1);
    },
  },
];

describe('phone-code procedures pressed 50 times at once', () => {
  it.each(CASES.map((race) => [race.name, race] as const))(
    '%s',
    async (_name, { from, times, ask, outcome, after }) => {
      const race = await start(from);
      const answers = await Promise.all(
        Array.from({ length: times ?? TIMES }, (_, index) => ask(race, index)),
      );
      if (typeof outcome === 'function') outcome(tally(answers));
      else expect(tally(answers)).toEqual(outcome);
      await after?.(race, answers);
    },
  );
});

describe('phone-code procedures sent 50 times in one tRPC batch', () => {
  it('refuses the whole batch for every procedure, sends nothing and spends no code', async () => {
    const { app, db, sms, cookie, code, account } = await start({ code: true, account: true });
    const batches = {
      'auth.signUp': (index: number) => ({ phone: uniquePhone(), password: `a good secret ${index}` }),
      'auth.requestPhoneCode': () => ({ phone: uniquePhone() }),
      'auth.confirmPhone': () => ({ code }),
      'auth.requestPasswordReset': () => ({ phone: account.phone }),
      'auth.resetPasswordWithCode': (index: number) => ({
        phone: account.phone,
        code,
        newPassword: newPassword(index),
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
  });
});
