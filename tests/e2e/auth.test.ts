import soAuth from '@client/i18n/locales/so/auth.json';
import soErrors from '@shared/i18n/locales/so/errors.json';
import { describe, expect, it } from 'vitest';
import {
  chooseEmailSignUp,
  SIGN_IN_LOGIN,
  signInForm,
  signUpForm,
  submitSignIn,
  waitForPath,
} from './helpers/auth';
import { pathOf, visit } from './helpers/browser';
import { DEMO_CITIZEN } from './helpers/demo-accounts';
import { setupE2E } from './helpers/suite';

const { openPage } = setupE2E();

const uniqueEmail = () =>
  `e2e.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@test.codka.example`;

describe('/auth', () => {
  it('signs up a new citizen, who is told to sign in next and signs in with the chosen password', async () => {
    const { page } = await openPage();
    const header = page.getByRole('banner');
    const account = { email: uniqueEmail(), password: 'e2e-password-42' };

    await visit(page, '/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const form = signUpForm(page);
    await form.getByRole('textbox', { name: 'Full Name' }).fill('Hodan Cali');
    await chooseEmailSignUp(form);
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
    await form.getByRole('textbox', { name: 'Confirm Password' }).fill(account.password);
    await form.getByRole('button', { name: 'Sign Up', exact: true }).click();

    await page
      .getByText('Account created successfully! Please check your email to verify your account')
      .waitFor();
    // The form gives way to the next step: no empty form under the message, and no session yet.
    expect(await signUpForm(page).count()).toBe(0);
    expect(await header.getByRole('button', { name: 'Sign Out' }).count()).toBe(0);

    await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
    await signInForm(page).waitFor();
    await submitSignIn(page, account);
    await waitForPath(page, '/');
    await header.getByRole('button', { name: 'Sign Out' }).waitFor();
    expect(await header.getByRole('link', { name: 'Sign In', exact: true }).count()).toBe(0);
  });

  it('answers a sign-up with an address that has an account exactly as a new one, and signs no one in', async () => {
    const { page } = await openPage();
    await visit(page, '/auth?tab=signup');
    const form = signUpForm(page);
    await form.getByRole('textbox', { name: 'Full Name' }).fill('Someone Else');
    await chooseEmailSignUp(form);
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO_CITIZEN.email);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('e2e-password-42');
    await form.getByRole('textbox', { name: 'Confirm Password' }).fill('e2e-password-42');
    await form.getByRole('button', { name: 'Sign Up', exact: true }).click();

    await page
      .getByText('Account created successfully! Please check your email to verify your account')
      .waitFor();
    expect(await page.getByText('already exists').count()).toBe(0);
    expect(await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).count()).toBe(0);
  });

  it('refuses a confirmation that does not match', async () => {
    const { page } = await openPage();
    await visit(page, '/auth?tab=signup');
    const form = signUpForm(page);
    await form.getByRole('textbox', { name: 'Full Name' }).fill('Hodan Cali');
    await chooseEmailSignUp(form);
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail());
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('e2e-password-42');
    await form.getByRole('textbox', { name: 'Confirm Password' }).fill('e2e-password-43');
    await form.getByRole('button', { name: 'Sign Up', exact: true }).click();

    await form.getByText('Passwords do not match').waitFor();
    expect(pathOf(page)).toBe('/auth?tab=signup');
    expect(await page.getByText('Account created successfully!').count()).toBe(0);
  });

  it('refuses a password shorter than 6 characters', async () => {
    const { page } = await openPage();
    await visit(page, '/auth?tab=signup');
    const form = signUpForm(page);
    await form.getByRole('textbox', { name: 'Full Name' }).fill('Hodan Cali');
    await chooseEmailSignUp(form);
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail());
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('abcde');
    await form.getByRole('textbox', { name: 'Confirm Password' }).fill('abcde');
    await form.getByRole('button', { name: 'Sign Up', exact: true }).click();

    await form.getByText('Password must be at least 6 characters').waitFor();
    expect(await page.getByText('Account created successfully!').count()).toBe(0);
  });

  it.each([
    {
      language: 'en' as const,
      labels: {
        form: 'Sign Up',
        fullName: 'Full Name',
        method: 'Sign up with',
        withEmail: 'Email',
        email: 'Email',
        password: 'Password',
        confirm: 'Confirm Password',
      },
      sentence:
        'This password is one of the most common passwords and is easily guessed. Please choose another one.',
    },
    {
      language: 'so' as const,
      labels: {
        form: soAuth.signUp.form,
        fullName: soAuth.fields.fullName,
        method: soAuth.signUp.method,
        withEmail: soAuth.signUp.withEmail,
        email: soAuth.fields.email,
        password: soAuth.fields.password,
        confirm: soAuth.fields.confirmPassword,
      },
      sentence: soErrors.password.tooCommon,
    },
  ])(
    'refuses one of the most common passwords with the server’s sentence ($language)',
    async ({ language, labels, sentence }) => {
      const testPage = await openPage('phone', { language });
      const { page } = testPage;
      // The refusal is the point of this test: Chromium logs the 400 answer as a console error.
      testPage.allowResourceError(400, '/trpc/auth.signUp', 'common password on purpose');
      await visit(page, '/auth?tab=signup');
      const form = page.getByRole('form', { name: labels.form });
      await form.getByRole('textbox', { name: labels.fullName }).fill('Hodan Cali');
      await chooseEmailSignUp(form, { group: labels.method, email: labels.withEmail });
      await form.getByRole('textbox', { name: labels.email, exact: true }).fill(uniqueEmail());
      // Long enough for the form's own check: only the server knows the list.
      await form.getByRole('textbox', { name: labels.password, exact: true }).fill('iloveyou');
      await form.getByRole('textbox', { name: labels.confirm }).fill('iloveyou');
      const [answer] = await Promise.all([
        page.waitForResponse((response) => response.url().includes('/trpc/auth.signUp')),
        form.getByRole('button', { name: labels.form, exact: true }).click(),
      ]);
      expect(answer.status()).toBe(400);

      await form.getByRole('alert').getByText(sentence).waitFor();
      expect(
        await page
          .getByRole('status')
          .filter({ hasText: /Account created|Akoonka si guul/ })
          .count(),
      ).toBe(0);
    },
  );

  it('shows the server message for a wrong password', async () => {
    const testPage = await openPage();
    const { page } = testPage;
    // The wrong password is the point of this test: Chromium logs the 401 answer as a console error.
    testPage.allowResourceError(401, '/trpc/auth.signIn', 'wrong password on purpose');
    await visit(page, '/auth');
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/trpc/auth.signIn')),
      submitSignIn(page, { email: DEMO_CITIZEN.email, password: 'not-the-password' }),
    ]);
    expect(answer.status()).toBe(401);

    await page.getByRole('alert').getByText('Invalid login credentials').waitFor();
    expect(pathOf(page)).toBe('/auth');
    await page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true }).waitFor();
  });

  it('disables the form and says Signing in... while the request is in flight', async () => {
    const { page } = await openPage();
    let held = 0;
    // Held until the form has been looked at (a fixed delay could end first on a loaded machine).
    let release: () => void = () => {};
    const released = new Promise<void>((resolveRelease) => {
      release = resolveRelease;
    });
    await page.route('**/trpc/auth.signIn*', async (route) => {
      held += 1;
      await released;
      await route.continue();
    });
    await visit(page, '/auth');
    await submitSignIn(page, DEMO_CITIZEN);

    const form = signInForm(page);
    await form.getByRole('button', { name: 'Signing in...' }).waitFor();
    expect(await form.getByRole('button', { name: 'Signing in...' }).isDisabled()).toBe(true);
    expect(await form.getByRole('textbox', { name: SIGN_IN_LOGIN, exact: true }).isDisabled()).toBe(true);
    expect(await form.getByRole('textbox', { name: 'Password', exact: true }).isDisabled()).toBe(true);

    release();
    await waitForPath(page, '/');
    expect(held).toBe(1);
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).waitFor();
  });

  it('links back to the home page and to the admin login', async () => {
    const { page } = await openPage();
    await visit(page, '/auth');
    const adminLogin = page.getByRole('link', { name: 'Admin Login' });
    expect(await adminLogin.getAttribute('href')).toBe('/admin/login');
    await adminLogin.click();
    await waitForPath(page, '/admin/login');

    await visit(page, '/auth');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await waitForPath(page, '/');
    await page.getByRole('heading', { name: 'Somalia Federal Elections' }).waitFor();
  });
});
