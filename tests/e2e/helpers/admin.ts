import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { signInThroughApi, stepUpThroughApi } from './auth';
import { type TestPage, type ViewportName, visit } from './browser';
import { DEMO_ADMIN, DEMO_SECOND_ADMIN } from './demo-accounts';

/** A toast (Mantine notifications have role alert) containing this text. */
export const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** Opens a Mantine Select in a scope and picks an option by its label. */
export async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Signs the demo admin in and passes the dashboard's step-up login on /admin. */
export async function openDashboard(page: Page) {
  await signInThroughApi(page, DEMO_ADMIN);
  await visit(page, '/admin');
  const form = page.getByRole('form', { name: 'Dashboard login' });
  await form.getByRole('textbox', { name: 'E-mail' }).fill(DEMO_ADMIN.email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_ADMIN.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await toast(page, 'Login Successful').waitFor();
  await page.getByTestId('count-districts').waitFor();
}

/**
 * One signed-in, stepped-up demo admin session per test file, for the tests whose subject is neither the sign-in
 * form nor the dashboard's login: the first call signs in and steps up through the API, later calls copy its
 * cookies into their page's context (each sign-in and step-up costs an argon2 hash and the server's floor of a
 * second per attempt). A test that signs out or locks the dashboard opens its own session (openDashboard).
 * Returns `asAdmin(testPage)`, which leaves the page on `path` (default: the dashboard, its counts shown).
 */
export function sharedAdminSession() {
  let saved: Awaited<ReturnType<BrowserContext['cookies']>> | undefined;
  return async function asAdmin(testPage: TestPage, path = '/admin') {
    if (saved) {
      await testPage.context.addCookies(saved);
    } else {
      await signInThroughApi(testPage.page, DEMO_ADMIN);
      await stepUpThroughApi(testPage.page, DEMO_ADMIN.password);
      saved = await testPage.context.cookies();
    }
    await visit(testPage.page, path);
    if (path === '/admin') await testPage.page.getByTestId('count-districts').waitFor();
  };
}

// A 1x1 PNG: the tests run offline, so the tile server is played by the test.
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Answers the configured (demo) tile host's requests: with a tile, or with 404 as if it had none. */
export function stubTiles(page: Page, state: 'ok' | 'down') {
  return page.route('https://tile.openstreetmap.org/**', (route) =>
    state === 'ok'
      ? route.fulfill({ status: 200, contentType: 'image/png', body: TILE })
      : route.fulfill({ status: 404, body: 'no tile' }),
  );
}

export async function expectNoHorizontalScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `scrollWidth at ${page.url()}`).toBeLessThanOrEqual(360);
}

/**
 * The second demo System Admin opens /admin/approvals (on a phone) and confirms the request whose card holds
 * `text`: what one System Admin asks for (a roll import, a staff role, opening an election, publishing its results
 * or a poll) takes effect only then.
 */
export async function confirmAsSecondAdmin(
  openPage: (viewport?: ViewportName) => Promise<{ page: Page }>,
  text: string,
) {
  const { page } = await openPage('phone');
  await signInThroughApi(page, DEMO_SECOND_ADMIN);
  await stepUpThroughApi(page, DEMO_SECOND_ADMIN.password);
  await visit(page, '/admin/approvals');
  await page.getByRole('heading', { name: 'Approvals', level: 1 }).waitFor();
  const card = page.getByRole('article').filter({ hasText: text }).first();
  await card.getByRole('button', { name: 'Confirm' }).click();
  await toast(page, 'Confirmed: the change is made.').waitFor();
  await expectNoHorizontalScroll(page);
}
