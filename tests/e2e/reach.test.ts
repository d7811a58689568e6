import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDashboard, stubTiles } from './helpers/admin';
import { SIGN_IN_LOGIN, signInThroughApi } from './helpers/auth';
import { axeViolations, COLOUR_RULES, horizontalOverflow, smallTargets } from './helpers/axe';
import { load, newPage, type TestPage, type ViewportName, visit, waitForHydration } from './helpers/browser';
import { DEMO_CITIZEN } from './helpers/demo-accounts';
import { followInApp, navigateInApp, waitUntilSettled } from './helpers/in-app';
import { setupE2E } from './helpers/suite';

/**
 * The accessibility gate on every page of the site: axe-core (WCAG 2.1 A/AA, serious and critical) in English and
 * Somali at 360x640 in the light theme, with no sideways scroll and 44 px targets; then in Somali only (the
 * longer texts), the colour rules in the dark theme (the scheme changes colours only) and every rule at 1280x800.
 * A language changes texts, which the two phone passes check; the dark and desktop passes check colours and
 * layout, which are the same in both languages.
 * One browser; one signed-in page per role and language, moving between routes inside the app (the way a
 * reader does) so the suite stays within a few minutes.
 */

type Role = 'visitor' | 'citizen' | 'admin';
type Language = 'en' | 'so';
type Scheme = 'light' | 'dark';

interface Route {
  path: string;
  role: Role;
}

/** Routes with an id take a real one from a listing page: the first link starting with `prefix`. */
const ID_SOURCES = {
  state: { page: '/federal-states', prefix: '/states/' },
  member: { page: '/parliament-members', prefix: '/parliament-members/' },
  senator: { page: '/senators', prefix: '/senators/' },
  region: { page: '/regions', prefix: '/regions/' },
  results: { page: '/verified-results', prefix: '/results/' },
  election: { page: '/verified-results', prefix: '/election/' },
  poll: { page: '/polls/presidential/history', prefix: '/polls/presidential/history/' },
  adminPoll: { page: '/admin/polls', prefix: '/admin/polls/' },
  adminElection: { page: '/admin/elections', prefix: '/admin/elections/' },
} as const;

const e2e = setupE2E();
let routes: Route[] = [];
/** Cookies of a signed-in citizen and of the admin after the dashboard's step-up, copied into new pages. */
const cookies: Partial<Record<Role, Awaited<ReturnType<TestPage['context']['cookies']>>>> = {};
/** Per route: axe findings per language, scheme and viewport, for the summary printed at the end. */
const summary = new Map<string, Record<string, number>>();

async function firstHref(page: Page, path: string, prefix: string): Promise<string> {
  await navigateInApp(page, path);
  const link = page.locator(`a[href^="${prefix}"]`).first();
  await link.waitFor();
  const href = await link.getAttribute('href');
  if (!href) throw new Error(`no link starting with ${prefix} on ${path}`);
  return href;
}

async function openAs(
  role: Role,
  viewport: ViewportName,
  language: Language,
  beforeLoad?: (page: Page) => Promise<void>,
): Promise<TestPage> {
  const testPage = await newPage(e2e.browser(), { viewport, baseURL: e2e.origin(), language });
  await followInApp(testPage.page);
  await stubTiles(testPage.page, 'ok');
  await beforeLoad?.(testPage.page);
  const saved = cookies[role];
  if (saved) await testPage.context.addCookies(saved);
  const response = await load(testPage.page, '/');
  expect(response?.status()).toBe(200);
  await waitUntilSettled(testPage.page);
  // The keyboard tests press keys on it at once: its map and menus answer through React, once hydrated.
  await waitForHydration(testPage.page);
  return testPage;
}

async function switchScheme(page: Page, scheme: Scheme) {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(
    (wanted) => document.documentElement.getAttribute('data-mantine-color-scheme') === wanted,
    scheme,
  );
  // Colour transitions (Mantine animates some labels) are taken to their end before axe reads colours: the
  // scheme's own colours, without waiting a transition's length on every page. Reading the animations first
  // brings the page's style up to date, so the scheme's transitions have started.
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
    }
  });
}

