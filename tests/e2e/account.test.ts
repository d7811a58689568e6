import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoHorizontalScroll, toast } from './helpers/admin';
import { signIn, signInForm, signInThroughApi, submitSignIn, waitForPath } from './helpers/auth';
import { pathOf, visit } from './helpers/browser';
import { DEMO_ADMIN, DEMO_CITIZEN } from './helpers/demo-accounts';
import { createCitizen } from './helpers/factories';
import { setupE2E } from './helpers/suite';

const { openPage, origin, server } = setupE2E({
  ownServer: {
    because:
      'reset links are read from its info-level log (no SMTP), and the tests change the demo citizen’s ' +
      'password and turn on the demo admin’s two-factor sign-in, which the other files sign in with',
    env: { LOG_LEVEL: 'info' },
  },
});

/** Creates a citizen through the API, as the Sign Up form would. */
const createCitizenWith = (password: string) => createCitizen(origin(), { label: 'account', password });

/** What an authenticator app shows for this key, `offsetSteps` 30-second steps from now. */
function authenticatorCode(key: Uint8Array, offsetSteps = 0): string {
  return generateHOTP(key, BigInt(Math.floor(Date.now() / 30_000) + offsetSteps), 6);
}

async function fillPassword(page: Page, scope: string, label: string, value: string) {
  await page
    .getByRole('form', { name: scope })
    .getByRole('textbox', { name: label, exact: true })
    .fill(value);
}

