import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { siteOrigin, visit } from './browser';

/** Resolves when the page's path is exactly `path` (query and hash ignored). */
export function waitForPath(page: Page, path: string): Promise<void> {
  return page.waitForURL((url) => url.pathname === path);
}

/**
 * Resolves once the page knows its reader is signed in: the header's Sign Out (`signOut`: its label in the
 * page's language), drawn when the session check has answered. A page the server rendered shows a visitor's
 * view until then (on the vote page: a ballot whose Submit answers "ensure you're logged in", replaced by the
 * reader's own once the session is known), so a test that acts as the signed-in reader waits for this first.
 * On a phone the header's part is hidden (the drawer has it): it is looked for in the page, not on screen.
 */
export async function waitForSignedIn(page: Page, signOut = 'Sign Out'): Promise<void> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: signOut, exact: true, includeHidden: true })
    .waitFor({ state: 'attached' });
}

/** The Sign In form on /auth (its tab is the default one). */
export function signInForm(page: Page) {
  return page.getByRole('form', { name: 'Sign In' });
}

/** The Sign Up form on /auth?tab=signup. */
export function signUpForm(page: Page) {
  return page.getByRole('form', { name: 'Sign Up' });
}

/** The Sign In form's one box for the account's phone number or e-mail address. */
export const SIGN_IN_LOGIN = 'Phone number or email';

/** The Sign Up form asks for a phone number first: switches it to an e-mail address. */
export async function chooseEmailSignUp(form: Locator, labels = { group: 'Sign up with', email: 'Email' }) {
  await form.getByRole('radiogroup', { name: labels.group }).getByText(labels.email, { exact: true }).click();
}

/** Fills the Sign In form on the current /auth page and submits it. */
export async function submitSignIn(page: Page, account: { email: string; password: string }) {
  const form = signInForm(page);
  await form.getByRole('textbox', { name: SIGN_IN_LOGIN, exact: true }).fill(account.email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/**
 * Sign-up starts no session (decision 016): after the Sign Up form's success message, its "Sign in" link and
 * the Sign In form, as the citizen does; resolves once the home page knows them.
 */
export async function signInAfterSignUp(page: Page, account: { email: string; password: string }) {
  await page
    .getByText('Account created successfully! Please check your email to verify your account')
    .waitFor();
  await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
  await signInForm(page).waitFor();
  await submitSignIn(page, account);
  await waitForPath(page, '/');
  await waitForSignedIn(page);
}

/** Signs in through /auth and waits for the redirect to the home page. */
export async function signIn(page: Page, account: { email: string; password: string }) {
  await visit(page, '/auth');
  await submitSignIn(page, account);
  await waitForPath(page, '/');
}

/**
 * Signs in through the API with the page's own cookie jar (its context's), for tests whose subject is not the
 * sign-in form and must not depend on its texts: the session cookie lands in the context, and the page loads
 * nothing (the test's next visit() is its first page). The Origin header is the one a page of the site sends.
 * Only email and password: the procedure refuses unknown fields.
 */
export async function signInThroughApi(page: Page, account: { email: string; password: string }) {
  const credentials = { email: account.email, password: account.password };
  expect(await postProcedure(page, 'auth.signIn', credentials)).toBe(200);
}

/**
 * Steps the signed-in session up through the API (auth.stepUp), as the "Confirm your password" dialog does:
 * high-value admin actions need it within the last 15 minutes. For tests whose subject is not the dialog.
 */
export async function stepUpThroughApi(page: Page, password: string) {
  expect(await postProcedure(page, 'auth.stepUp', { password })).toBe(200);
}

/** A tRPC mutation as the site's pages send it, in the page's context (its cookies); the answer's status. */
export async function postProcedure(page: Page, procedure: string, input: unknown): Promise<number> {
  const origin = siteOrigin(page);
  const response = await page.context().request.post(`${origin}/trpc/${procedure}`, {
    headers: { origin, 'content-type': 'application/json' },
    data: JSON.stringify({ json: input }),
  });
  return response.status();
}