function record(path: string, column: string, count: number) {
  const row = summary.get(path) ?? {};
  row[column] = count;
  summary.set(path, row);
}

beforeAll(async () => {
  const citizen = await newPage(e2e.browser(), { viewport: 'desktop', baseURL: e2e.origin() });
  await signInThroughApi(citizen.page, DEMO_CITIZEN);
  cookies.citizen = await citizen.context.cookies();
  await citizen.close();

  const admin = await newPage(e2e.browser(), { viewport: 'desktop', baseURL: e2e.origin() });
  await followInApp(admin.page);
  await openDashboard(admin.page);
  cookies.admin = await admin.context.cookies();

  const visitor = await newPage(e2e.browser(), { viewport: 'desktop', baseURL: e2e.origin() });
  await followInApp(visitor.page);
  await stubTiles(visitor.page, 'ok');
  await visit(visitor.page, '/');
  const ids: Record<string, string> = {};
  for (const [name, source] of Object.entries(ID_SOURCES)) {
    const page = name.startsWith('admin') ? admin.page : visitor.page;
    ids[name] = await firstHref(page, source.page, source.prefix);
  }
  await visitor.close();
  await admin.close();
  const electionId = (ids.election ?? '').split('/')[2] ?? '';
  const adminElection = (ids.adminElection ?? '').split('/')[3] ?? '';

  const publicPaths = [
    '/',
    '/auth',
    '/auth?tab=signup',
    '/admin/login',
    '/parliament-members',
    ids.member,
    '/senators',
    ids.senator,
    '/federal-states',
    ids.state,
    '/regions',
    ids.region,
    '/voting',
    '/transparent-process',
    '/about',
    '/help',
    '/registration-centers',
    '/verify-email',
    '/forgot-password',
    '/reset-password',
    '/elections',
    `/vote/${electionId}`,
    ids.results,
    ids.election,
    '/verify',
    '/verified-results',
    '/open-data',
    '/polls/presidential',
    '/polls/presidential/history',
    ids.poll,
    '/polls/history',
    '/no-such-page',
  ];
  const adminPaths = [
    '/admin',
    '/admin/candidates',
    '/admin/users',
    '/admin/voter-roll',
    '/admin/settings',
    '/admin/audit',
    '/admin/polls',
    ids.adminPoll,
    '/admin/elections',
    `/admin/elections/${adminElection}/candidates`,
    `/admin/elections/${adminElection}/results`,
    '/admin/election-results',
    '/admin/data-tools/member-photos',
    '/admin/data-tools/photo-jobs',
    '/admin/data-tools/name-aliases',
    '/admin/no-such-page',
  ];
  routes = [
    ...publicPaths.map((path) => ({ path: path ?? '', role: 'visitor' as const })),
    // The hub and the account are for signed-in citizens: checked as one too.
    { path: '/elections', role: 'citizen' },
    { path: '/account', role: 'citizen' },
    ...adminPaths.map((path) => ({ path: path ?? '', role: 'admin' as const })),
    // The staff console: a System Admin opens every section.
    ...['/staff/enroll', '/staff/review', '/staff/voters', '/staff/statistics', '/staff/flags'].map(
      (path) => ({
        path,
        role: 'admin' as const,
      }),
    ),
  ];
}, 120_000);

afterAll(async () => {
  const lines = [...summary.entries()].map(
    ([path, counts]) =>
      `${path.padEnd(48)} ${Object.entries(counts)
        .map(([column, count]) => `${column}=${count}`)
        .join(' ')}`,
  );
  process.stdout.write(`\n[reach] axe serious/critical findings per route:\n${lines.join('\n')}\n`);
});

