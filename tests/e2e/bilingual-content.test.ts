import { toEatInput } from '@client/pages/admin/elections/eat-time';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { confirmAsSecondAdmin, expectNoHorizontalScroll, toast } from './helpers/admin';
import { signInThroughApi, stepUpThroughApi } from './helpers/auth';
import { axeViolations } from './helpers/axe';
import { type ViewportName, visit } from './helpers/browser';
import { DEMO_ADMIN } from './helpers/demo-accounts';
import { createCitizen } from './helpers/factories';
import { heading, htmlLang } from './helpers/somali';
import { setupE2E } from './helpers/suite';

/**
 * Texts staff write in one language only (docs/decisions/021-bilingual-content.md): an election written in
 * Somali alone reads as written on Somali pages and is marked "(in Somali)" on English ones, on the hub and the
 * election's page, at 360 and 1280 px, with no axe finding; the staff list marks it "No English". A poll left
 * without a title is named in each reader's language, its "month taken" refusal too.
 */
const { openPage, origin } = setupE2E();

const HOUR = 3_600_000;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const main = (page: Page) => page.getByRole('main');

async function adminPage(viewport: ViewportName, language: 'en' | 'so') {
  const opened = await openPage(viewport, { language });
  await signInThroughApi(opened.page, DEMO_ADMIN);
  await stepUpThroughApi(opened.page, DEMO_ADMIN.password);
  return opened;
}

const SOMALI = {
  title: `Doorashada Golaha Deegaanka ${unique()}`,
  description: 'Dooro xubnaha golaha deegaanka.',
  party: 'Xisbiga Nabadda',
};
let electionId = '';

describe('an election written in Somali only', () => {
  it('is written by an admin in the Somali fields alone, and its card says it has no English', async () => {
    const { page } = await adminPage('desktop', 'en');
    await visit(page, '/admin/elections');
    await main(page).getByRole('button', { name: 'Create Election' }).click();
    const form = page.getByRole('form', { name: 'Create Election' });
    await form.getByRole('textbox', { name: 'Title in Somali', exact: true }).fill(SOMALI.title);
    await form.getByLabel('Description in Somali', { exact: true }).fill(SOMALI.description);
    await form.getByLabel('Start time').fill(toEatInput(new Date(Date.now() - HOUR)));
    await form.getByLabel('End time').fill(toEatInput(new Date(Date.now() + 24 * HOUR)));
    await form.getByLabel('Status', { exact: true }).click();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    const row = form.getByRole('group', { name: 'Candidate 1', exact: true });
    await row.getByLabel('Name').fill('Cawo Nuur');
    await row.getByLabel('Party in Somali', { exact: true }).fill(SOMALI.party);
    await form.getByRole('radio', { name: 'Any signed-in account' }).check();
    await form.getByRole('button', { name: 'Create Election' }).click();
    await toast(page, 'Election created as a draft').waitFor();

    const card = main(page).getByRole('article').filter({ hasText: SOMALI.title });
    await card.locator('[data-missing-language="en"]').getByText('No English', { exact: true }).waitFor();
    expect(await card.locator('[data-missing-language="so"]').count()).toBe(0);
    const link = await card.getByRole('link', { name: /^Candidates / }).getAttribute('href');
    electionId = /\/admin\/elections\/([0-9a-f-]{36})\/candidates$/.exec(link ?? '')?.[1] ?? '';
    expect(electionId).not.toBe('');

    // The second admin's request names it as written: the only title it has.
    await confirmAsSecondAdmin(openPage, `Open “${SOMALI.title}” for voting`);
  });

  const READERS = [
    { language: 'en', viewport: 'desktop' },
    { language: 'en', viewport: 'phone' },
    { language: 'so', viewport: 'desktop' },
    { language: 'so', viewport: 'phone' },
  ] as const;

  it.each(READERS)('reads on the hub and its page in $language at $viewport size', async (reader) => {
    expect(electionId, 'the election written by the test above').not.toBe('');
    const { page } = await openPage(reader.viewport, { language: reader.language });
    // The hub is for signed-in citizens; the election's page is open to anyone.
    await signInThroughApi(page, await createCitizen(origin(), { label: 'bilingual' }));
    const english = reader.language === 'en';
    // The marker an English reader sees after a text shown in Somali; a Somali reader sees none.
    const marked = english ? `${SOMALI.title} (in Somali)` : SOMALI.title;
    const expectMarkers = async (scope: Locator, count: number) => {
      const markers = scope.locator('[data-fallback-language="so"]');
      if (english) {
        await markers.first().waitFor();
        expect(await markers.allInnerTexts()).toEqual(Array(count).fill('(in Somali)'));
      } else {
        expect(await markers.count()).toBe(0);
        expect(await scope.locator('[data-fallback-language]').count()).toBe(0);
      }
    };
    const checkPage = async () => {
      expect(await htmlLang(page)).toBe(reader.language);
      expect(await axeViolations(page)).toEqual([]);
      if (reader.viewport === 'phone') await expectNoHorizontalScroll(page);
    };

    await visit(page, '/elections');
    const card = main(page).getByRole('article', { name: marked, exact: true });
    await card.getByRole('heading', { name: marked, level: 3, exact: true }).waitFor();
    // The Somali text keeps its language for a screen reader on an English page.
    if (english) await card.locator('[lang="so"]', { hasText: SOMALI.title }).first().waitFor();
    await card.getByText(SOMALI.description).waitFor();
    // Title and description, each marked on an English page.
    await expectMarkers(card, 2);
    await checkPage();

    await visit(page, `/election/${electionId}`);
    await heading(page, marked, 1).waitFor();
    await main(page).getByText(SOMALI.description).waitFor();
    await main(page).getByText(SOMALI.party).first().waitFor();
    await main(page).getByText('Cawo Nuur').first().waitFor();
    await expectMarkers(main(page).locator('header').first(), 1);
    await checkPage();
  });
});

