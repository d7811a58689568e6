import enDirectory from '@client/i18n/locales/en/directory.json';
import soDirectory from '@client/i18n/locales/so/directory.json';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoHorizontalScroll } from './helpers/admin';
import { visit } from './helpers/browser';
import { heading, htmlLang } from './helpers/somali';
import { setupE2E } from './helpers/suite';

/**
 * A link that names its language (`?lang=so`, as the pages' hreflang alternates and a shared Somali link write it)
 * opens in that language whatever the browser asks for, and the reader's own choice in the switch wins after it.
 */
const { openPage } = setupE2E();

const languageOf = (page: Page) => new URL(page.url()).searchParams.get('lang');

describe('a link that names its language', () => {
  it('opens a Somali link in Somali for an English browser; the switch to English then drops it', async () => {
    const { page } = await openPage('desktop');
    // The header keeps its switch in one row from 1440 px in Somali (docs/product.md#navigation).
    await page.setViewportSize({ width: 1440, height: 800 });
    await visit(page, '/senators?lang=so');
    await heading(page, soDirectory.senate.title).waitFor();
    expect(await htmlLang(page)).toBe('so');
    expect(await page.title()).toBe(`${soDirectory.senate.metaTitle} – Codka`);

    await page.getByRole('banner').getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: 'English', exact: true }).click();
    await heading(page, enDirectory.senate.title).waitFor();
    await expect.poll(() => languageOf(page)).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/senators');
    await page.reload();
    await heading(page, enDirectory.senate.title).waitFor();
    expect(await htmlLang(page)).toBe('en');
  });

  it('opens an English link in English for a Somali browser, on a phone', async () => {
    const { page } = await openPage('phone', { language: 'so' });
    await visit(page, '/senators?lang=en');
    await heading(page, enDirectory.senate.title).waitFor();
    expect(await htmlLang(page)).toBe('en');
    expect(await page.title()).toBe(`${enDirectory.senate.metaTitle} – Codka`);
    await expectNoHorizontalScroll(page);
  });
});