/** Visits every route as its role, runs `check` on each and fails with every finding at once. */
async function everyRoute(
  viewport: ViewportName,
  language: Language,
  check: (page: Page, route: Route) => Promise<string[]>,
) {
  const pages = new Map<Role, TestPage>();
  const findings: string[] = [];
  try {
    for (const route of routes) {
      let testPage = pages.get(route.role);
      if (!testPage) {
        testPage = await openAs(route.role, viewport, language);
        pages.set(route.role, testPage);
      }
      await navigateInApp(testPage.page, route.path);
      const label = route.role === 'visitor' ? route.path : `${route.path} (${route.role})`;
      findings.push(...(await check(testPage.page, route)).map((finding) => `${label}: ${finding}`));
    }
    for (const testPage of pages.values()) {
      findings.push(...testPage.problems.filter((problem) => problem.startsWith('page error')));
    }
  } finally {
    await Promise.all([...pages.values()].map((testPage) => testPage.close()));
  }
  expect(findings, findings.join('\n')).toEqual([]);
}

describe('reach: every page at 360x640', () => {
  for (const language of ['en', 'so'] as const) {
    it(`meets WCAG 2.1 AA, fits the width and has 44 px targets (${language}; dark too in so)`, async () => {
      await everyRoute('phone', language, async (page, route) => {
        const findings: string[] = [];
        const overflow = await horizontalOverflow(page);
        if (overflow > 0) findings.push(`scrolls sideways by ${overflow}px`);
        findings.push(...(await smallTargets(page)).map((target) => `target under 44px: ${target}`));
        for (const scheme of language === 'so' ? (['light', 'dark'] as const) : (['light'] as const)) {
          await switchScheme(page, scheme);
          // Dark changes colours only: every WCAG rule ran on this page in light, the colour rules run again.
          const violations = await axeViolations(page, scheme === 'dark' ? { rules: COLOUR_RULES } : {});
          record(`${route.path} (${route.role})`, `phone-${language}-${scheme}`, violations.length);
          findings.push(...violations.map((violation) => `[${scheme}] ${violation}`));
        }
        if (language === 'so') await switchScheme(page, 'light');
        return findings;
      });
    }, 240_000);
  }
});

describe('reach: every page at 1280x800', () => {
  for (const language of ['so'] as const) {
    it(`meets WCAG 2.1 AA in the light theme (${language})`, async () => {
      await everyRoute('desktop', language, async (page, route) => {
        const violations = await axeViolations(page);
        record(`${route.path} (${route.role})`, `desktop-${language}`, violations.length);
        return violations;
      });
    }, 240_000);
  }
});

