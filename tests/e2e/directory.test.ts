import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { load, pathOf, visit, waitForHydration } from './helpers/browser';
import { setupE2E } from './helpers/suite';

const { openPage } = setupE2E();

const NO_MEMBERS = 'No parliament members found matching your search criteria.';
const NO_SENATORS = 'No senators found matching your search criteria.';

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const cardTitles = async (page: Page) =>
  (await cards(page).getByRole('heading').allInnerTexts()).map((t) => t.trim());

/** Waits until the list heading reads `text` (the list has answered for the current filters). */
const listHeading = (page: Page, text: string | RegExp) =>
  page.getByRole('heading', { name: text, level: 2 }).waitFor();

/** Picks an option of a filter (the browser's own select, as a reader's phone shows it). */
async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).selectOption({ label: option });
}

/** A 1x1 PNG, standing in for member photos. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=',
  'base64',
);

/**
 * Gives every listed member a photo (the demo data has none): the first a URL that answers 404, the rest
 * distinct URLs served as PNGs.
 */
async function withMemberPhotos(page: Page) {
  await page.route('**/test-photos/*', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }),
  );
  await page.route(
    (url) => url.pathname.startsWith('/trpc/') && url.pathname.includes('directory.members'),
    async (route) => {
      const response = await route.fetch();
      const procedures = new URL(route.request().url()).pathname.slice('/trpc/'.length).split(',');
      const body = await response.json();
      const answers = Array.isArray(body) ? body : [body];
      const answer = answers[procedures.indexOf('directory.members')];
      answer.result.data.json.items.forEach((member: { photoUrl: string | null }, index: number) => {
        member.photoUrl = index === 0 ? '/uploads/missing-photo.webp' : `/test-photos/${index}.png`;
      });
      await route.fulfill({ response, json: body });
    },
  );
}

async function expectNoHorizontalScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `scrollWidth at ${page.url()}`).toBeLessThanOrEqual(360);
}

describe('/parliament-members', () => {
  it('shows the overview and the first 24 members, and loads few images', async () => {
    const { page } = await openPage('desktop');
    const images: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') images.push(request.url());
    });
    await visit(page, '/parliament-members');
    await page.getByRole('heading', { name: 'House of the People', level: 1 }).waitFor();
    await listHeading(page, '275 members, page 1 of 12');
    for (const [value, label] of [
      ['275', 'Members'],
      ['8', 'States'],
      ['30%', "Women's seat quota"],
      ['5-year', 'Term'],
    ]) {
      expect(await page.getByRole('listitem').filter({ hasText: label }).innerText()).toContain(value);
    }
    expect(await cards(page).count()).toBe(24);
    const first = cards(page).first();
    expect(await first.innerText()).toMatch(/HOP#001[\s\S]*South West[\s\S]*Email\s+Not published/);
    // Seats in order: the real members on HOP#001, HOP#002 and HOP#004 (the others sit on their real seat numbers,
    // HOP#034 and up), placeholders on the rest.
    expect(await cards(page).filter({ hasText: 'Seat record pending' }).count()).toBe(21);
    await page.waitForLoadState('networkidle');
    console.log(
      `[e2e] /parliament-members first view loaded ${images.length} image(s): ${images.join(', ')}`,
    );
    expect(images.length).toBeLessThanOrEqual(24);
  });

  it('shows photos lazily at a fixed size and initials when a photo fails', async () => {
    const testPage = await openPage('phone');
    const { page } = testPage;
    testPage.allowResourceError(404, '/uploads/missing-photo.webp', 'a member photo that fails on purpose');
    await withMemberPhotos(page);
    const photos: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/test-photos/')) photos.push(request.url());
    });
    // The server's HTML carries the first view's members: following a link makes the browser ask for
    // them, which withMemberPhotos answers.
    await visit(page, '/help');
    await page.waitForLoadState('networkidle');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Parliament Members' }).click();
    await listHeading(page, '275 members, page 1 of 12');
    await page.waitForLoadState('networkidle');

    const first = cards(page).first();
    // The initials stay under a photo (hydration removes nothing the server rendered); a failed photo goes.
    await first.locator('.mantine-Avatar-root').waitFor();
    await expect.poll(() => first.locator('img').count()).toBe(0);
    const second = cards(page).nth(1).locator('img');
    expect(await second.getAttribute('loading')).toBe('lazy');
    expect([await second.getAttribute('width'), await second.getAttribute('height')]).toEqual(['64', '64']);
    console.log(
      `[e2e] with a photo for every member, a 360 px phone's first view loaded ${photos.length} of 23`,
    );
    expect(photos.length).toBeLessThan(23);
  });

  it('searches by name and by HOP number, keeping the search in the URL', async () => {
    const { page } = await openPage('desktop');
    await visit(page, '/parliament-members');
    const search = page.getByRole('searchbox', { name: 'Search members' });
    expect(await search.getAttribute('placeholder')).toMatch(/name, HOP number or state/);

    await search.fill('sadia');
    await listHeading(page, '1 member');
    expect(await cardTitles(page)).toEqual(['Sadia Yasin Haji Samatar']);
    expect(pathOf(page)).toBe('/parliament-members?search=sadia');

    await search.fill('HOP#012');
    await cards(page).getByRole('heading', { name: 'Member of Parliament 012' }).waitFor();
    expect(await cardTitles(page)).toEqual(['Member of Parliament 012']);

    await page.reload();
    await listHeading(page, '1 member');
    expect(await search.inputValue()).toBe('HOP#012');
  });

  it('filters by state and says when nothing matches', async () => {
    const { page } = await openPage('desktop');
    await visit(page, '/parliament-members');
    await listHeading(page, /^275 members/);
    // A pick before hydration has its own test (below); this one is about the list the filter asks for.
    await waitForHydration(page);
    await chooseOption(page, 'State', 'Puntland');
    await listHeading(page, '37 members, page 1 of 2');
    expect(new URL(page.url()).searchParams.get('region')).toBe('Puntland');
    for (const text of await cards(page).allInnerTexts()) expect(text).toContain('Puntland');

    await page.getByRole('searchbox', { name: 'Search members' }).fill('no such member');
    await page.getByText(NO_MEMBERS, { exact: true }).waitFor();
    expect(await cards(page).count()).toBe(0);

    await chooseOption(page, 'State', 'All States');
    // The address changes once the route has run its loader (a tick later).
    await expect.poll(() => new URL(page.url()).searchParams.has('region')).toBe(false);
    await page.getByText(NO_MEMBERS, { exact: true }).waitFor();
  });

  it('keeps a state picked before the page has hydrated', async () => {
    const { page } = await openPage('phone');
    // The page's code waits here until the reader has picked a region in the server's HTML.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/start-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await load(page, '/parliament-members', { waitUntil: 'domcontentloaded' });
    await chooseOption(page, 'State', 'Puntland');
    release();
    await waitForHydration(page);
    await listHeading(page, '37 members, page 1 of 2');
    expect(new URL(page.url()).searchParams.get('region')).toBe('Puntland');
    expect(await page.getByRole('combobox', { name: 'State', exact: true }).inputValue()).toBe('Puntland');
  });

  it('pages through the members with the page in the URL', async () => {
    const { page } = await openPage('desktop');
    await visit(page, '/parliament-members');
    await listHeading(page, '275 members, page 1 of 12');
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await listHeading(page, '275 members, page 2 of 12');
    expect(pathOf(page)).toBe('/parliament-members?page=2');
    // The heading names the address's page at once; the cards stay page 1's (kept while page 2 is asked for).
    await expect.poll(async () => (await cardTitles(page))[0]).toBe('Member of Parliament 025');

    await page.getByRole('button', { name: 'Next page' }).click();
    await listHeading(page, '275 members, page 3 of 12');
    await page.goBack();
    await listHeading(page, '275 members, page 2 of 12');

    await visit(page, '/parliament-members?page=12');
    await listHeading(page, '275 members, page 12 of 12');
    expect(await cards(page).count()).toBe(11);
  });

  it('fits a 360 px phone', async () => {
    const { page } = await openPage('phone');
    await visit(page, '/parliament-members?page=6');
    await listHeading(page, '275 members, page 6 of 12');
    await expectNoHorizontalScroll(page);
  });
});

