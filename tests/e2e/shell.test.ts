import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, waitForPath } from './helpers/auth';
import { load, visit, waitForHydration } from './helpers/browser';
import { DEMO_ADMIN, DEMO_CITIZEN } from './helpers/demo-accounts';
import { setupE2E } from './helpers/suite';

const { openPage } = setupE2E();

/** The header's links, in order (docs/product.md#navigation). */
const HEADER_LINKS = [
  ['Home', '/'],
  ['Elections', '/elections'],
  ['Parliament', '/parliament-members'],
  ['Senators', '/senators'],
  ['Secure Online Voting', '/voting'],
  ['Regional Coverage', '/regions'],
  ['Opinion Polls', '/polls/presidential/history'],
] as const;

/** The drawer's own list on small screens, in order (docs/product.md#navigation). */
const DRAWER_ITEMS = [
  'Elections',
  'Parliament Members',
  'Senators',
  'Regional Coverage',
  'Opinion Polls',
  'Secure Online Voting',
  'Transparent Process',
  'Verified Results',
  'About',
  'Registration Centers',
];

const header = (page: Page) => page.getByRole('banner');

/** Texts and hrefs of the links in a locator, in document order. */
async function linksIn(page: Page, name: string) {
  const links = page.getByRole('navigation', { name, exact: true }).getByRole('link');
  const texts = (await links.allInnerTexts()).map((text) => text.trim());
  const hrefs = await links.evaluateAll((elements) =>
    elements.map((element) => element.getAttribute('href')),
  );
  return texts.map((text, index) => [text, hrefs[index]]);
}

async function openDrawer(page: Page) {
  await header(page).getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.waitFor();
  return drawer;
}

async function expectNoHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, `scrollWidth at ${page.url()}`).toBeLessThanOrEqual(360);
  expect(widths.client).toBe(360);
}

describe('header at desktop size', () => {
  it('shows a visitor the seven links, Online Voting and Sign In, and no Admin', async () => {
    const { page } = await openPage('desktop');
    await visit(page, '/auth');
    await header(page).getByRole('link', { name: 'Sign In', exact: true }).waitFor();

    expect(await linksIn(page, 'Main')).toEqual(HEADER_LINKS.map(([text, href]) => [text, href]));
    for (const [text] of HEADER_LINKS) {
      expect(await header(page).getByRole('link', { name: text, exact: true }).isVisible(), text).toBe(true);
    }
    const onlineVoting = header(page).getByRole('link', { name: 'Online Voting', exact: true });
    expect(await onlineVoting.isVisible()).toBe(true);
    expect(await onlineVoting.getAttribute('href')).toBe('/polls/presidential/history');
    expect(await header(page).getByRole('link', { name: 'Sign In', exact: true }).getAttribute('href')).toBe(
      '/auth',
    );
    expect(await header(page).getByText('Admin', { exact: true }).count()).toBe(0);
    expect(await header(page).getByRole('button', { name: 'Sign Out' }).count()).toBe(0);
    expect(await header(page).getByRole('button', { name: 'Open navigation' }).isVisible()).toBe(false);
  });

  it('shows a signed-in citizen Sign Out and no Admin', async () => {
    const { page } = await openPage('desktop');
    await signIn(page, DEMO_CITIZEN);
    await header(page).getByRole('button', { name: 'Sign Out' }).waitFor();
    expect(await header(page).getByRole('link', { name: 'Sign In', exact: true }).count()).toBe(0);
    expect(await header(page).getByText('Admin', { exact: true }).count()).toBe(0);
    expect((await linksIn(page, 'Main')).length).toBe(HEADER_LINKS.length);
  });

  it('shows the admin an Admin link to /admin', async () => {
    const { page } = await openPage('desktop');
    // The admin's row (Admin, staff console, account, Sign Out) fits in one row from 1440 px in English.
    await page.setViewportSize({ width: 1440, height: 800 });
    await signIn(page, DEMO_ADMIN);
    const admin = header(page).getByRole('link', { name: 'Admin', exact: true });
    await admin.waitFor();
    expect(await admin.getAttribute('href')).toBe('/admin');
    expect(await header(page).getByRole('button', { name: 'Sign Out' }).isVisible()).toBe(true);
  });
});

