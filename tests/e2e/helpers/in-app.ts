import type { Page } from 'playwright-core';

/**
 * Moving between pages inside the app, the way a reader follows links, for tests whose subject is what a page
 * shows rather than how the server's HTML becomes it (the server-rendered pages' own tests load every page):
 * a full page load in a fresh browser costs about a second of CPU, a move inside the app a small part of it.
 */

/** Before the page's first load: lets navigateInApp() know when a page has its code and data. */
export async function followInApp(page: Page): Promise<void> {
  trackRequests(page);
  await countFetches(page);
}

/**
 * Moves inside the single-page app (as the browser's back and forward buttons do: the router follows the
 * address) and waits until the new page shows and has its data. The page must have been prepared with
 * followInApp() before its first load.
 */
export async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    // The page being left, for waitUntilSettled(): the router keeps it on screen (a transition) while the next
    // page's code and data load, and its heading would pass for the new page's. The same page at another query
    // keeps its heading: the router's own loading state is what says when it has its data.
    const samePage = new URL(to, window.location.href).pathname === window.location.pathname;
    const heading = document.querySelector('h1');
    const leaving = samePage || !heading ? null : { heading, text: heading.textContent };
    Object.assign(window, { e2eLeaving: leaving });
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await waitUntilSettled(page);
}

/** Requests in flight per page (the map's tiles included), to know when a page has its code and data. */
const inFlight = new WeakMap<Page, Set<unknown>>();

function trackRequests(page: Page) {
  const pending = new Set<unknown>();
  inFlight.set(page, pending);
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
}

/**
 * Counts the page's own fetches in flight (its data: loaders' and tRPC's), in the page itself, so that waitUntilSettled()
 * reads it in step with the page's code instead of waiting out a quiet window.
 */
function countFetches(page: Page) {
  return page.addInitScript(() => {
    const counted = window as unknown as { e2eFetches: number };
    counted.e2eFetches = 0;
    const original = window.fetch;
    window.fetch = function (this: unknown, ...args: Parameters<typeof fetch>) {
      counted.e2eFetches += 1;
      return original.apply(this, args).finally(() => {
        counted.e2eFetches -= 1;
      });
    } as typeof fetch;
  });
}

/** Frames in a row the page must be quiet: its last render's effects have run and started what they fetch. */
const QUIET_FRAMES = 3;
let settleCount = 0;

/**
 * The new page in place of the one navigateInApp() left (its heading gone, or changed when the same page shows
 * another address), then React Router idle (no navigation, revalidation or fetcher loading) with no fetch in
 * flight for a few frames in a row and no request in flight at all (code, tiles), then no loader or skeleton left
 * and a heading shown.
 */
export async function waitUntilSettled(page: Page) {
  await page.waitForLoadState('load');
  await page.waitForFunction(
    () => {
      const leaving = (window as unknown as { e2eLeaving?: { heading: Element; text: string | null } | null })
        .e2eLeaving;
      const heading = document.querySelector('h1');
      return (
        !leaving ||
        (heading !== null && (heading !== leaving.heading || heading.textContent !== leaving.text))
      );
    },
    undefined,
    { timeout: 10_000, polling: 100 },
  );
  settleCount += 1;
  const pending = inFlight.get(page);
  const deadline = Date.now() + 10_000;
  do {
    await page.waitForFunction(
      ({ token, frames }) => {
        type State = 'idle' | 'loading' | 'submitting';
        const seen = window as unknown as {
          __reactRouterDataRouter?: {
            state: {
              navigation: { state: State };
              revalidation: State;
              fetchers: Map<string, { state: State }>;
            };
          };
          e2eFetches?: number;
          e2eQuiet?: { token: number; frames: number };
        };
        const router = seen.__reactRouterDataRouter?.state;
        const idle =
          !router ||
          (router.navigation.state === 'idle' &&
            router.revalidation === 'idle' &&
            [...router.fetchers.values()].every((fetcher) => fetcher.state === 'idle'));
        const quiet = idle && (seen.e2eFetches ?? 0) === 0;
        const before = seen.e2eQuiet?.token === token ? seen.e2eQuiet.frames : 0;
        seen.e2eQuiet = { token, frames: quiet ? before + 1 : 0 };
        return seen.e2eQuiet.frames >= frames;
      },
      { token: settleCount, frames: QUIET_FRAMES },
      { timeout: 10_000, polling: 'raf' },
    );
    if (!pending || pending.size === 0) break;
    await page.waitForTimeout(50);
  } while (Date.now() < deadline);
  await page.waitForFunction(
    () => {
      const busy = document.querySelector('.mantine-Loader-root, .mantine-Skeleton-root[data-visible]');
      return !busy && document.querySelector('h1') !== null;
    },
    undefined,
    { timeout: 10_000, polling: 100 },
  );
}
