import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterEach } from 'vitest';

export type ViewportName = 'desktop' | 'wide' | 'phone';

const VIEWPORTS = {
  // A visitor's header shows its row of links from 1280 px in English and 1440 px in Somali; below, a burger.
  desktop: { viewport: { width: 1280, height: 800 } },
  // Wide enough for the header's whole row for every role in both languages (the row of a signed-in reader
  // collapses into the drawer at 1280 px): for tests that use the header's controls, not its layout.
  wide: { viewport: { width: 1920, height: 1080 } },
  phone: { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true },
} as const;

/** A resource error a test provokes on purpose (for example a 401 from a wrong password). */
interface AllowedResourceError {
  status: number;
  urlPart: string;
  reason: string;
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Page errors, console errors and 5xx answers seen so far. */
  problems: string[];
  /**
   * Accepts Chromium's "Failed to load resource: ... status of {status}" console error for a URL containing
   * urlPart: only for a failure the test causes on purpose, with the reason.
   */
  allowResourceError(status: number, urlPart: string, reason: string): void;
  close(): Promise<void>;
}

/** The site's origin for each context newPage() opened (its baseURL). */
const origins = new WeakMap<BrowserContext, string>();

/** The origin of the site a test page belongs to: its context's baseURL, or the address it shows. */
export function siteOrigin(page: Page): string {
  const known = origins.get(page.context());
  if (known) return new URL(known).origin;
  const shown = new URL(page.url());
  if (shown.protocol !== 'http:' && shown.protocol !== 'https:') {
    throw new Error('the page was not opened by newPage() and shows no address of the site yet');
  }
  return shown.origin;
}

/**
 * A page in its own context (own cookies and storage) at a desktop or phone size, with relative URLs
 * resolved against the server's origin. Every page error, console error and 5xx answer is recorded.
 */
export async function newPage(
  browser: Browser,
  options: {
    viewport: ViewportName;
    baseURL: string;
    language?: 'en' | 'so';
    colorScheme?: 'light' | 'dark';
    /**
     * The site's service worker (client/public/sw.js) is blocked unless a test is about it: requests it
     * answers bypass page.route(), which other tests use to stub or hold answers.
     */
    serviceWorkers?: 'allow' | 'block';
  },
): Promise<TestPage> {
  // The browser's language decides the site's first language; tests pin it (English unless asked).
  const context = await browser.newContext({
    ...VIEWPORTS[options.viewport],
    baseURL: options.baseURL,
    locale: options.language === 'so' ? 'so-SO' : 'en-GB',
    colorScheme: options.colorScheme ?? 'light',
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  origins.set(context, options.baseURL);
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(15_000);
  const page = await context.newPage();
  await slowDownCpu(page);
  const problems: string[] = [];
  const allowed: AllowedResourceError[] = [];

  page.on('pageerror', (error) => {
    problems.push(`page error: ${error.stack ?? error.message}`);
  });
  // Addresses answered with the busy page (503 with Retry-After, past the server's render budget): a designed
  // answer that reloads itself (visit() follows it), not a server error.
  const busy = new Set<string>();
  const busyConsoleError = (text: string, url: string) =>
    text.startsWith('Failed to load resource') && text.includes('status of 503 ') && busy.has(url);

  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    const url = message.location().url;
    if (busyConsoleError(text, url)) return;
    const isAllowed = allowed.some(
      (rule) =>
        text.startsWith('Failed to load resource') &&
        text.includes(`status of ${rule.status} `) &&
        url.includes(rule.urlPart),
    );
    if (!isAllowed) problems.push(`console error: ${text}${url ? ` (${url})` : ''}`);
  });
  page.on('response', (response) => {
    const isBusyPage =
      response.status() === 503 &&
      response.request().isNavigationRequest() &&
      Number(response.headers()['retry-after']) > 0;
    if (isBusyPage) {
      busy.add(response.url());
      // Chromium may report the console error before the answer's event.
      const reported = problems.findIndex(
        (problem) =>
          problem.startsWith('console error: Failed to load resource') &&
          problem.includes(`status of 503 `) &&
          problem.endsWith(`(${response.url()})`),
      );
      if (reported >= 0) problems.splice(reported, 1);
      return;
    }
    if (response.status() >= 500) problems.push(`HTTP ${response.status()} for ${response.url()}`);
  });

  return {
    page,
    context,
    problems,
    allowResourceError(status, urlPart, reason) {
      allowed.push({ status, urlPart, reason });
    },
    close: () => context.close(),
  };
}

