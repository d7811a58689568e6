import type { Page } from 'playwright-core';
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