describe('a poll left without a title', () => {
  const month = '2032-05';
  const titles = { en: `Parliamentary Poll ${month}`, so: `Ra'yi ururinta baarlamaanka ${month}` };

  it('is named in each reader’s language, and its month’s second poll is refused naming it so', async () => {
    const { page } = await adminPage('desktop', 'en');
    await visit(page, '/admin/polls');
    await main(page).getByRole('button', { name: 'Create Poll' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Poll' });
    await dialog.getByRole('combobox', { name: 'Election type' }).selectOption('parliamentary');
    await dialog.getByLabel('Month', { exact: true }).fill(month);
    await dialog.getByRole('button', { name: 'Create Poll' }).click();
    await toast(page, `${titles.en} was created as a draft.`).waitFor();
    await page.waitForURL((url) => /^\/admin\/polls\/[0-9a-f-]{36}$/.test(url.pathname));
    await heading(page, titles.en, 1).waitFor();
    const managePath = new URL(page.url()).pathname;
    // Generated in both languages: nothing for staff to translate, nothing marked.
    expect(await main(page).locator('[data-missing-language], [data-fallback-language]').count()).toBe(0);

    const { page: somali, allowResourceError } = await adminPage('phone', 'so');
    allowResourceError(
      409,
      '/trpc/polls.create',
      'a second parliamentary poll for the month, refused on purpose',
    );
    await visit(somali, managePath);
    await heading(somali, titles.so, 1).waitFor();
    expect(await main(somali).locator('[data-missing-language], [data-fallback-language]').count()).toBe(0);
    await expectNoHorizontalScroll(somali);

    // The list names it in Somali, unmarked (axe here: the draft's manage page has findings of its own, outside
    // these texts: its colour field's unnamed eyedropper button and a description's contrast).
    await visit(somali, '/admin/polls');
    const listed = main(somali).getByRole('listitem').filter({ hasText: titles.so });
    await listed.getByText(titles.so, { exact: true }).waitFor();
    expect(await main(somali).getByText(titles.en).count()).toBe(0);
    expect(await listed.locator('[data-missing-language], [data-fallback-language]').count()).toBe(0);
    expect(await axeViolations(somali)).toEqual([]);
    await main(somali).getByRole('button', { name: "Abuur ra'yi ururin" }).click();
    const again = somali.getByRole('dialog', { name: "Abuur ra'yi ururin" });
    await again.getByRole('combobox', { name: 'Nooca doorashada' }).selectOption('parliamentary');
    await again.getByLabel('Bisha', { exact: true }).fill(month);
    await again.getByRole('button', { name: "Abuur ra'yi ururin" }).click();
    // The refusal names the month's poll by its Somali title on a Somali page.
    await again.getByText(`“${titles.so}” ayaa horey u ah`, { exact: false }).first().waitFor();
    expect(await again.getByText(titles.en).count()).toBe(0);
  });
});
