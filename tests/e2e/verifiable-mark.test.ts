import enElections from '@client/i18n/locales/en/elections.json';
import soElections from '@client/i18n/locales/so/elections.json';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sharedAdminSession } from './helpers/admin';
import { signInThroughApi } from './helpers/auth';
import { axeViolations, horizontalOverflow } from './helpers/axe';
import { visit } from './helpers/browser';
import { DEMO_TITLES } from './helpers/demo-elections';
import { createCitizen } from './helpers/factories';
import { followInApp, navigateInApp } from './helpers/in-app';
import { setupE2E } from './helpers/suite';

/**
 * The "verifiable" mark wherever an election is shown, not only on its results: the hub's cards, the election's
 * own page (with the archive's link) and the admin console's cards and results list. The demo's verifiable
 * elections carry it and a standard one does not, in both languages, on a phone and on a desktop.
 */
const { openPage, origin } = setupE2E();
const asAdmin = sharedAdminSession();

const TEXTS = { en: enElections.verifiable, so: soElections.verifiable } as const;
const mark = (scope: Locator) => scope.getByTestId('verifiable-mark');

/** The demo election's id, from its card's link on the hub. */
async function idFromHub(page: Page, title: string): Promise<string> {
  const href = await page
    .getByRole('article', { name: title })
    .getByRole('link')
    .first()
    .getAttribute('href');
  const id = /([0-9a-f-]{36})$/.exec(href ?? '')?.[1];
  if (!id) throw new Error(`no link on the card of ${title}`);
  return id;
}

describe('the verifiable mark', () => {
  for (const language of ['en', 'so'] as const) {
    for (const viewport of ['phone', 'desktop'] as const) {
      it(`is on the hub's cards and the election's page (${language}, ${viewport})`, async () => {
        const words = TEXTS[language];
        const citizen = await createCitizen(origin(), { label: `mark-${language}-${viewport}` });
        const { page } = await openPage(viewport, { language });
        // The pages after the first are reached inside the app, as a reader follows the hub's links.
        await followInApp(page);
        await signInThroughApi(page, citizen);
        await visit(page, '/elections');
        const main = page.getByRole('main');
        for (const key of ['verifiableOpen', 'verifiableClosed'] as const) {
          const card = main.getByRole('article', { name: DEMO_TITLES[key][language] });
          await mark(card).waitFor();
          expect((await mark(card).textContent())?.trim()).toBe(words.mark);
        }
        expect(
          await mark(main.getByRole('article', { name: DEMO_TITLES.presidential[language] })).count(),
        ).toBe(0);
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        expect(await axeViolations(page)).toEqual([]);

        // The election's page: the mark with what it means and the archive's link.
        const closed = await idFromHub(page, DEMO_TITLES.verifiableClosed[language]);
        const standard = await idFromHub(page, DEMO_TITLES.byElection[language]);
        await navigateInApp(page, `/election/${closed}`);
        const details = mark(main);
        await details.getByText(words.markHelp).waitFor();
        const archive = details.getByRole('link', { name: words.archive });
        expect(await archive.getAttribute('href')).toBe(`/api/v1/elections/${closed}/archive.bel`);
        expect((await fetch(`${origin()}/api/v1/elections/${closed}/archive.bel`)).status).toBe(200);
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        expect(await axeViolations(page)).toEqual([]);

        await navigateInApp(page, `/election/${standard}`);
        await main.getByRole('heading', { level: 1, name: DEMO_TITLES.byElection[language] }).waitFor();
        expect(await mark(main).count()).toBe(0);
      });

      it(`is on the admin console's election cards and results list (${language}, ${viewport})`, async () => {
        const words = TEXTS[language];
        const testPage = await openPage(viewport, { language });
        const { page } = testPage;
        await followInApp(page);
        await asAdmin(testPage, '/admin/elections');
        const main = page.getByRole('main');
        for (const key of ['verifiableOpen', 'verifiableClosed'] as const) {
          const card = main.getByRole('article', { name: DEMO_TITLES[key][language] });
          await mark(card).waitFor();
          expect((await mark(card).textContent())?.trim()).toBe(words.mark);
        }
        const presidential = main.getByRole('article', { name: DEMO_TITLES.presidential[language] });
        await presidential.waitFor();
        expect(await mark(presidential).count()).toBe(0);
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

        await navigateInApp(page, '/admin/election-results');
        const item = (title: string) => main.getByRole('listitem').filter({ hasText: title });
        await mark(item(DEMO_TITLES.verifiableClosed[language])).waitFor();
        expect(await mark(item(DEMO_TITLES.presidential[language])).count()).toBe(0);
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      });
    }
  }
});
