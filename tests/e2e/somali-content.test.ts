import enContent from '@client/i18n/locales/en/content.json';
import enRegions from '@client/i18n/locales/en/regions.json';
import soContent from '@client/i18n/locales/so/content.json';
import soRegions from '@client/i18n/locales/so/regions.json';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ViewportName } from './helpers/browser';
import { visit } from './helpers/browser';
import { followInApp, navigateInApp } from './helpers/in-app';
import { setupE2E } from './helpers/suite';

/**
 * The content pages in Somali: a reader whose browser speaks Somali gets Somali headings and texts, with
 * <html lang="so">, and none of the English version's sentences left over, at desktop and phone sizes.
 */

const { openPage } = setupE2E();

type Tree = { [key: string]: string | string[] | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value as Tree, path)) out.set(k, v);
  }
  return out;
}

/**
 * English fragments that must not show on a Somali page: every English text of the content and regions
 * files that differs from its Somali text, cut at its {{placeholders}} and <0>tags</0>, keeping the pieces
 * long enough to be a phrase (short ones such as "Bari" or "Capital: " are shared or too common to test).
 */
function englishFragments(): string[] {
  const fragments = new Set<string>();
  for (const [en, so] of [
    [enContent, soContent],
    [enRegions, soRegions],
  ] as const) {
    const english = flatten(en as Tree);
    const somali = flatten(so as Tree);
    for (const [key, text] of english) {
      if (somali.get(key) === text) continue;
      for (const piece of text.split(/\{\{[^}]+\}\}|<\/?\d+>/)) {
        if (piece.trim().length >= 14) fragments.add(piece.trim());
      }
    }
  }
  return [...fragments];
}

const ENGLISH = englishFragments();

/** The main region's words, including hidden ones (closed FAQ answers) and its aria-labels. */
async function mainWords(page: Page): Promise<string> {
  return page.getByRole('main').evaluate((main) => {
    const labels = [...main.querySelectorAll('[aria-label]')].map((el) => el.getAttribute('aria-label'));
    return `${main.textContent ?? ''}\n${labels.join('\n')}`;
  });
}

async function expectSomaliPage(page: Page, path: string, heading: string, inApp: boolean) {
  if (inApp) await navigateInApp(page, path);
  else await visit(page, path);
  await page.getByRole('main').getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang), path).toBe('so');
  expect(await page.title(), path).toBe(`${heading} – Codka`);
  if (path.startsWith('/states/')) {
    // The representatives load after the page: check the finished page.
    await page.getByRole('region', { name: soContent.representatives.senate, exact: true }).waitFor();
  }
  const words = await mainWords(page);
  const leftovers = ENGLISH.filter((fragment) => words.includes(fragment));
  expect(leftovers, `English left on ${path}`).toEqual([]);
}

const PAGES: [string, string][] = [
  ['/federal-states', soContent.federalStates.title],
  ['/states/southwest', soRegions.state.southwest.name],
  ['/regions', soContent.regions.title],
  ['/regions/hirshabelle', soRegions.region.hirshabelle.name],
  ['/voting', soContent.voting.title],
  ['/transparent-process', soContent.transparent.title],
  ['/about', soContent.about.title],
  ['/help', soContent.help.title],
];

describe('content pages in Somali', () => {
  for (const viewport of ['desktop', 'phone'] as ViewportName[]) {
    it(`shows every content page in Somali with no English left (${viewport})`, async () => {
      const { page } = await openPage(viewport, { language: 'so' });
      // On the phone, each page after the first is reached inside the app (what the browser renders); on the
      // desktop each is loaded (what the server sends).
      const inApp = viewport === 'phone';
      if (inApp) await followInApp(page);
      for (const [index, [path, heading]] of PAGES.entries()) {
        await expectSomaliPage(page, path, heading, inApp && index > 0);
        if (viewport === 'phone') {
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(width, `scrollWidth at ${path}`).toBeLessThanOrEqual(360);
        }
      }
    });
  }

  it('names places, institutions and figures in Somali on the state and region pages', async () => {
    const { page } = await openPage('desktop', { language: 'so' });
    await visit(page, '/states/southwest');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Koonfur Galbeed', exact: true }).waitFor();
    expect(await main.getByText('Dowlad Goboleed', { exact: true }).isVisible()).toBe(true);
    const keyInformation = page.getByRole('region', { name: 'Macluumaadka muhiimka ah' });
    expect(await keyInformation.getByText('Af-Soomaali, Carabi', { exact: true }).isVisible()).toBe(true);
    expect(
      await keyInformation.getByText('Bay, Bakool, Shabeellaha Hoose', { exact: true }).isVisible(),
    ).toBe(true);
    const house = page.getByRole('region', { name: 'Golaha Shacabka', exact: true });
    await house.getByText('69 xildhibaan ayaa loo qoray kuraasta Koonfur Galbeed.').waitFor();
    expect(await house.getByText('HOP#001 · Koonfur Galbeed').isVisible()).toBe(true);
    expect(
      await house.getByRole('link', { name: 'Dhammaan xildhibaannada Koonfur Galbeed' }).isVisible(),
    ).toBe(true);
    const senate = page.getByRole('region', { name: 'Aqalka Sare', exact: true });
    expect(await senate.getByText('8 senetar ayaa loo qoray Koonfur Galbeed.').isVisible()).toBe(true);

    await visit(page, '/regions/hirshabelle');
    await main.getByRole('heading', { level: 1, name: 'Hirshabeelle', exact: true }).waitFor();
    const figures = await page.locator('dl[aria-label="Hirshabeelle tirooyin ahaan"]').innerText();
    expect(figures).toContain('Xog lama hayo');
    expect(figures).toContain('Jowhar');
    expect(figures).toContain('54,173 km²');
    const parts = page.getByRole('region', { name: 'Gobollada', exact: true });
    expect(await parts.getByRole('listitem').allInnerTexts()).toEqual(['Hiiraan', 'Shabeellaha Dhexe']);
    expect(
      await page.getByRole('img', { name: /^Khariidad: Hiiraan iyo Shabeellaha Dhexe/ }).isVisible(),
    ).toBe(true);

    await visit(page, '/voting');
    await main.getByRole('heading', { level: 1, name: soContent.voting.title, exact: true }).waitFor();
    const elections = main.locator('#elections');
    expect(await elections.getByText('Dhammaaday', { exact: true }).count()).toBe(2);
    expect(await elections.getByText('Soo socda', { exact: true }).count()).toBe(1);
    // Dates are written in Somali too (Intl), not as English month names.
    expect(await elections.innerText()).not.toMatch(/November|April|May 2022/);
  });

  it('opens a Somali FAQ answer on /help', async () => {
    const { page } = await openPage('phone', { language: 'so' });
    await visit(page, '/help');
    const question = page
      .getByRole('main')
      .getByRole('button', { name: soContent.help.faq.pollIsElection.question });
    await question.click();
    await page
      .getByRole('main')
      .getByText(/Waa ra'yi ururin/)
      .waitFor();
    expect(await question.getAttribute('aria-expanded')).toBe('true');
  });
});