describe('drawer at 360 px', () => {
  it('lists the navigation items and Sign In for a visitor, without horizontal scroll', async () => {
    const { page } = await openPage('phone');
    await visit(page, '/');
    await page.getByRole('heading', { name: 'Somalia Federal Elections' }).waitFor();
    await expectNoHorizontalScroll(page);

    const drawer = await openDrawer(page);
    expect((await linksIn(page, 'Mobile')).map(([text]) => text)).toEqual(DRAWER_ITEMS);
    const signInLink = drawer.getByRole('link', { name: 'Sign In', exact: true });
    expect(await signInLink.isVisible()).toBe(true);
    expect(await drawer.getByText('Admin Panel').count()).toBe(0);
    expect(await drawer.getByRole('button', { name: 'Sign Out' }).count()).toBe(0);

    await signInLink.click();
    await waitForPath(page, '/auth');
    await page.getByRole('form', { name: 'Sign In' }).waitFor();
    await drawer.waitFor({ state: 'hidden' });
    await expectNoHorizontalScroll(page);
  });

  it('adds Admin Panel, Staff console, the email and Sign Out for the signed-in admin', async () => {
    const { page } = await openPage('phone');
    await signIn(page, DEMO_ADMIN);
    const drawer = await openDrawer(page);
    expect((await linksIn(page, 'Mobile')).map(([text]) => text)).toEqual([
      ...DRAWER_ITEMS,
      'Admin Panel',
      // A System Admin may do every staff action (docs/product.md#system-admin).
      'Staff console',
    ]);
    expect(await drawer.getByRole('link', { name: 'Admin Panel' }).getAttribute('href')).toBe('/admin');
    expect(await drawer.getByRole('link', { name: 'Staff console' }).getAttribute('href')).toBe('/staff');
    expect(await drawer.getByText(DEMO_ADMIN.email, { exact: true }).isVisible()).toBe(true);
    expect(await drawer.getByRole('link', { name: 'Sign In', exact: true }).count()).toBe(0);

    await drawer.getByRole('button', { name: 'Sign Out' }).click();
    await waitForPath(page, '/');
    await drawer.waitFor({ state: 'hidden' });
    const reopened = await openDrawer(page);
    await reopened.getByRole('link', { name: 'Sign In', exact: true }).waitFor();
    expect(await reopened.getByText('Admin Panel').count()).toBe(0);
    expect(await reopened.getByText('Staff console').count()).toBe(0);
  });
});

describe('theme', () => {
  it('keeps Dark across a reload and stores System as "system"', async () => {
    const { page } = await openPage('desktop');
    await visit(page, '/auth');
    // A press while the page is still hydrating is another case (root.tsx replays a tap made before then); this
    // one presses a hydrated button whose menu code is on its way, once the header has its final layout (the
    // session's answer changes it: a button moving from under the pointer ends the press, as it should).
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const themeButton = header(page).getByRole('button', { name: /^Theme:/ });
    // The header is drawn again once the session is known: a menu opened before then can close with it.
    const sessionKnown = () => header(page).getByRole('link', { name: 'Sign In', exact: true }).waitFor();
    await sessionKnown();

    await themeButton.click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await page.waitForFunction(() => document.documentElement.dataset.mantineColorScheme === 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await page.reload();
    await header(page)
      .getByRole('button', { name: /^Theme: Dark/ })
      .waitFor();
    await sessionKnown();
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await themeButton.click();
    await page.getByRole('menuitem', { name: 'System' }).click();
    await header(page)
      .getByRole('button', { name: /^Theme: System/ })
      .waitFor();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('system');
    // The browser context prefers a light scheme, so "System" resolves to light.
    await page.waitForFunction(() => document.documentElement.dataset.mantineColorScheme === 'light');
  });
});

describe('a header menu whose code arrives mid-tap', () => {
  it('opens on the tap that was under way when its code arrived', async () => {
    const { page } = await openPage('desktop');
    // Hold the menu's code until the button is pressed: the code then arrives between press and release,
    // which on a slow phone is the usual case, not a corner.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/menu-impl-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await visit(page, '/auth');
    // A press while the page is still hydrating is another case (root.tsx replays a tap made before then); this
    // one presses a hydrated button whose menu code is on its way, once the header has its final layout (the
    // session's answer changes it: a button moving from under the pointer ends the press, as it should).
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const themeButton = header(page).getByRole('button', { name: /^Theme:/ });
    const box = await themeButton.boundingBox();
    if (!box) throw new Error('The theme button has no box.');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    const arrived = page.waitForResponse(/\/assets\/menu-impl-[^/]+\.js$/);
    release();
    const menuCode = (await arrived).url();
    // Until the module has run and React has rendered with it: importing the same module from the page
    // resolves once it has run (one module per address), then a frame lets React's render land. No fixed pause:
    // on a loaded machine the press would end before the code had run, another case than this.
    // (A string: vitest rewrites import() in this file's functions, which run in the page.)
    await page.evaluate(
      `import(${JSON.stringify(menuCode)}).then(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))))`,
    );
    await page.mouse.up();
    await page.getByRole('menuitem', { name: 'Dark' }).waitFor();
  });
});

describe('pages', () => {
  it('serves the landing page at /', async () => {
    const { page } = await openPage('desktop');
    await visit(page, '/');
    await page.getByRole('heading', { name: 'Somalia Federal Elections' }).waitFor();
  });

  it('shows Page Not Found for an unknown path', async () => {
    const { page, allowResourceError } = await openPage('desktop');
    allowResourceError(404, '/no-such-page', 'an unknown address is answered 404, with the not-found page');
    // Rendered by the server with its status: a search engine or a link checker sees a 404, not a page.
    const response = await load(page, '/no-such-page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
  });

  it('has Quick Links in the footer', async () => {
    const { page } = await openPage('desktop');
    await visit(page, '/auth');
    await page.getByRole('contentinfo').getByRole('heading', { name: 'Quick Links' }).waitFor();
  });
});
