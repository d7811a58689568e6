import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInThroughApi } from './helpers/auth';
import { load, visit, waitForHydration } from './helpers/browser';
import { DEMO_ADMIN } from './helpers/demo-accounts';
import { createCitizen } from './helpers/factories';
import { confirmEmail } from './helpers/roll-db';
import { setupE2E } from './helpers/suite';

/**
 * A public page's HTML links Mantine's styles for what public pages show (client/src/styles/mantine-public.css),
 * not the consoles' (mantine-other.css, three times the bytes its first paint would wait for). These tests prove
 * that is enough: every Mantine class on every public page, as the server sends it and as it is once hydrated
 * (a voter's ballot, an admin's new-poll form included), has its rules without the consoles' sheet.
 */
const { openPage, browser, origin, databasePath } = setupE2E();

const PUBLIC_PAGES = [
  '/parliament-members',
  '/senators',
  '/federal-states',
  '/states/puntland',
  '/regions',
  '/regions/banadir',
  '/voting',
  '/transparent-process',
  '/about',
  '/help',
  '/registration-centers',
  '/elections',
  '/verified-results',
  '/polls/presidential',
  '/polls/history',
  '/polls/presidential/history',
  '/open-data',
  '/no-such-page',
];

/**
 * The Mantine classes (m_ and a hash: one per part of a component) on the page that no rule of its style sheets
 * names, and the style sheets it has. Mantine's rules sit inside @layer and @media blocks: walked recursively.
 */
function unstyledMantineClasses(page: Page) {
  return page.evaluate(() => {
    const named = new Set<string>();
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule)
          for (const match of rule.selectorText.matchAll(/\.(m_[0-9a-f]+)/g)) named.add(match[1] as string);
        if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
    const used = new Set(
      Array.from(document.querySelectorAll('[class]')).flatMap((element) =>
        Array.from(element.classList).filter((name) => /^m_[0-9a-f]+$/.test(name)),
      ),
    );
    return {
      unstyled: [...used].filter((name) => !named.has(name)),
      used: used.size,
      sheets: Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).map((link) =>
        new URL(link.href).pathname.replace(/-[\w-]{8}\.css$/, '.css'),
      ),
    };
  });
}

function expectStyledWithoutConsoleSheet(
  found: Awaited<ReturnType<typeof unstyledMantineClasses>>,
  path: string,
) {
  expect(found.used, path).toBeGreaterThan(10);
  expect(found.unstyled, path).toEqual([]);
  expect(found.sheets, path).toContain('/assets/mantine-public.css');
  expect(found.sheets, path).not.toContain('/assets/mantine-other.css');
}

describe("public pages with Mantine's public styles only", () => {
  it('every Mantine part in the HTML without JavaScript has its rules', async () => {
    const context = await browser().newContext({ javaScriptEnabled: false });
    try {
      for (const path of PUBLIC_PAGES) {
        const page = await context.newPage();
        const response = await load(page, `${origin()}${path}`);
        expect(response?.status(), path).toBe(path === '/no-such-page' ? 404 : 200);
        expectStyledWithoutConsoleSheet(await unstyledMantineClasses(page), path);
        await page.close();
      }
    } finally {
      await context.close();
    }
  });

  it("once hydrated, a visitor's pages, a voter's ballot and an admin's new-poll form have theirs too", async () => {
    const visitor = await openPage('phone');
    for (const path of ['/parliament-members', '/polls/presidential', '/regions', '/help']) {
      await visit(visitor.page, path);
      await waitForHydration(visitor.page);
      await visitor.page.waitForLoadState('networkidle');
      expectStyledWithoutConsoleSheet(await unstyledMantineClasses(visitor.page), path);
    }

    // The demo poll is for confirmed e-mail addresses; a new citizen has not voted in it yet.
    const citizen = await createCitizen(origin(), { label: 'styles' });
    confirmEmail(databasePath(), citizen.email);
    const voter = await openPage('phone');
    await signInThroughApi(voter.page, citizen);
    await visit(voter.page, '/polls/presidential');
    await voter.page.getByRole('radio').first().waitFor();
    expectStyledWithoutConsoleSheet(await unstyledMantineClasses(voter.page), 'the ballot');

    const admin = await openPage('desktop');
    await signInThroughApi(admin.page, DEMO_ADMIN);
    await visit(admin.page, '/polls/presidential/history?tab=create');
    await admin.page.getByRole('tabpanel').getByRole('textbox').first().waitFor();
    expectStyledWithoutConsoleSheet(await unstyledMantineClasses(admin.page), 'the new-poll form');
  });
});
