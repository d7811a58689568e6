import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** What the Somali browser tests check on every screen: the page's language and its texts. */
export const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

export const heading = (page: Page, name: string, level = 1) =>
  page.getByRole('main').getByRole('heading', { name, level, exact: true });

/** English texts of a screen that must not be left in the Somali page's main content. */
export async function expectNoEnglish(page: Page, phrases: string[]) {
  const text = await page.getByRole('main').innerText();
  for (const phrase of phrases)
    expect(text, `"${phrase}" left in English at ${page.url()}`).not.toContain(phrase);
}
