import { describe, expect, it } from 'vitest';
import { signInThroughApi, waitForPath } from './helpers/auth';
import { visit } from './helpers/browser';
import { DEMO_ADMIN, DEMO_CITIZEN } from './helpers/demo-accounts';
import { setupE2E } from './helpers/suite';

const { openPage } = setupE2E();

async function adminLogin(
  page: import('playwright-core').Page,
  account: { email: string; password: string },
) {
  const form = page.getByRole('form', { name: 'Admin Login' });
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/**
 * The audit page past its first render: its log (or the log's empty state), or the "Confirm your password" form
 * its step-up gate shows once the session's step-up status has answered. Either comes in a render after the
 * one that drew the layout, so that render's effects, ctrl+b's listener among them, have run (React runs them
 * before it renders again): a key pressed as soon as the sidebar shows could come before the listener.
 */
async function auditPageShown(page: import('playwright-core').Page) {
  await page
    .getByRole('table', { name: 'Audit log' })
    .or(page.getByText('No audit entries', { exact: true }))
    .or(page.getByRole('main').getByRole('heading', { name: 'Confirm your password', level: 1 }))
    .waitFor();
}

describe('admin guard', () => {
  it('sends a visitor to /admin/login and back to /admin/users after signing in as admin', async () => {
    const { page } = await openPage();
    await visit(page, '/admin/users');
    await waitForPath(page, '/admin/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin/users');
    await adminLogin(page, DEMO_ADMIN);
    await waitForPath(page, '/admin/users');
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Users' })
      .waitFor();
  });

  it('tells a signed-in citizen that admin pages are not for them', async () => {
    const { page } = await openPage();
    await signInThroughApi(page, DEMO_CITIZEN);
    await visit(page, '/admin/settings');
    await page.getByText('Access denied. Admin privileges required.').waitFor();
    await visit(page, '/admin/login');
    await page.getByText('Access denied. Admin credentials required.').waitFor();
  });

  it('asks for both fields and offers to fix the login when credentials are invalid', async () => {
    const testPage = await openPage();
    const { page } = testPage;
    testPage.allowResourceError(401, '/trpc/auth.signIn', 'a wrong password on purpose');
    await visit(page, '/admin/login');
    await page
      .getByRole('form', { name: 'Admin Login' })
      .getByRole('button', { name: 'Sign In', exact: true })
      .click();
    await page.getByText('Please enter both email and password').waitFor();
    await adminLogin(page, { email: DEMO_ADMIN.email, password: 'not-the-password' });
    await page.getByText('Invalid login credentials').waitFor();
    await page.getByRole('button', { name: 'Fix admin login' }).waitFor();
  });

  it('toggles the sidebar with ctrl+b and remembers it across a reload', async () => {
    const { page, context } = await openPage();
    await visit(page, '/admin/login?next=%2Fadmin%2Faudit');
    await adminLogin(page, DEMO_ADMIN);
    await waitForPath(page, '/admin/audit');
    const sidebar = page.getByTestId('admin-sidebar');
    await sidebar.getByText('Audit Log', { exact: true }).waitFor();
    await auditPageShown(page);
    await page.keyboard.press('Control+b');
    await sidebar.getByText('Audit Log', { exact: true }).waitFor({ state: 'hidden' });
    const cookie = (await context.cookies()).find((c) => c.name === 'admin_sidebar_state');
    expect(cookie?.value).toBe('collapsed');
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(6.9 * 24 * 3600);
    await page.reload();
    await page.getByTestId('sidebar-toggle').waitFor();
    expect(await page.getByTestId('sidebar-toggle').getAttribute('aria-expanded')).toBe('false');
    await auditPageShown(page);
    await page.keyboard.press('Control+b');
    await sidebar.getByText('Audit Log', { exact: true }).waitFor();
  });

  it('shows the sidebar as a drawer on a phone', async () => {
    const { page } = await openPage('phone');
    await visit(page, '/admin/login');
    await adminLogin(page, DEMO_ADMIN);
    await waitForPath(page, '/admin');
    await page.getByRole('button', { name: 'Open admin menu' }).click();
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await waitForPath(page, '/admin/settings');
    // The settings page itself: the dashboard stays on screen until the page's code has come.
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