describe('/account', () => {
  it('changes the password on a phone; the new one signs in elsewhere', async () => {
    const account = await createCitizenWith('first-password-1');
    const { page } = await openPage('phone');
    await signInThroughApi(page, account);
    await visit(page, '/account');
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    expect(await page.getByRole('region', { name: 'Two-factor sign-in' }).count()).toBe(0);
    await fillPassword(page, 'Change password', 'Current password', account.password);
    await fillPassword(page, 'Change password', 'New password', 'second-password-2');
    await fillPassword(page, 'Change password', 'Confirm new password', 'second-password-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await toast(page, 'Password changed').waitFor();
    await expectNoHorizontalScroll(page);

    const elsewhere = (await openPage('desktop')).page;
    await signIn(elsewhere, { email: account.email, password: 'second-password-2' });
    await elsewhere.getByRole('banner').getByRole('button', { name: 'Sign Out' }).waitFor();
  });

  it('asks a visitor to sign in', async () => {
    const { page } = await openPage('phone');
    await visit(page, '/account');
    await page.getByText('Authentication Required').waitFor();
    await page.getByRole('link', { name: 'Sign In' }).last().waitFor();
  });
});

describe('forgot password', () => {
  it('mails a link from the Sign In tab; the link sets a new password once', async () => {
    const { page } = await openPage('phone');
    await visit(page, '/auth');
    await signInForm(page).getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath(page, '/forgot-password');
    // The new page's own form: /auth (its Sign In form has an Email box too) stays on screen until the
    // page's code has come, and a box filled there would leave this form's empty.
    const forgot = page.getByRole('form', { name: 'Forgot password', exact: true });
    await forgot.waitFor();
    await expectNoHorizontalScroll(page);
    await forgot.getByRole('textbox', { name: 'Phone number or email' }).fill(DEMO_CITIZEN.email);
    await forgot.getByRole('button', { name: 'Send code or link' }).click();
    await page.getByText('If an account exists for that email, we have sent it a link').waitFor();

    const [, token] = await server().waitForOutput(/reset-password\?token=([a-z2-9]{24}\.[a-z2-9]{24})/);
    await visit(page, `/reset-password?token=${token}`);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.waitForURL((url) => url.search === '');
    await fillPassword(page, 'Choose a new password', 'New password', 'reset-password-3');
    await fillPassword(page, 'Choose a new password', 'Confirm new password', 'reset-password-3');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password has been reset. Sign in with your new password.').waitFor();
    await expectNoHorizontalScroll(page);

    await page.getByRole('link', { name: 'Sign In' }).last().click();
    await waitForPath(page, '/auth');
    await submitSignIn(page, { email: DEMO_CITIZEN.email, password: 'reset-password-3' });
    await waitForPath(page, '/');

    // The same link again: refused, with a way to ask for a new one.
    const second = await openPage('desktop');
    const testPage = second.page;
    second.allowResourceError(400, '/trpc/auth.resetPassword', 'reusing a spent reset link on purpose');
    await visit(testPage, `/reset-password?token=${token}`);
    await fillPassword(testPage, 'Choose a new password', 'New password', 'someone-else-4');
    await fillPassword(testPage, 'Choose a new password', 'Confirm new password', 'someone-else-4');
    await testPage.getByRole('button', { name: 'Set new password' }).click();
    await testPage.getByText('This password reset link is invalid or has expired').waitFor();
  });
});

describe('admin two-factor sign-in', () => {
  it('fits the authenticator setup on a phone', async () => {
    const { page } = await openPage('phone');
    await signInThroughApi(page, DEMO_ADMIN);
    await visit(page, '/account');
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await section.getByRole('textbox', { name: 'Your password' }).fill(DEMO_ADMIN.password);
    await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await section.getByTestId('totp-key').waitFor();
    await expectNoHorizontalScroll(page);
    await section.getByRole('button', { name: 'Cancel' }).click();
    await section.getByRole('button', { name: 'Set up an authenticator app' }).waitFor();
  });

  it('enrols an authenticator (after the password), then sign-in asks for its code, or a recovery code', async () => {
    const testPage = await openPage('wide');
    const { page } = testPage;
    testPage.allowResourceError(400, '/trpc/auth.twoFactor.begin', 'a wrong password on purpose');
    await signInThroughApi(page, DEMO_ADMIN);
    await visit(page, '/account');
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    // A session alone cannot enrol an authenticator: the password is asked, and a wrong one refused.
    await section.getByRole('textbox', { name: 'Your password' }).fill('not-the-password');
    await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await section.getByText('Your current password is incorrect.').waitFor();
    await section.getByRole('textbox', { name: 'Your password' }).fill(DEMO_ADMIN.password);
    await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await section.getByRole('img', { name: /QR code for your authenticator app/ }).waitFor();
    const shownKey = await section.getByTestId('totp-key').innerText();
    const key = decodeBase32IgnorePadding(shownKey.replace(/\s/g, ''));
    await section.getByRole('textbox', { name: 'Code from the app' }).fill(authenticatorCode(key));
    await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const codesList = section.getByTestId('recovery-codes');
    await codesList.waitFor();
    const recoveryCodes = (await codesList.getByRole('listitem').allInnerTexts()).map((code) => code.trim());
    expect(recoveryCodes).toHaveLength(10);
    await section.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    // The badge follows the two-factor status query, which the enrolment refetches: it may still say Off.
    await expect.poll(() => section.getByTestId('two-factor-state').textContent()).toBe('On');
    expect(await page.content()).not.toContain(shownKey);

    // Sign in again: the password alone no longer starts a session.
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    // Already on "/": wait for the sign-out itself, not the path, before leaving the page.
    await page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true }).waitFor();
    await visit(page, '/auth');
    await submitSignIn(page, DEMO_ADMIN);
    const step = page.getByRole('form', { name: 'Two-factor sign-in' });
    // The enrolment spent this step's code; the app's next one is accepted (one step of drift).
    await step.getByRole('textbox', { name: 'Authentication code' }).fill(authenticatorCode(key, 1));
    await step.getByRole('button', { name: 'Verify' }).click();
    await waitForPath(page, '/');
    await page.getByRole('banner').getByRole('link', { name: 'Admin' }).waitFor();

    // The admin login page asks too; a recovery code works there.
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    // Already on "/": wait for the sign-out itself, not the path, before leaving the page.
    await page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true }).waitFor();
    await visit(page, '/admin/login');
    const login = page.getByRole('form', { name: 'Admin Login' });
    await login.getByRole('textbox', { name: 'Email' }).fill(DEMO_ADMIN.email);
    await login.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_ADMIN.password);
    await login.getByRole('button', { name: 'Sign In' }).click();
    const adminStep = page.getByRole('form', { name: 'Two-factor sign-in' });
    await adminStep.getByRole('textbox', { name: 'Authentication code' }).fill(recoveryCodes[0] ?? '');
    await adminStep.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/admin') && url.pathname !== '/admin/login');
    expect(pathOf(page).startsWith('/admin')).toBe(true);
  });
});
