import enCommon from '@client/i18n/locales/en/common.json';
import soCommon from '@client/i18n/locales/so/common.json';
import { afterEach, describe, expect, it } from 'vitest';
import { load, newPage, type TestPage, waitForHydration } from './helpers/browser';
import { setupE2E } from './helpers/suite';

/**
 * Code that fails to download (offline, or a new release deployed meanwhile) never leaves a blank page: a part of
 * the page shows the site's error page in the reader's language with a working link home; a page's own code
 * that fails on a link makes the browser load the page afresh.
 */
const e2e = setupE2E();
let open: TestPage[] = [];

// The failed downloads and the error page's report are what these tests cause: only script errors count.
afterEach(async () => {
  const pages = open;
  open = [];
  const errors = pages
    .flatMap((testPage) => testPage.problems)
    .filter((line) => line.startsWith('page error'));
  await Promise.all(pages.map((testPage) => testPage.close()));
  expect(errors).toEqual([]);
});

async function openPage(language: 'en' | 'so'): Promise<TestPage> {
  const testPage = await newPage(e2e.browser(), { viewport: 'desktop', baseURL: e2e.origin(), language });
  open.push(testPage);
  await testPage.page.context().addCookies([{ name: 'lang', value: language, url: e2e.origin() }]);
  return testPage;
}

describe('code that fails to download', () => {
  it.each([
    ['so', soCommon],
    ['en', enCommon],
  ] as const)(
    'a part of / whose code fails shows the site’s error page in %s, whose link home works',
    async (language, texts) => {
      const { page } = await openPage(language);
      const blocked = /\/assets\/SomaliaMap-[\w-]+\.js$/;
      await page.route(blocked, (route) => route.abort('internetdisconnected'));
      await load(page, '/');
      const alert = page.getByRole('alert');
      await expect.poll(() => alert.innerText(), { timeout: 20_000 }).toContain(texts.errors.chunkFailed);
      expect(await page.getByRole('heading', { level: 1 }).first().innerText()).toBe(
        texts.errors.somethingWrong,
      );
      // The site's frame stays around it: the header and its navigation.
      expect(await page.locator('header').count()).toBeGreaterThan(0);

      await page.unroute(blocked);
      await page.getByRole('link', { name: texts.notFound.backHome }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await waitForHydration(page);
      await expect.poll(() => page.getByRole('alert').count()).toBe(0);
      expect(await page.locator('main').innerText()).not.toBe('');
    },
  );

  it('a page’s code that fails on a link reloads the page, never a blank one, and the link works after', async () => {
    const { page } = await openPage('en');
    let failed = 0;
    await page.route(/\/assets\/parliament\.page-[\w-]+\.js$/, (route) => {
      if (failed > 0) return route.continue();
      failed += 1;
      return route.abort('internetdisconnected');
    });
    await load(page, '/');
    await waitForHydration(page);
    const link = page.getByRole('banner').getByRole('link', { name: enCommon.nav.parliament });
    await link.click();
    // React Router loads the document afresh when a route's code cannot be imported.
    await page.waitForEvent('load');
    expect(failed).toBe(1);
    await waitForHydration(page);
    expect(await page.getByRole('heading', { level: 1 }).first().innerText()).not.toBe('');

    await page.getByRole('banner').getByRole('link', { name: enCommon.nav.parliament }).click();
    await page.waitForURL((url) => url.pathname === '/parliament-members');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().innerText())
      .toBe('House of the People');
  });
});
