import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { visit } from './browser';

/** Resolves when the page's path is exactly `path` (query and hash ignored). */
export function waitForPath(page: Page, path: string): Promise<void> {
  return page.waitForURL((url) => url.pathname === path);
}

/** The Sign In form on /auth (its tab is the default one). */
export function signInForm(page: Page) {
  return page.getByRole('form', { name: 'Sign In' });
}

/** The Sign Up form on /auth?tab=signup. */
export function signUpForm(page: Page) {
  return page.getByRole('form', { name: 'Sign Up' });
}

/** Fills the Sign In form on the current /auth page and submits it. */
export async function submitSignIn(page: Page, account: { email: string; password: string }) {
  const form = signInForm(page);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs in through /auth and waits for the redirect to the home page. */
export async function signIn(page: Page, account: { email: string; password: string }) {
  await visit(page, '/auth');
  await submitSignIn(page, account);
  await waitForPath(page, '/');
}

/**
 * Signs in through the API from the page itself (the session cookie lands in its context), for tests whose
 * subject is not the sign-in form and must not depend on its texts. Only email and password: the procedure
 * refuses unknown fields.
 */
export async function signInThroughApi(page: Page, account: { email: string; password: string }) {
  await visit(page, '/');
  const credentials = { email: account.email, password: account.password };
  const status = await page.evaluate(async (body) => {
    const response = await fetch('/trpc/auth.signIn', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: body }),
    });
    return response.status;
  }, credentials);
  expect(status).toBe(200);
}

/**
 * Steps the signed-in session up through the API (auth.stepUp), as the "Confirm your password" dialog does:
 * high-value admin actions need it within the last 15 minutes. For tests whose subject is not the dialog.
 */
export async function stepUpThroughApi(page: Page, password: string) {
  const status = await page.evaluate(
    async (body) => {
      const response = await fetch('/trpc/auth.stepUp', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ json: body }),
      });
      return response.status;
    },
    { password },
  );
  expect(status).toBe(200);
}
