import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn, stepUpThroughApi } from './helpers/auth';
import { load, newPage, type TestPage, type ViewportName, visit, waitForHydration } from './helpers/browser';
import { DEMO_ADMIN, DEMO_CITIZEN } from './helpers/demo-accounts';
import { DEMO_TITLES } from './helpers/demo-elections';
import { setupE2E } from './helpers/suite';

// The other browser tests block the service worker (helpers/browser.ts); these pages allow it. The service
// worker and its caches live in each page's own browser context, so the worker's shared server is enough.
const e2e = setupE2E();
let open: TestPage[] = [];

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
  const testPage = await newPage(e2e.browser(), { viewport, baseURL: e2e.origin(), serviceWorkers: 'allow' });
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

/** Every entry of every cache the site holds, as "cache path?query", read from the page itself. */
function cacheEntries(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const entries: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        entries.push(`${name} ${decodeURIComponent(url.pathname + url.search)}`);
      }
    }
    return entries;
  });
}

/** Whose answers the worker holds: the identity it learnt and the epoch its entries are keyed by. */
function storedIdentity(page: Page): Promise<{ identity: string | null; epoch: string } | null> {
  return page.evaluate(async () => {
    for (const name of await caches.keys()) {
      const stored = await (await caches.open(name)).match('/__codka/identity');
      if (stored) return stored.json();
    }
    return null;
  });
}

/** Signs out as the account menu does: a POST to auth.signOut from the page, through the worker. */
async function signOutThroughApi(page: Page) {
  const status = await page.evaluate(async () => {
    const response = await fetch('/trpc/auth.signOut', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({}),
    });
    return response.status;
  });
  expect(status).toBe(200);
}

/** The demo election whose results voters cannot see while it is open: only an admin gets its counts. */
async function hiddenResultsElectionId(): Promise<string> {
  const response = await fetch(`${e2e.origin()}/trpc/elections.active`);
  const body = (await response.json()) as { result: { data: { json: { id: string; title: string }[] } } };
  const election = body.result.data.json.find((item) => item.title === DEMO_TITLES.presidential.en);
  if (!election) throw new Error('the demo presidential election is missing');
  return election.id;
}

/** A stored answer of a call that must never be kept (data entries are /__codka/trpc/<epoch>/<procedure>). */
const PERSONAL_ENTRY = /\/trpc\/.*(auth\.|votes\.|elections\.hub|elections\.byId|receipt)/;

