import enAccount from '@client/i18n/locales/en/account.json';
import enAdmin from '@client/i18n/locales/en/admin.json';
import enAuth from '@client/i18n/locales/en/auth.json';
import soAccount from '@client/i18n/locales/so/account.json';
import soAdmin from '@client/i18n/locales/so/admin.json';
import soAuth from '@client/i18n/locales/so/auth.json';
import soCommon from '@client/i18n/locales/so/common.json';
import enErrors from '@shared/i18n/locales/en/errors.json';
import enPhone from '@shared/i18n/locales/en/phone.json';
import soErrors from '@shared/i18n/locales/so/errors.json';
import soPhone from '@shared/i18n/locales/so/phone.json';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoHorizontalScroll, toast } from './helpers/admin';
import { signInThroughApi, stepUpThroughApi, waitForPath, waitForSignedIn } from './helpers/auth';
import { axeViolations } from './helpers/axe';
import { visit } from './helpers/browser';
import { DEMO_ADMIN } from './helpers/demo-accounts';
import { createCitizen } from './helpers/factories';
import { setupE2E } from './helpers/suite';

const { openPage, origin, server } = setupE2E({
  ownServer: {
    because:
      'SMS codes are read from its info-level log (no SMS gateway), and the SMS limits count per address: ' +
      'the sign-ups and resends here must not use up what other files share',
    env: { LOG_LEVEL: 'info' },
  },
});

const TEXTS = {
  en: { auth: enAuth, account: enAccount, admin: enAdmin, errors: enErrors, phone: enPhone },
  so: { auth: soAuth, account: soAccount, admin: soAdmin, errors: soErrors, phone: soPhone },
} as const;
type Language = keyof typeof TEXTS;

/** A Somali mobile number no other test uses: local form (as typed) and E.164 (as the server logs it). */
function newNumber() {
  const subscriber = String(Math.floor(Math.random() * 100_000)).padStart(5, '0');
  return { typed: `0615 5${subscriber.slice(0, 2)} ${subscriber.slice(2)}`, e164: `+2526155${subscriber}` };
}

const literal = (text: string) => text.replace(/[+]/g, '\\+');

/**
 * The newest code the server logged for `e164` ("SMS to +252…: Codka: … waa 123456."), once it is not `previous`:
 * without a gateway the server writes each SMS, number and text, to its log, as it does e-mails.
 */
