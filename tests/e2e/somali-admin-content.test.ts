import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoHorizontalScroll, toast } from './helpers/admin';
import { signInThroughApi, stepUpThroughApi } from './helpers/auth';
import { type ViewportName, visit } from './helpers/browser';
import { DEMO_ADMIN } from './helpers/demo-accounts';
import { expectNoEnglish, heading, htmlLang } from './helpers/somali';
import { setupE2E } from './helpers/suite';

/**
 * The admin console's elections, polls and member photos screens in Somali: a browser whose
 * language is Somali gets them in Somali, at desktop and phone size, and a create action answers in Somali.
 */
const { openPage } = setupE2E();

const VIEWPORTS: ViewportName[] = ['desktop', 'phone'];

const main = (page: Page) => page.getByRole('main');

describe.each(VIEWPORTS)('Somali admin screens at %s size', (viewport) => {
  const open = async () => {
    const { page } = await openPage(viewport, { language: 'so' });
    await signInThroughApi(page, DEMO_ADMIN);
    await stepUpThroughApi(page, DEMO_ADMIN.password);
    return page;
  };
  const fits = async (page: Page) => {
    if (viewport === 'phone') await expectNoHorizontalScroll(page);
  };

  it('elections list, an election’s candidates and its results', async () => {
    const page = await open();
    await visit(page, '/admin/elections');
    await heading(page, 'Doorashooyinka', 1).waitFor();
    expect(await htmlLang(page)).toBe('so');
    await main(page).getByRole('button', { name: 'Abuur doorasho' }).waitFor();
    const card = main(page).getByRole('article').first();
    await card.getByText('Bilaabanaysa:').waitFor();
    await card.getByText(/^\d+ musharrax · [\d\s,.]+ cod$/).waitFor();
    await fits(page);
    await expectNoEnglish(page, ['Create Election', 'Starts:', 'Ends:', ' candidates · ', ' candidate · ']);

    // The create form opens in Somali with its Somali fields.
    await main(page).getByRole('button', { name: 'Abuur doorasho' }).click();
    const form = page.getByRole('form', { name: 'Abuur doorasho' });
    await form.getByRole('textbox', { name: 'Cinwaanka', exact: true }).waitFor();
    await form.getByRole('group', { name: 'Musharrax 1', exact: true }).waitFor();
    await form.getByText('Saacadda Bariga Afrika (EAT)').first().waitFor();
    await fits(page);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });

    await card.getByRole('link', { name: /^Musharraxiinta / }).click();
    await page.waitForURL(/\/admin\/elections\/[0-9a-f-]{36}\/candidates$/);
    await heading(page, 'Musharraxiinta', 1).waitFor();
    const ballot = main(page).getByRole('list', { name: 'Warqadda codbixinta' });
    await ballot.getByRole('listitem').first().waitFor();
    await ballot.getByText(/^Lambarka warqadda codbixinta 1$/).waitFor();
    await main(page)
      .getByText(/ayaa ku jira warqadda codbixinta, sida ay isugu xigaan\.$/)
      .waitFor();
    await main(page).getByRole('link', { name: 'Dhammaan doorashooyinka' }).waitFor();
    await fits(page);
    await expectNoEnglish(page, ['Add Candidate', 'All elections', 'on the ballot', 'View Results']);

    await main(page).getByRole('link', { name: 'Eeg natiijooyinka', exact: true }).click();
    await page.waitForURL(/\/admin\/elections\/[0-9a-f-]{36}\/results$/);
    await heading(page, 'Natiijooyinka', 1).waitFor();
    await main(page).getByText('Wadarta codadka', { exact: true }).waitFor();
    await main(page)
      .getByText(/^La cusboonaysiiyay .+ EAT$/)
      .waitFor();
    await main(page).getByRole('button', { name: 'Cusboonaysii' }).waitFor();
    await main(page).getByRole('link', { name: 'Maamul musharraxiinta' }).waitFor();
    await fits(page);
    await expectNoEnglish(page, ['Total votes', 'Last updated', 'Refresh', 'Manage Candidates']);
  });

  it('polls list, creating a poll with its Somali toast, and the poll’s manage page', async () => {
    const page = await open();
    await visit(page, '/admin/polls');
    await heading(page, "Maamul ra'yi ururinta", 1).waitFor();
    expect(await htmlLang(page)).toBe('so');
    await main(page).getByText("Ra'yi ururinta bil kasta: qabyo, furan iyo xiran.").waitFor();
    await fits(page);

    const title = `Ra'yi ururin tijaabo ${viewport} ${Date.now()}`;
    await main(page).getByRole('button', { name: "Abuur ra'yi ururin" }).click();
    const dialog = page.getByRole('dialog', { name: "Abuur ra'yi ururin" });
    await dialog.getByText('Maamulayaasha nidaamka oo keliya ayaa abuuri kara').waitFor();
    // Written in Somali only: the toast and the poll's page say it as written (docs/decisions/021-bilingual-content.md).
    await dialog.getByRole('textbox', { name: 'Cinwaanka af-Soomaali', exact: true }).fill(title);
    const type = dialog.getByRole('combobox', { name: 'Nooca doorashada' });
    expect(await type.locator('option[value="senate"]').innerText()).toBe('Aqalka Sare');
    await type.selectOption('senate');
    // One poll of a type a month: each viewport's run takes a month of its own.
    await dialog.getByLabel('Bisha').fill(viewport === 'phone' ? '2030-02' : '2030-01');
    await fits(page);
    await dialog.getByRole('button', { name: "Abuur ra'yi ururin" }).click();

    await toast(page, "Ra'yi ururinta si guul leh ayaa loo abuuray").waitFor();
    await toast(page, `${title} waxaa loo abuuray qabyo ahaan.`).waitFor();
    await page.waitForURL((url) => /^\/admin\/polls\/[0-9a-f-]{36}$/.test(url.pathname));
    await heading(page, title, 1).waitFor();
    await main(page).getByText('Aqalka Sare', { exact: true }).waitFor();
    await main(page).getByRole('link', { name: "Dhammaan ra'yi ururinta" }).waitFor();
    await heading(page, 'Musharraxiinta (0)', 2).waitFor();
    await main(page).getByRole('form', { name: 'Ku dar musharrax' }).waitFor();
    await main(page)
      .getByRole('button', { name: `Daabac ${title}` })
      .waitFor();
    await main(page).getByText('Cod lama dhiibin').waitFor();
    await fits(page);
    await expectNoEnglish(page, ['All polls', 'Add candidate', 'No Votes Cast', 'View public page']);

    // Back on the list, the new poll is there with its Somali actions.
    await visit(page, '/admin/polls');
    const listed = main(page).getByRole('listitem').filter({ hasText: title });
    await listed.getByRole('link', { name: `Musharraxiinta iyo codadka ${title}` }).waitFor();
    await listed.getByRole('button', { name: `Tirtir ${title}` }).waitFor();
    await fits(page);
    await expectNoEnglish(page, ['Create Poll', 'Candidates & votes', 'Publish']);
  });

  it('member photos: refresh jobs, filters and the members table', async () => {
    const page = await open();
    await visit(page, '/admin/data-tools/member-photos');
    await heading(page, 'Sawirada xubnaha', 1).waitFor();
    expect(await htmlLang(page)).toBe('so');
    await heading(page, 'Hawlaha cusboonaysiinta', 2).waitFor();
    await main(page).getByRole('button', { name: 'Cusboonaysii dhammaan sawirada' }).waitFor();
    await main(page).getByRole('button', { name: 'Soo qaado sawirada maqan' }).waitFor();
    await main(page).getByText('Weli hawl sawir ma socon.').waitFor();
    await main(page).getByRole('textbox', { name: 'Raadi xubnaha' }).waitFor();

    const table = main(page).getByRole('table', { name: 'Sawirada xubnaha' });
    await table.getByRole('columnheader', { name: 'Xaaladda' }).waitFor();
    const row = table.getByRole('row').nth(1);
    await row.getByRole('button', { name: /^Gacanta ku dhig sawirka / }).waitFor();
    await row.getByText(/^(Golaha Shacabka|Aqalka Sare) · /).waitFor();
    await row.getByText(/^(sugaya|la shaqaynayaa|dhammaaday|fashilmay)$/).waitFor();
    await fits(page);
    await expectNoEnglish(page, [
      'Refresh all photos',
      'Search members',
      'House of the People',
      'Set manual override',
      'pending',
    ]);

    // The override dialog opens in Somali.
    await row.getByRole('button', { name: /^Gacanta ku dhig sawirka / }).click();
    const dialog = page.getByRole('dialog', { name: /^Sawirka gacanta lagu dhigay ee / });
    await dialog.getByRole('textbox', { name: 'Cinwaanka sawirka' }).waitFor();
    await dialog.getByRole('button', { name: 'Kaydi sawirka' }).waitFor();
    await fits(page);
  });
});