describe('keyboard', () => {
  it('reaches the content through the skip link, with a visible focus ring', async () => {
    const { page, close } = await openAs('visitor', 'desktop', 'en');
    try {
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
      const box = await skip.boundingBox();
      expect(box?.y ?? -1, 'the focused skip link is on screen').toBeGreaterThanOrEqual(0);
      expect(await skip.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
      // The next Tab lands inside the page's content, past the header.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
      expect(
        await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle),
      ).not.toBe('none');
    } finally {
      await close();
    }
  });

  it('opens a region of the Somalia map with Tab and Enter', async () => {
    const { page, close } = await openAs('visitor', 'desktop', 'so');
    try {
      const region = page.locator('svg path[role="link"]').first();
      await region.waitFor();
      // Tab until the first region has focus (through the header and the page's first links).
      for (let step = 0; step < 60; step += 1) {
        if (await region.evaluate((element) => element === document.activeElement)) break;
        await page.keyboard.press('Tab');
      }
      expect(await region.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await region.getAttribute('aria-label')).toMatch(/\S/);
      // The focused region is drawn with a ring around it (the map's own focus indicator).
      await page.locator('svg g[aria-hidden] path[class*="ringOuter"]').waitFor();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname.startsWith('/states/'));
    } finally {
      await close();
    }
  });

  it('keeps focus inside the drawer and gives it back to the menu button', async () => {
    const { page, close } = await openAs('visitor', 'phone', 'en');
    try {
      const burger = page.getByRole('button', { name: 'Open navigation' });
      await burger.focus();
      await page.keyboard.press('Enter');
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await drawer.waitFor();
      const focusIn = () =>
        drawer.evaluate((element) =>
          element.contains(document.activeElement)
            ? 'inside'
            : (document.activeElement?.outerHTML.slice(0, 120) ?? 'nothing'),
        );
      // The drawer's code downloads on this first open: its focus trap moves focus in once it has rendered.
      await expect.poll(focusIn, { timeout: 10_000 }).toBe('inside');
      // The open drawer (links, language, data saver switch) meets the same bar as the pages.
      expect(await axeViolations(page)).toEqual([]);
      expect(await smallTargets(page)).toEqual([]);
      for (let step = 0; step < 25; step += 1) {
        await page.keyboard.press('Tab');
        expect(await focusIn()).toBe('inside');
      }
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      await expect
        .poll(() => burger.evaluate((element) => element === document.activeElement), { timeout: 10_000 })
        .toBe(true);
    } finally {
      await close();
    }
  });

  it('keeps focus in the drawer when the language menu’s code arrives while its button has focus', async () => {
    // On a slow phone the menu's code (DeferredMenu) is still on its way when the reader tabs onto the
    // language button; the real menu then replaces the button. Held here until that moment, to make it certain.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { page, close } = await openAs('visitor', 'phone', 'en', async (fresh) => {
      await fresh.route(/\/assets\/menu-impl-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
    });
    try {
      await page.getByRole('button', { name: 'Open navigation' }).click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await drawer.waitFor();
      const language = drawer.getByTestId('language-menu');
      await language.waitFor();
      await expect
        .poll(() => drawer.evaluate((element) => element.contains(document.activeElement)), {
          timeout: 10_000,
        })
        .toBe(true);
      const onLanguage = () =>
        page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'language-menu');
      for (let step = 0; step < 25 && !(await onLanguage()); step += 1) await page.keyboard.press('Tab');
      expect(await onLanguage(), 'Tab reaches the language button').toBe(true);

      const arrived = page.waitForResponse(/\/assets\/menu-impl-[^/]+\.js$/);
      release();
      const menuCode = (await arrived).url();
      // Until the module has run and React has rendered with it (see shell.test.ts, "a header menu whose code
      // arrives mid-tap"). A string: vitest rewrites import() in this file's functions, which run in the page.
      await page.evaluate(
        `import(${JSON.stringify(menuCode)}).then(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))))`,
      );
      expect(await onLanguage(), 'focus stays on the language button, not on the page behind').toBe(true);
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    } finally {
      await close();
    }
  });

  it('announces form errors: fields say they are invalid and name their message', async () => {
    const { page, close } = await openAs('visitor', 'desktop', 'en');
    try {
      await navigateInApp(page, '/auth');
      const form = page.getByRole('form', { name: 'Sign In' });
      await form.getByRole('button', { name: 'Sign In', exact: true }).click();
      const email = form.getByRole('textbox', { name: SIGN_IN_LOGIN, exact: true });
      await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
      const described = String(await email.getAttribute('aria-describedby'));
      const message = await page.evaluate(
        (ids) =>
          ids
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
            .trim(),
        described,
      );
      expect(message.length, 'the error text is tied to the field').toBeGreaterThan(0);
    } finally {
      await close();
    }
  });
});

describe('admin form errors', () => {
  it('announces a form-level error with role alert', async () => {
    const { page, close } = await openAs('admin', 'desktop', 'en');
    try {
      await navigateInApp(page, '/admin');
      await page.getByRole('button', { name: 'Add District' }).click();
      const form = page.getByRole('form', { name: 'Add District' });
      await form.getByRole('button', { name: 'Add District' }).click();
      await form.getByRole('alert').filter({ hasText: 'Missing information' }).waitFor();
    } finally {
      await close();
    }
  });
});
