import { users } from '@server/db/schema';
import en from '@server/mail/locales/en.json';
import so from '@server/mail/locales/so.json';
import { mailText } from '@server/mail/texts';
import type { MessageLanguage } from '@shared/i18n/error-messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, sameOrigin, trpcBody } from '../helpers/app';
import { callerFor, createTestDeps, type TestDeps } from '../helpers/caller';
import { createUser, uniqueEmail } from '../helpers/factories';

const SUBJECTS = {
  verifyEmail: { en: 'Verify your email for Codka', so: 'Xaqiiji iimaylkaaga Codka' },
  passwordReset: { en: 'Reset your Codka password', so: 'Beddel furaha sirta ah ee Codka' },
  passwordChanged: { en: 'Your Codka password was changed', so: 'Furaha sirta ah ee Codka waa la beddelay' },
  signUpAttempt: {
    en: 'Someone tried to create a Codka account with your email',
    so: 'Qof ayaa isku dayay inuu iimaylkaaga ku sameeyo akoon Codka',
  },
} as const;
const LANGUAGES: MessageLanguage[] = ['so', 'en'];

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('the e-mail texts', () => {
  it('have every kind in both languages, with the same placeholders', () => {
    expect(Object.keys(so).sort()).toEqual(Object.keys(en).sort());
    for (const kind of Object.keys(en) as (keyof typeof en)[]) {
      expect(so[kind].subject, kind).not.toBe('');
      expect(placeholders(so[kind].body), kind).toEqual(placeholders(en[kind].body));
      expect(placeholders(so[kind].subject), kind).toEqual(placeholders(en[kind].subject));
    }
  });

  it('refuse to send a message with a link left out', () => {
    expect(() => mailText('passwordReset', 'so')).toThrow(/link/);
  });
});

describe('every e-mail is in the reader’s language', () => {
  it.each(LANGUAGES)(
    'sign-up’s verification link, for a %s request over HTTP; the account keeps the language',
    async (language) => {
      const { app, db, mailer } = await buildTestApp({ env: { RATE_LIMITS: 'off' } });
      const email = uniqueEmail();
      const response = await app.inject({
        method: 'POST',
        url: '/trpc/auth.signUp',
        headers: {
          'content-type': 'application/json',
          'accept-language': language === 'so' ? 'so-SO,so;q=0.9' : 'en-GB,en;q=0.9',
          ...sameOrigin,
        },
        payload: trpcBody({ fullName: 'Asha Ali', email, password: 'Xamar-iyo-Kismaayo-7' }),
      });
      expect(response.statusCode).toBe(200);
      const mail = mailer.sent.at(-1);
      expect(mail?.to).toBe(email);
      expect(mail?.subject).toBe(SUBJECTS.verifyEmail[language]);
      expect(mail?.text).toMatch(/\/verify-email\?token=/);
      expect(mail?.text).toContain(language === 'so' ? '24 saac gudahood' : 'within 24 hours');
      expect(db.select({ language: users.language }).from(users).where(eq(users.email, email)).get()).toEqual(
        {
          language,
        },
      );
      await app.close();
    },
  );

  it.each(LANGUAGES)('a verification link asked for again, in %s', async (language) => {
    const deps = createTestDeps();
    const user = await createUser(deps.db, { verified: false });
    await callerFor(deps, user, undefined, { language }).caller.auth.resendVerification();
    expect(deps.mailer.sent.at(-1)?.subject).toBe(SUBJECTS.verifyEmail[language]);
  });

  it.each(LANGUAGES)('a password reset link, in %s', async (language) => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    await callerFor(deps, null, undefined, { language }).caller.auth.requestPasswordReset({
      email: user.email,
    });
    const mail = deps.mailer.sent.at(-1);
    expect(mail?.subject).toBe(SUBJECTS.passwordReset[language]);
    expect(mail?.text).toMatch(/\/reset-password\?token=/);
    expect(mail?.text).toContain(language === 'so' ? '1 saac gudaheed' : 'within 1 hour');
  });

  it.each(LANGUAGES)('the notice that a password was changed, in %s', async (language) => {
    const deps = createTestDeps();
    const user = await createUser(deps.db);
    await callerFor(deps, user, undefined, { language }).caller.auth.changePassword({
      currentPassword: user.password,
      newPassword: 'a brand new secret',
    });
    expect(deps.mailer.sent.at(-1)?.subject).toBe(SUBJECTS.passwordChanged[language]);
  });

  it.each(LANGUAGES)(
    'the notice of a sign-up with a taken address, in the %s of the account’s last sign-in, not the stranger’s',
    async (language) => {
      const deps: TestDeps = createTestDeps();
      const owner = await createUser(deps.db);
      await callerFor(deps, null, undefined, { language }).caller.auth.signIn({
        email: owner.email,
        password: owner.password,
      });
      const stranger = language === 'so' ? 'en' : 'so';
      await callerFor(deps, null, '198.51.100.9', { language: stranger }).caller.auth.signUp({
        email: owner.email,
        password: 'Xamar-iyo-Kismaayo-7',
      });
      const mail = deps.mailer.sent.at(-1);
      expect(mail?.to).toBe(owner.email);
      expect(mail?.subject).toBe(SUBJECTS.signUpAttempt[language]);
      expect(mail?.text).toContain('/forgot-password');
    },
  );
});