describe('offline reload (service worker)', () => {
  it('reloads visited public pages with their data without a connection', async () => {
    const { page, context } = await openPage('phone');
    await visit(page, '/');
    await waitForServiceWorker(page);

    const pages = [
      { path: '/', ready: () => page.getByRole('heading', { level: 1 }).first() },
      { path: '/parliament-members', ready: () => page.getByText('Aden Mohamed Nur').first() },
      { path: '/verified-results', ready: () => page.getByRole('heading', { level: 1 }).first() },
    ];
    const online: Record<string, string> = {};
    for (const { path, ready } of pages) {
      await visit(page, path);
      await ready().waitFor();
      // The page's code has run (it starts after the paint): what it fetched online is what offline needs.
      await waitForHydration(page);
      await page.locator('.mantine-Skeleton-root[data-visible]').first().waitFor({ state: 'detached' });
      online[path] = await page.locator('main').innerText();
    }

    await context.setOffline(true);
    // Named in the failure: which download the offline page missed, if any.
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(`${request.url()} (${request.failure()?.errorText})`));
    /** Waits for the page's text; a page that never shows it fails with what it showed and what failed. */
    const shows = async (path: string, ready: () => Locator) => {
      try {
        await ready().waitFor();
      } catch (error) {
        const main = await page
          .locator('main')
          .innerText()
          .catch(() => 'no main');
        throw new Error(
          `offline ${path} showed "${main.slice(0, 600)}"; requests that failed: ${failed.join(', ') || 'none'}`,
          { cause: error },
        );
      }
    };
    for (const { path, ready } of pages) {
      await load(page, path);
      await shows(path, ready);
      await page.locator('.mantine-Skeleton-root[data-visible]').first().waitFor({ state: 'detached' });
      expect(await reloadStatus(page), `offline reload of ${path}`).toBe(200);
      await shows(path, ready);
      // The page's data came back too: what the main area said online, it says offline.
      await expect
        .poll(() => page.locator('main').innerText(), {
          message: `offline ${path}; requests that failed: ${failed.join(', ') || 'none yet'}`,
        })
        .toBe(online[path]);
    }
    await context.setOffline(false);
  });

  it('stores the code of parts a page did not show only once the worker controls the page (a first visit downloads nothing it did not show)', async () => {
    const { page } = await openPage('phone');
    const shownPart = /\/assets\/(SomaliaMap|SiteFooter)-[\w-]+\.js$/;
    // Loaded on demand (the toasts' watcher, the navigation drawer), never shown to this reader on /.
    const notShown = /\/assets\/(NotificationsOnDemand|NavDrawer)-[\w-]+\.js$/;
    const stored = async (pattern: RegExp) =>
      (await cacheEntries(page)).filter((entry) => pattern.test(entry));
    await visit(page, '/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await waitForServiceWorker(page);
    // The first visit: the worker stores what the page downloaded, the parts it showed among them...
    await expect.poll(() => stored(shownPart), { timeout: 15_000 }).toHaveLength(2);
    await page.waitForTimeout(1000);
    // ...and nothing else: the page did not ask for the build's list.
    expect(await stored(notShown)).toEqual([]);

    // A later page under the worker asks: the worker stores the build's list for an offline reload.
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => stored(notShown), { timeout: 15_000 }).toHaveLength(2);
  });

  it('never stores the session, votes, the hub or a receipt, and keeps nothing of a citizen who signed out', async () => {
    const { page, context } = await openPage('phone');
    await signIn(page, DEMO_CITIZEN);
    await waitForServiceWorker(page);
    const electionId = await hiddenResultsElectionId();
    for (const path of [
      '/',
      '/elections',
      `/vote/${electionId}`,
      `/election/${electionId}`,
      '/polls/presidential',
    ]) {
      await visit(page, path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.locator('.mantine-Skeleton-root[data-visible]').first().waitFor({ state: 'detached' });
    }
    const whileSignedIn = await cacheEntries(page);
    const citizen = await storedIdentity(page);
    // The worker did keep public answers for this citizen, tied to them...
    expect(citizen?.identity).toMatch(/^[0-9a-f-]{36}$/);
    const citizenEntries = whileSignedIn.filter((entry) =>
      entry.includes(`/__codka/trpc/${citizen?.epoch}/`),
    );
    expect(citizenEntries.length).toBeGreaterThan(0);
    // ...and nothing personal, ever: no session, no ballot, no hub, no election page with its receipt. The data
    // cache holds the identity record and answers keyed by procedure, and nothing else.
    expect(whileSignedIn.filter((entry) => PERSONAL_ENTRY.test(entry))).toEqual([]);
    const dataEntries = whileSignedIn.filter((entry) => entry.startsWith('codka-data-'));
    for (const entry of dataEntries) {
      expect(entry).toMatch(
        /^codka-data-v\d+ \/__codka\/(identity|trpc\/[\w-]+\/(directory|elections|polls)\.\w+\?input=)/,
      );
    }

    await signOutThroughApi(page);
    const afterSignOut = await cacheEntries(page);
    expect(afterSignOut.filter((entry) => entry.includes('/__codka/trpc/'))).toEqual([]);
    expect((await storedIdentity(page))?.identity).toBeNull();

    // The next person on this phone, offline: the hub says so instead of showing anyone's elections.
    await context.setOffline(true);
    expect(await reloadStatus(page)).toBe(200);
    await page.goto('/elections');
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    expect(await page.locator('main').innerText()).not.toContain(DEMO_TITLES.presidential.en);
    expect((await cacheEntries(page)).filter((entry) => PERSONAL_ENTRY.test(entry))).toEqual([]);
    await context.setOffline(false);
  });

  it('shows a signed-in citizen’s hub offline as "You are offline", never a stale copy', async () => {
    const { page, context } = await openPage();
    await signIn(page, DEMO_CITIZEN);
    await waitForServiceWorker(page);
    await visit(page, '/elections');
    await page.getByText(DEMO_TITLES.presidential.en).first().waitFor();

    await context.setOffline(true);
    expect(await reloadStatus(page)).toBe(200);
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    expect(await page.locator('main').innerText()).not.toContain(DEMO_TITLES.presidential.en);
    await context.setOffline(false);
  });

  it('serves none of an admin’s answers to the visitor who comes next on the same browser', async () => {
    const { page, context } = await openPage();
    await signIn(page, DEMO_ADMIN);
    await waitForServiceWorker(page);
    // Only a stepped-up admin sees hidden counts (a stolen cookie alone reads what a citizen reads).
    await stepUpThroughApi(page, DEMO_ADMIN.password);
    const electionId = await hiddenResultsElectionId();
    // An admin sees counts voters cannot see yet: an answer that must not outlive the admin's session.
    await visit(page, `/results/${electionId}`);
    await page.getByText('Voters cannot see these results yet').waitFor();
    const admin = await storedIdentity(page);
    expect(
      (await cacheEntries(page)).some((entry) =>
        entry.includes(`/__codka/trpc/${admin?.epoch}/elections.results`),
      ),
    ).toBe(true);

    await signOutThroughApi(page);
    // A visitor reads a public page online, then loses the connection and opens the results page.
    await visit(page, '/parliament-members');
    await page.getByText('Aden Mohamed Nur').first().waitFor();
    // The page is readable from its HTML before its script asks who reads: the worker learns it from that answer.
    await expect.poll(async () => (await storedIdentity(page))?.identity).toBe('visitor');
    const visitor = await storedIdentity(page);
    expect(visitor?.epoch).not.toBe(admin?.epoch);
    expect((await cacheEntries(page)).filter((entry) => entry.includes(`/${admin?.epoch}/`))).toEqual([]);

    await context.setOffline(true);
    await page.goto(`/results/${electionId}`).catch(() => null);
    // The page a visitor gets (the worker keeps pages as the server renders them: as a visitor sees them).
    await page.getByText('Results are not published yet').first().waitFor();
    const offlineText = await page.locator('main').innerText();
    expect(offlineText).not.toContain('Voters cannot see these results yet');
    expect(offlineText).not.toContain('Hassan Abdi Nur');
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