describe('/senators', () => {
  it('shows the leadership and all 54 senators', async () => {
    const { page } = await openPage('desktop');
    await visit(page, '/senators');
    await page.getByRole('heading', { name: 'Somalia Senate', level: 1 }).waitFor();
    await listHeading(page, 'All Senators (54)');
    const leadership = page.locator('section', { has: page.getByRole('heading', { name: 'Leadership' }) });
    expect(await leadership.getByRole('article').count()).toBe(3);
    expect(await leadership.innerText()).toContain('Chairman of the Upper House');
    const all = page.locator('section', { has: page.getByRole('heading', { name: 'All Senators (54)' }) });
    expect(await all.getByRole('article').count()).toBe(54);
  });

  it('searches, filters by state and says when nothing matches', async () => {
    const { page } = await openPage('desktop');
    await visit(page, '/senators');
    const search = page.getByRole('searchbox', { name: 'Search senators' });
    expect(await search.getAttribute('placeholder')).toMatch(/name, title, state or role/);

    await search.fill('Timacadde');
    await listHeading(page, 'All Senators (1)');
    expect(await page.getByRole('heading', { name: 'Leadership' }).count()).toBe(1);

    await search.fill('');
    await listHeading(page, 'All Senators (54)');
    await chooseOption(page, 'State', 'Puntland');
    // Puntland's 11 seats, the Second Deputy Chairman's among them (shown in Leadership too).
    await listHeading(page, 'All Senators (11)');
    expect(await page.getByRole('heading', { name: 'Leadership' }).count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('state')).toBe('Puntland');

    await search.fill('no such senator');
    await page.getByText(NO_SENATORS, { exact: true }).waitFor();
    expect(await cards(page).count()).toBe(0);
  });

  it('fits a 360 px phone', async () => {
    const { page } = await openPage('phone');
    await visit(page, '/senators');
    await listHeading(page, 'All Senators (54)');
    await expectNoHorizontalScroll(page);
  });
});