/**
 * E2E_CPU_SLOWDOWN=4 (for example) runs every test page's scripts that many times slower, as on CI's loaded
 * 2-core machine or a cheap phone: races between a test and the page (hydration, the session check, a
 * navigation's code) then show on a quiet machine too. Off unless set.
 */
async function slowDownCpu(page: Page): Promise<void> {
  const rate = Number(process.env.E2E_CPU_SLOWDOWN ?? '1');
  if (!(rate > 1)) return;
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate });
}

/** The browser's language (which the site follows unless the reader chose one) and colour scheme. */
export type PageOptions = { language?: 'en' | 'so'; colorScheme?: 'light' | 'dark' };

/**
 * Opens pages for the tests of one file and, after each test, closes them and fails the test when any
 * of them saw a page error, a console error or a 5xx answer.
 */
export function trackPages(setup: () => { browser: Browser; origin: string }) {
  let open: TestPage[] = [];

  afterEach(async () => {
    const pages = open;
    open = [];
    // Parts of the server's HTML that React could not hydrate (client/src/entry.client.tsx keeps them on the window).
    await Promise.all(pages.map(recordHydrationErrors));
    const problems = pages.flatMap((testPage) => testPage.problems);
    await Promise.all(pages.map((testPage) => testPage.close()));
    if (problems.length > 0) {
      throw new Error(`the browser reported ${problems.length} problem(s):\n${problems.join('\n')}`);
    }
  });

  return async (viewport: ViewportName = 'desktop', options: PageOptions = {}): Promise<TestPage> => {
    const { browser, origin } = setup();
    const testPage = await newPage(browser, { viewport, baseURL: origin, ...options });
    open.push(testPage);
    return testPage;
  };
}

/** The page's recoverable hydration errors, as problems (also when its console.error was not seen). */
async function recordHydrationErrors(testPage: TestPage): Promise<void> {
  if (testPage.page.isClosed()) return;
  const errors = await testPage.page
    .evaluate(
      () => (window as unknown as { __codkaRecoverableErrors?: string[] }).__codkaRecoverableErrors ?? [],
    )
    .catch(() => [] as string[]);
  for (const error of errors) {
    const problem = `hydration error: ${error}`;
    if (!testPage.problems.some((seen) => seen.includes(error))) testPage.problems.push(problem);
  }
}

/** How many times a test follows the busy page's reload, as a reader's browser would, before it gives up. */
export const BUSY_RELOADS = 5;

/** Path and query of the page's URL, for comparing with "/" and the like. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/**
 * Loads a path directly (a full page load, not a client-side navigation), as a reader does: the busy page (503,
 * past the server's render budget: server/http/ssr.ts) reloads itself after its Retry-After, and this waits for
 * that reload, a few times at most. Returns the page's own answer, whatever its status (a 404 is one).
 */
export async function load(
  page: Page,
  path: string,
  options: { waitUntil?: 'load' | 'domcontentloaded' } = {},
): Promise<Response | null> {
  let response = await page.goto(path, options);
  for (let reload = 0; reload < BUSY_RELOADS && response?.status() === 503; reload += 1) {
    const retryAfter = Number(await response.headerValue('retry-after'));
    if (!(retryAfter > 0)) break;
    // The busy page's own refresh (a meta tag, no script) loads the address again.
    const timeout = retryAfter * 1000 + 15_000;
    const loaded =
      options.waitUntil === 'domcontentloaded'
        ? page.waitForEvent('domcontentloaded', { timeout })
        : page.waitForEvent('load', { timeout });
    response = await page.waitForResponse(
      (next) => next.request().isNavigationRequest() && next.frame() === page.mainFrame(),
      { timeout },
    );
    await loaded;
  }
  return response;
}

/** load(), checking the page answered 200. */
export async function visit(page: Page, path: string): Promise<Response> {
  const response = await load(page, path);
  const status = response?.status();
  if (!response || status !== 200) {
    const body = response ? (await response.text()).slice(0, 300) : 'no response';
    throw new Error(`GET ${path} answered ${status ?? 'nothing'} instead of the app (200): ${body}`);
  }
  return response;
}

/**
 * Resolves once a page the server rendered works: React has hydrated it, every slice (client/src/lib/slice.tsx)
 * included, and taps made before React started have been replayed. client/src/root.tsx marks that moment on the
 * window (`__codkaHydrated`); the server's HTML alone looks the same before it.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => (window as unknown as { __codkaHydrated?: boolean }).__codkaHydrated === true,
  );
}
