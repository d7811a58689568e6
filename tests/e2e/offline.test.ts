import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './helpers/auth';
import { launchBrowser, newPage, type TestPage, type ViewportName, visit } from './helpers/browser';
import { DEMO_ADMIN, DEMO_CITIZEN } from './helpers/demo-accounts';
import { startServer, type TestServer } from './helpers/server';

// The other browser tests block the service worker (helpers/browser.ts); these pages allow it.
let server: TestServer;
let browser: Browser;
let open: TestPage[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  try {
    await browser?.close();
  } finally {
    await server?.stop();
  }
});

/** Page errors fail the test; offline, failed requests are expected and not counted. */
afterEach(async () => {
  const pages = open;
  open = [];
  const errors = pages
    .flatMap((testPage) => testPage.problems)
    .filter((line) => line.startsWith('page error'));
  await Promise.all(pages.map((testPage) => testPage.close()));
  expect(errors).toEqual([]);
});

async function openPage(viewport: ViewportName = 'desktop'): Promise<TestPage> {
  const testPage = await newPage(browser, { viewport, baseURL: server.origin, serviceWorkers: 'allow' });
  open.push(testPage);
  return testPage;
}

/** Resolves once /sw.js controls the page (it claims the page on its first activation). */
async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return registration?.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
  });
}

/** A reload that may fail (offline, nothing cached): resolves with the status, or null when nothing came. */
async function reloadStatus(page: Page): Promise<number | null> {
  try {
    const response = await page.reload();
    return response?.status() ?? null;
  } catch {
    return null;
  }
}

describe('offline reload (service worker)', () => {
  it('reloads visited pages with their data without a connection', async () => {
    const { page, context } = await openPage('phone');
    await signIn(page, DEMO_CITIZEN);
    await waitForServiceWorker(page);

    const pages = [
      { path: '/', ready: () => page.getByRole('heading', { level: 1 }).first() },
      { path: '/parliament-members', ready: () => page.getByText('Aden Mohamed Nur').first() },
      { path: '/elections', ready: () => page.getByRole('heading', { level: 1 }).first() },
    ];
    const online: Record<string, string> = {};
    for (const { path, ready } of pages) {
      await visit(page, path);
      await ready().waitFor();
      await page.locator('.mantine-Skeleton-root[data-visible]').first().waitFor({ state: 'detached' });
      online[path] = await page.locator('main').innerText();
    }

    await context.setOffline(true);
    for (const { path, ready } of pages) {
      await page.goto(path);
      await ready().waitFor();
      await page.locator('.mantine-Skeleton-root[data-visible]').first().waitFor({ state: 'detached' });
      expect(await reloadStatus(page), `offline reload of ${path}`).toBe(200);
      await ready().waitFor();
      // The page's data came back too: what the main area said online, it says offline.
      await expect.poll(() => page.locator('main').innerText()).toBe(online[path]);
    }
    await context.setOffline(false);
  });

  it('never serves an admin page from its cache', async () => {
    const { page, context } = await openPage();
    await signIn(page, DEMO_ADMIN);
    await waitForServiceWorker(page);
    await visit(page, '/admin/users');
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    await context.setOffline(true);
    expect(await reloadStatus(page)).toBeNull();
    await context.setOffline(false);
  });
});
