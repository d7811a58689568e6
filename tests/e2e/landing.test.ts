import { REGION_LABEL_POINTS } from '@client/generated/somalia-map';
import { REGION_PATHS } from '@client/generated/somalia-map-paths';
import { formatDay } from '@client/i18n/format';
import { LATEST_UPDATES, newsDay } from '@shared/content/news';
import {
  MAP_REGION_CODES,
  MAP_REGION_NAMES,
  type MapRegionCode,
  REGION_TO_STATE,
} from '@shared/federal-states';
import { dayKey } from '@shared/months';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, waitForPath } from './helpers/auth';
import { pathOf, visit, waitForHydration } from './helpers/browser';
import { DEMO_CITIZEN } from './helpers/demo-accounts';
import { setupE2E } from './helpers/suite';

const { openPage } = setupE2E();

const CAPTION = 'Somalia Parliamentary Elections - Interactive Electoral Map';
const ATTRIBUTION =
  'Region boundaries: geoBoundaries (www.geoboundaries.org), derived from OpenStreetMap data © OpenStreetMap contributors, available under the Open Database License (ODbL 1.0).';
const HOVER_FILL = 'rgb(59, 114, 159)';

const map = (page: Page) => page.locator('svg[viewBox="0 0 1000 1000"]');
const regionBox = (page: Page) => page.locator('[data-placement]');

async function openLanding(page: Page) {
  await visit(page, '/');
  await map(page).waitFor();
  // The map's regions answer the pointer, the keyboard and taps through React: a hover or a tap on the server's
  // HTML before it has hydrated does nothing (only buttons' taps are kept for later).
  await waitForHydration(page);
  // Once the session check has answered, the page shows what it will show.
  await page.waitForLoadState('networkidle');
}

/** Moves the mouse to a region's label point (inside the region) in page coordinates. */
async function pointAt(page: Page, code: MapRegionCode) {
  await map(page).evaluate((svg) => svg.scrollIntoView({ block: 'center' }));
  const box = await map(page).boundingBox();
  if (!box) throw new Error('the map is not visible');
  const [x, y] = REGION_LABEL_POINTS[code];
  return { x: box.x + (x / 1000) * box.width, y: box.y + (y / 1000) * box.height };
}

async function expectNoHorizontalScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `scrollWidth at ${page.url()}`).toBeLessThanOrEqual(360);
}

describe('landing page', () => {
  it('shows the hero, the map, the feature cards and three recent updates to a visitor', async () => {
    const { page } = await openPage('desktop');
    await openLanding(page);

    await page.getByRole('heading', { name: 'Somalia Federal Elections', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Start Voting Now' }).getAttribute('href')).toBe(
      '/elections',
    );
    await page.getByRole('heading', { name: 'Federal Member States' }).waitFor();
    expect(await map(page).locator('path[role="link"]').count()).toBe(18);
    for (const code of MAP_REGION_CODES) {
      expect(await page.locator(`path#${code}`).getAttribute('aria-label')).toBe(MAP_REGION_NAMES[code]);
    }
    expect(await page.locator('figcaption').innerText()).toBe(CAPTION);
    await page.getByText(ATTRIBUTION, { exact: true }).waitFor();

    for (const [title, href] of [
      ['Secure Online Voting', '/voting'],
      ['Regional Coverage', '/regions'],
      ['Transparent Process', '/transparent-process'],
      ['Verified Results', '/verified-results'],
    ]) {
      const card = page.getByRole('main').getByRole('link', { name: new RegExp(`^${title}`) });
      expect(await card.getAttribute('href'), title).toBe(href);
    }

    const updates = page.locator('section', { has: page.getByRole('heading', { name: 'Latest Updates' }) });
    const items = updates.getByRole('article');
    expect(await items.count()).toBe(3);
    // Dated back from the day the page is shown (in Somalia), so the demo's news is never of a year gone by.
    const today = dayKey(new Date());
    const days = await items
      .locator('time')
      .evaluateAll((times) => times.map((time) => time.getAttribute('datetime')));
    expect(days).toEqual(LATEST_UPDATES.map((item) => newsDay(item, today)));
    for (const day of days) {
      const age = (Date.parse(today) - Date.parse(day ?? '')) / 86_400_000;
      expect(age, day ?? '').toBeGreaterThan(0);
      expect(age, day ?? '').toBeLessThan(31);
    }
    const shown = await items.locator('time').allInnerTexts();
    expect(shown).toEqual(days.map((day) => formatDay(day ?? '')));

    expect(await page.getByRole('heading', { name: 'Active Elections' }).count()).toBe(0);
  });

  it('shows Active Elections to the signed-in demo citizen, linking each to its page', async () => {
    const { page } = await openPage('desktop');
    await signIn(page, DEMO_CITIZEN);
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Active Elections' }) });
    await section.waitFor();
    const cards = section.getByRole('article');
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.first().innerText()).toMatch(/Ends \d{1,2} \w+ \d{4}/);
    const href = await cards.first().getByRole('link', { name: 'View Details' }).getAttribute('href');
    expect(href).toMatch(/^\/election\/[0-9a-f-]{36}$/);
  });
});