async function smsCode(e164: string, purpose: 'confirm' | 'reset', previous?: string): Promise<string> {
  const words = purpose === 'confirm' ? 'koodhkaagu waa' : 'koodhka furaha sirta ah waa';
  const pattern = new RegExp(`SMS to ${literal(e164)}: Codka: ${words} (\\d{6})`, 'g');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const codes = server()
      .smsLines()
      .flatMap((line) => [...line.matchAll(pattern)].map((match) => match[1] ?? ''));
    const last = codes.at(-1);
    if (last && last !== previous) return last;
    if (Date.now() > deadline) throw new Error(`no new ${purpose} SMS to ${e164} in the server's log`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
}

/** A code that is not `code` (the last digit changed). */
const wrongCode = (code: string) => `${code.slice(0, 5)}${(Number(code.at(-1)) + 1) % 10}`;

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

async function fillSignUpByPhone(page: Page, language: Language, typed: string, password: string) {
  const { auth } = TEXTS[language];
  const form = page.getByRole('form', { name: auth.signUp.form });
  // Phone first: the number's box is there without choosing anything.
  await form.getByRole('textbox', { name: auth.fields.fullName }).fill('Xaliimo Cabdi');
  await form.getByRole('textbox', { name: auth.fields.phone, exact: true }).fill(typed);
  await form.getByText(auth.fields.phoneHint).waitFor();
  await form.getByRole('textbox', { name: auth.fields.password, exact: true }).fill(password);
  await form.getByRole('textbox', { name: auth.fields.confirmPassword }).fill(password);
  await form.getByRole('button', { name: auth.signUp.submit, exact: true }).click();
}

async function signInByPhone(page: Page, language: Language, typed: string, password: string) {
  const { auth } = TEXTS[language];
  await visit(page, '/auth');
  const form = page.getByRole('form', { name: auth.signIn.form });
  await form.getByRole('textbox', { name: auth.fields.login, exact: true }).fill(typed);
  await form.getByRole('textbox', { name: auth.fields.password, exact: true }).fill(password);
  await form.getByRole('button', { name: auth.signIn.submit, exact: true }).click();
}

describe('an account on a phone number', () => {
  it.each([
    { language: 'en' as const, viewport: 'phone' as const },
    { language: 'so' as const, viewport: 'desktop' as const },
  ])(
    'signs up, confirms the SMS code and signs in by phone ($language, $viewport)',
    async ({ language, viewport }) => {
      const { auth, errors } = TEXTS[language];
      const testPage = await openPage(viewport, { language });
      const { page } = testPage;
      testPage.allowResourceError(400, '/trpc/auth.confirmPhone', 'a wrong code on purpose');
      const number = newNumber();
      const password = `phone-password-${language}`;

      await visit(page, '/auth?tab=signup');
      await fillSignUpByPhone(page, language, number.typed, password);
      await page.getByText(auth.signUp.createdPhone).waitFor();
      const codeForm = page.getByRole('form', { name: auth.phoneCode.form });
      await codeForm.waitFor();
      await expectNoAxeViolations(page);
      if (viewport === 'phone') await expectNoHorizontalScroll(page);

      const code = await smsCode(number.e164, 'confirm');
      await codeForm.getByRole('textbox', { name: auth.phoneCode.code }).fill(wrongCode(code));
      await codeForm.getByRole('button', { name: auth.phoneCode.submit }).click();
      // The server's sentence, in the reader's language.
      await codeForm.getByRole('alert').getByText(errors.phone.codeWrong).waitFor();

      await codeForm.getByRole('textbox', { name: auth.phoneCode.code }).fill(code);
      await codeForm.getByRole('button', { name: auth.phoneCode.submit }).click();
      await waitForPath(page, '/');
      await toast(page, auth.phoneCode.confirmed).waitFor();
      await waitForSignedIn(page, language === 'en' ? 'Sign Out' : soCommon.nav.signOut);

      // Signed out, the number and the password sign in, the number typed as people write it.
      const again = (await openPage(viewport, { language })).page;
      await signInByPhone(again, language, number.typed, password);
      await waitForPath(again, '/');
      await visit(again, '/account');
      const { account } = TEXTS[language];
      const phoneLine = again.getByTestId('contact-phone');
      await phoneLine.getByText(account.contact.confirmed, { exact: true }).waitFor();
      expect(await phoneLine.innerText()).toContain(`+252 61 55${number.e164.slice(-5, -4)}`);
      await again.getByTestId('verified-contact').getByText(account.contact.verified).waitFor();
    },
  );

  it('asks for the code again when it was not typed, and says the SMS limit when a resend is refused', async () => {
    const testPage = await openPage('phone');
    const { page } = testPage;
    testPage.allowResourceError(429, '/trpc/auth.requestPhoneCode', 'the SMS limit per number on purpose');
    const number = newNumber();
    await visit(page, '/auth?tab=signup');
    await fillSignUpByPhone(page, 'en', number.typed, 'phone-password-later');
    const codeForm = page.getByRole('form', { name: 'Confirm your phone number' });
    const first = await smsCode(number.e164, 'confirm');
    // Later: the sign-in by that number brings the code's step back.
    await codeForm.getByRole('button', { name: 'Confirm later' }).click();
    await signInByPhone(page, 'en', number.e164, 'phone-password-later');
    const again = page.getByRole('form', { name: 'Confirm your phone number' });
    await again.getByText('is not confirmed yet').waitFor();
    await again.getByRole('button', { name: 'Send a new code' }).click();
    await again.getByText('A new code is on its way').waitFor();
    const second = await smsCode(number.e164, 'confirm', first);
    // Three SMS an hour to one number: the fourth is refused with the limit's sentence, and nothing is sent.
    await again.getByRole('button', { name: 'Send a new code' }).click();
    await again.getByText('A new code is on its way').waitFor();
    const third = await smsCode(number.e164, 'confirm', second);
    await again.getByRole('button', { name: 'Send a new code' }).click();
    await again.getByRole('alert').getByText('Too many text messages were asked for. Please wait').waitFor();
    // Only the newest code works.
    await again.getByRole('textbox', { name: 'Code from the SMS' }).fill(third);
    await again.getByRole('button', { name: 'Confirm number' }).click();
    await waitForPath(page, '/');
    await expectNoHorizontalScroll(page);
  });

  it.each(['en', 'so'] as const)('resets the password with a code by SMS (%s)', async (language) => {
    const { auth } = TEXTS[language];
    const { page } = await openPage('phone', { language });
    const number = newNumber();
    await visit(page, '/auth?tab=signup');
    await fillSignUpByPhone(page, language, number.typed, 'first-phone-password');
    await page.getByRole('form', { name: auth.phoneCode.form }).waitFor();
    await smsCode(number.e164, 'confirm');

    const readerPage = await openPage('phone', { language });
    readerPage.allowResourceError(400, '/trpc/auth.resetPasswordWithCode', 'a wrong code on purpose');
    const reader = readerPage.page;
    await visit(reader, '/forgot-password');
    const ask = reader.getByRole('form', { name: auth.forgot.form, exact: true });
    await ask.getByRole('textbox', { name: auth.fields.login }).fill(number.typed);
    await ask.getByRole('button', { name: auth.forgot.submit }).click();
    const codeForm = reader.getByRole('form', { name: auth.forgot.codeForm });
    await codeForm.getByText(auth.forgot.checkSms).waitFor();
    await expectNoAxeViolations(reader);
    await expectNoHorizontalScroll(reader);
    const code = await smsCode(number.e164, 'reset');
    await codeForm.getByRole('textbox', { name: auth.phoneCode.code }).fill(wrongCode(code));
    await codeForm
      .getByRole('textbox', { name: auth.fields.newPassword, exact: true })
      .fill('second-phone-password');
    await codeForm
      .getByRole('textbox', { name: auth.fields.confirmNewPassword })
      .fill('second-phone-password');
    await codeForm.getByRole('button', { name: auth.reset.submit }).click();
    await codeForm.getByRole('alert').getByText(TEXTS[language].errors.phone.codeInvalid).waitFor();
    await codeForm.getByRole('textbox', { name: auth.phoneCode.code }).fill(code);
    await codeForm.getByRole('button', { name: auth.reset.submit }).click();
    await reader.getByText(auth.reset.changedBody).waitFor();

    await signInByPhone(reader, language, number.typed, 'second-phone-password');
    await waitForPath(reader, '/');
  });
});

describe('/account contacts', () => {
  it.each([
    { language: 'en' as const, viewport: 'phone' as const },
    { language: 'so' as const, viewport: 'desktop' as const },
  ])(
    'adds a number with its code; a confirmed phone claims a voter card ($language)',
    async ({ language, viewport }) => {
      const { account, auth } = TEXTS[language];
      const citizen = await createCitizen(origin(), { label: `phone-${language}` });
      const { page } = await openPage(viewport, { language });
      await signInThroughApi(page, citizen);
      await visit(page, '/account');
      const contacts = page.getByRole('region', { name: account.contact.title });
      await contacts.getByTestId('contact-phone').getByText(account.contact.none).waitFor();
      await contacts.getByTestId('verified-contact').getByText(account.contact.notVerified).waitFor();
      // The e-mail is not confirmed: the claim says which contact to confirm, and cannot be sent.
      const claim = page.getByRole('form', { name: account.roll.claimForm });
      await claim.getByText(account.roll.claimNeedsEmail).waitFor();
      expect(await claim.getByRole('button', { name: account.roll.claimSubmit }).isDisabled()).toBe(true);

      await contacts.getByRole('button', { name: account.contact.addPhone }).click();
      const numberForm = contacts.getByRole('form', { name: account.contact.numberForm });
      const number = newNumber();
      await numberForm.getByRole('textbox', { name: account.contact.newPhone }).fill(number.typed);
      await numberForm.getByRole('button', { name: account.contact.sendCode }).click();
      const codeForm = contacts.getByRole('form', { name: auth.phoneCode.form });
      await codeForm.waitFor();
      await expectNoAxeViolations(page);
      if (viewport === 'phone') await expectNoHorizontalScroll(page);
      await codeForm
        .getByRole('textbox', { name: auth.phoneCode.code })
        .fill(await smsCode(number.e164, 'confirm'));
      await codeForm.getByRole('button', { name: auth.phoneCode.submit }).click();
      await toast(page, account.contact.phoneConfirmed).waitFor();
      await contacts
        .getByTestId('contact-phone')
        .getByText(account.contact.confirmed, { exact: true })
        .waitFor();
      await contacts.getByTestId('verified-contact').getByText(account.contact.verified).waitFor();

      // A confirmed phone is a verified contact: the claim goes through (a demo roll entry, seed/voter-roll.ts).
      expect(await claim.getByTestId('claim-needs-verified-contact').count()).toBe(0);
      const card =
        language === 'en'
          ? { number: 'SO-ROLL-00008', born: '1999-12-22' }
          : { number: 'SO-ROLL-00009', born: '1950-05-05' };
      await claim.getByRole('textbox', { name: account.roll.cardNumber }).fill(card.number);
      await claim.getByLabel(account.roll.dateOfBirth).fill(card.born);
      await claim.getByRole('button', { name: account.roll.claimSubmit }).click();
      await toast(page, account.roll.claimed).waitFor();
    },
  );
});

describe('/admin/ussd', () => {
  it.each([
    { language: 'en' as const, viewport: 'phone' as const },
    { language: 'so' as const, viewport: 'desktop' as const },
  ])(
    'runs a whole poll vote session, which is never recorded ($language, $viewport)',
    async ({ language, viewport }) => {
      const { admin, phone } = TEXTS[language];
      const { page } = await openPage(viewport, { language });
      await signInThroughApi(page, DEMO_ADMIN);
      await stepUpThroughApi(page, DEMO_ADMIN.password);
      await visit(page, '/admin/ussd');
      await page.getByRole('heading', { name: admin.ussd.title, level: 1 }).waitFor();
      await page.getByTestId('ussd-nothing-saved').getByText(admin.ussd.nothingSaved).waitFor();
      if (viewport === 'phone') await expectNoHorizontalScroll(page);

      const dial = page.getByRole('form', { name: admin.ussd.dialForm });
      await dial.getByRole('textbox', { name: admin.ussd.number }).fill(newNumber().typed);
      await dial.getByRole('button', { name: admin.ussd.dial }).click();
      const screen = page.getByTestId('ussd-screen');
      // Somali first; 9 switches to English.
      await expect.poll(() => screen.innerText()).toBe(soPhone.ussd.menu);
      await expectNoAxeViolations(page);
      const replyForm = page.getByRole('form', { name: admin.ussd.replyForm });
      const reply = async (choice: string) => {
        const before = await screen.innerText();
        await replyForm.getByRole('textbox', { name: admin.ussd.reply }).fill(choice);
        await replyForm.getByRole('button', { name: admin.ussd.send }).click();
        await expect.poll(() => screen.innerText()).not.toBe(before);
      };
      if (language === 'en') {
        await reply('9');
        await expect.poll(() => screen.innerText()).toBe(enPhone.ussd.menu);
      }
      await reply('1');
      await expect.poll(() => screen.innerText()).toContain(phone.ussd.poll.choose);
      await reply('1');
      const [confirmStart] = phone.ussd.poll.confirm.split('{{name}}');
      await expect.poll(() => screen.innerText()).toContain(confirmStart ?? '');
      await reply('1');
      const [, simulatedEnd] = phone.ussd.poll.simulated.split('{{name}}');
      await expect.poll(() => screen.innerText()).toContain(simulatedEnd ?? '');
      expect(await screen.getAttribute('data-ended')).toBe('true');
      // The session's choices as a gateway sends them.
      await page
        .getByTestId('ussd-text')
        .getByText(language === 'en' ? 'text=9*1*1*1' : 'text=1*1*1')
        .waitFor();
      expect(await replyForm.getByRole('button', { name: admin.ussd.send }).isDisabled()).toBe(true);
      if (viewport === 'phone') await expectNoHorizontalScroll(page);

      await replyForm.getByRole('button', { name: admin.ussd.hangUp }).click();
      await screen.getByText(admin.ussd.idle).waitFor();
      await dial.getByRole('button', { name: admin.ussd.dial }).click();
      await expect.poll(() => screen.innerText()).toBe(soPhone.ussd.menu);

      // In the admin navigation.
      await visit(page, '/admin');
      const link = page.getByRole('link', { name: admin.links.ussd, includeHidden: true });
      expect(await link.first().getAttribute('href')).toBe('/admin/ussd');
    },
  );
});