describe('map', () => {
  it('highlights a region under the mouse and names it in a box', async () => {
    const { page } = await openPage('desktop');
    await openLanding(page);
    const { x, y } = await pointAt(page, 'SOBY');
    await page.mouse.move(x, y);
    await regionBox(page).getByText('Bay', { exact: true }).waitFor();
    // A region is called a region (docs/decisions/021-bilingual-content.md), never a member state.
    expect(await regionBox(page).getByText('Region', { exact: true }).isVisible()).toBe(true);
    expect(await regionBox(page).getByText('Federal Member State').count()).toBe(0);
    await page.waitForFunction(
      (fill) => getComputedStyle(document.getElementById('SOBY') as Element).fill === fill,
      HOVER_FILL,
    );

    await page.mouse.move(5, 5);
    await regionBox(page).waitFor({ state: 'detached' });
  });

  it('gives Banadir a larger target around its centre', async () => {
    const { page } = await openPage('desktop');
    await openLanding(page);
    const { x, y } = await pointAt(page, 'SOBN');
    const box = await map(page).boundingBox();
    // 15 map units from the centre: outside the tiny region itself, inside its target.
    await page.mouse.move(x, y - (15 / 1000) * (box?.height ?? 0));
    await regionBox(page).getByText('Banadir', { exact: true }).waitFor();
    await page.mouse.down();
    await page.mouse.up();
    await waitForPath(page, '/states/banadir');
  });

  it('lets a keyboard user Tab to a region, see its box and open its state with Enter', async () => {
    const { page } = await openPage('desktop');
    await openLanding(page);
    await page.getByRole('link', { name: 'Start Voting Now' }).focus();
    let focused = '';
    for (let presses = 0; presses < 10 && !focused; presses++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() =>
        document.activeElement?.tagName === 'path' ? document.activeElement.id : '',
      );
    }
    expect(focused).toBe('SOAW');
    await regionBox(page).getByText('Awdal', { exact: true }).waitFor();
    expect(await regionBox(page).getByText('Region', { exact: true }).isVisible()).toBe(true);

    await page.keyboard.press('Tab');
    await regionBox(page).getByText('Bakool', { exact: true }).waitFor();
    await page.keyboard.press('Enter');
    await waitForPath(page, `/states/${REGION_TO_STATE.SOBK}`);
  });

  it('on a phone, shows the box on the first tap and opens the state on the second', async () => {
    const { page } = await openPage('phone');
    await openLanding(page);
    await expectNoHorizontalScroll(page);
    const { x, y } = await pointAt(page, 'SOBR');
    await page.touchscreen.tap(x, y);
    await regionBox(page).getByText('Bari', { exact: true }).waitFor();
    expect(pathOf(page)).toBe('/');
    await expectNoHorizontalScroll(page);

    await page.touchscreen.tap(x, y);
    await waitForPath(page, `/states/${REGION_TO_STATE.SOBR}`);
  });

  it('on a phone, opens the state from the box link', async () => {
    const { page } = await openPage('phone');
    await openLanding(page);
    const { x, y } = await pointAt(page, 'SOJH');
    await page.touchscreen.tap(x, y);
    await regionBox(page).getByText('Lower Juba', { exact: true }).waitFor();
    await regionBox(page).getByRole('link', { name: 'View state profile' }).tap();
    await waitForPath(page, '/states/jubaland');
  });

  it('works from the shapes in the server’s HTML, and downloads them only when reached by a link', async () => {
    const { page } = await openPage('desktop');
    const shapeDownloads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/somalia-map-paths-')) shapeDownloads.push(request.url());
    });
    await openLanding(page);
    const { x, y } = await pointAt(page, 'SOBY');
    await page.mouse.move(x, y);
    await regionBox(page).getByText('Bay', { exact: true }).waitFor();
    expect(shapeDownloads).toEqual([]);

    // From a page without a map, by the router: the map has no server HTML to read, so its shapes download.
    await visit(page, '/elections');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Codka home' }).click();
    await waitForPath(page, '/');
    await map(page).locator('path[role="link"]').first().waitFor();
    const drawn = await map(page)
      .locator('path[role="link"]')
      .evaluateAll((paths) => paths.map((path) => [path.id, path.getAttribute('d')]));
    expect(Object.fromEntries(drawn)).toEqual(REGION_PATHS);
    expect(shapeDownloads).toHaveLength(1);
    const again = await pointAt(page, 'SOBY');
    await page.mouse.move(5, 5);
    await page.mouse.move(again.x, again.y);
    await regionBox(page).getByText('Bay', { exact: true }).waitFor();
  });

  it('lists the regions as links for screen readers', async () => {
    const { page } = await openPage('desktop');
    await openLanding(page);
    const list = page.getByRole('navigation', { name: 'Regions of Somalia' }).getByRole('link');
    expect(await list.count()).toBe(18);
    expect(await list.first().getAttribute('href')).toBe(`/states/${REGION_TO_STATE.SOAW}`);
  });
});
