import soAuth from '@client/i18n/locales/so/auth.json';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoHorizontalScroll, stubTiles } from './helpers/admin';
import { waitForPath } from './helpers/auth';
import { type ViewportName, visit } from './helpers/browser';
import { DEMO_CITIZEN } from './helpers/demo-accounts';
import { expectNoEnglish, heading, htmlLang } from './helpers/somali';
import { setupE2E } from './helpers/suite';

/**
 * The public pages in Somali: a browser whose language is Somali gets them in Somali, and the
 * switch in the header (desktop) or the drawer (phone) changes the language, remembered across reloads.
 */
const { openPage } = setupE2E();

const VIEWPORTS: ViewportName[] = ['desktop', 'phone'];

const main = (page: Page) => page.getByRole('main');

/** Signs in through the Somali /auth form (the labels are Somali) and waits for the home page. */
async function signInInSomali(page: Page) {
  await visit(page, '/auth');
  const form = page.getByRole('form', { name: 'Gal' });
  await form.getByRole('textbox', { name: soAuth.fields.login, exact: true }).fill(DEMO_CITIZEN.email);
  await form.getByRole('textbox', { name: 'Furaha sirta ah', exact: true }).fill(DEMO_CITIZEN.password);
  await form.getByRole('button', { name: 'Gal', exact: true }).click();
  await waitForPath(page, '/');
}

async function chooseLanguage(menuButton: Locator, page: Page, name: 'Af-Soomaali' | 'English') {
  await menuButton.click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}

describe.each(VIEWPORTS)('Somali pages at %s size', (viewport) => {
  const open = async () => (await openPage(viewport, { language: 'so' })).page;
  const fits = async (page: Page) => {
    if (viewport === 'phone') await expectNoHorizontalScroll(page);
  };

  it('landing page: hero, map, feature cards and updates', async () => {
    const page = await open();
    await visit(page, '/');
    await heading(page, 'Doorashooyinka Federaalka Soomaaliya', 1).waitFor();
    expect(await htmlLang(page)).toBe('so');
    expect(await main(page).getByRole('link', { name: 'Hadda Bilow Codbixinta' }).getAttribute('href')).toBe(
      '/elections',
    );
    await heading(page, 'Dowlad Goboleedyada', 2).waitFor();
    expect(await page.locator('path#SOJH').getAttribute('aria-label')).toBe('Jubbada Hoose');
    expect(await page.locator('path#SOSD').getAttribute('aria-label')).toBe('Shabeellaha Dhexe');
    expect(await page.locator('figcaption').innerText()).toBe(
      'Doorashooyinka Baarlamaanka Soomaaliya - Khariidadda Doorashada ee la Gujin karo',
    );
    expect(
      await page.getByRole('navigation', { name: 'Gobollada Soomaaliya' }).getByRole('link').count(),
    ).toBe(18);
    await heading(page, 'Sahami Doorashooyinka', 2).waitFor();
    const updates = page.locator('section', {
      has: page.getByRole('heading', { name: 'Wararkii ugu Dambeeyay', level: 2 }),
    });
    expect(await updates.getByRole('article').count()).toBe(3);
    await updates.getByRole('heading', { name: /^Wacyigelin madani ah/ }).waitFor();
    await expectNoEnglish(page, [
      'Start Voting Now',
      'Latest Updates',
      'Explore the Elections',
      'Lower Juba',
    ]);
    await fits(page);
  });

  it('/auth: sign-in and sign-up forms', async () => {
    const page = await open();
    await visit(page, '/auth');
    await heading(page, 'Gal Codka', 1).waitFor();
    const form = page.getByRole('form', { name: 'Gal' });
    await form.getByRole('textbox', { name: soAuth.fields.login, exact: true }).waitFor();
    await form.getByRole('link', { name: 'Ma ilowday furaha sirta ah?' }).waitFor();
    await page.getByRole('tab', { name: 'Samee Akoon' }).click();
    await heading(page, 'Samee akoonkaaga', 1).waitFor();
    await page
      .getByRole('form', { name: 'Samee Akoon' })
      .getByRole('textbox', { name: 'Magaca oo Dhan' })
      .waitFor();
    await expectNoEnglish(page, ['Sign in to Codka', 'Full Name', 'Admin Login', 'Electoral staff']);
    await fits(page);
  });

  it('/account: a signed-in citizen changes the password in Somali', async () => {
    const page = await open();
    await signInInSomali(page);
    await visit(page, '/account');
    await heading(page, 'Akoonkaaga', 1).waitFor();
    await heading(page, 'Beddel furaha sirta ah', 2).waitFor();
    // Under the title, and in the contact details with whether it is confirmed.
    await main(page).getByText(DEMO_CITIZEN.email, { exact: true }).first().waitFor();
    await main(page).getByTestId('contact-email').getByText('La xaqiijiyay', { exact: true }).waitFor();
    await page
      .getByRole('form', { name: 'Beddel furaha sirta ah' })
      .getByText('Ugu yaraan 6 xaraf')
      .waitFor();
    expect(await htmlLang(page)).toBe('so');
    await expectNoEnglish(page, ['Your account', 'Current password', 'Signed in as']);
    await fits(page);
  });

  it('/parliament-members: overview, list heading and member cards', async () => {
    const page = await open();
    await visit(page, '/parliament-members');
    await heading(page, 'Golaha Shacabka', 1).waitFor();
    await heading(page, '275 xildhibaan, bogga 1 ee 12', 2).waitFor();
    await main(page).getByRole('searchbox', { name: 'Raadi xildhibaannada' }).waitFor();
    const first = main(page).getByRole('article').first();
    expect(await first.innerText()).toMatch(/HOP#001[\s\S]*Koonfur Galbeed[\s\S]*Iimayl\s+Lama daabicin/);
    await expectNoEnglish(page, ['Women MPs', 'Not published', 'Seat record pending', 'Birth date']);
    await fits(page);
  });

  it('/senators: leadership with Somali titles and all 54 senators', async () => {
    const page = await open();
    await visit(page, '/senators');
    await heading(page, 'Aqalka Sare ee Soomaaliya', 1).waitFor();
    await heading(page, 'Dhammaan Senetarrada (54)', 2).waitFor();
    const leadership = page.locator('section', {
      has: page.getByRole('heading', { name: 'Hoggaanka', level: 2 }),
    });
    expect(await leadership.getByRole('article').count()).toBe(3);
    expect(await leadership.innerText()).toContain('Guddoomiyaha Aqalka Sare');
    await expectNoEnglish(page, ['Chairman', 'Leadership', 'All Senators', 'Senator\n']);
    await fits(page);
  });

  it('/registration-centers: the map and the list', async () => {
    const page = await open();
    await stubTiles(page, 'ok');
    await visit(page, '/registration-centers');
    await heading(page, 'Xarumaha Diiwaangelinta', 1).waitFor();
    await page.getByRole('region', { name: 'Khariidadda xarumaha diiwaangelinta ee furan' }).waitFor();
    await main(page)
      .getByRole('heading', { name: /^Xarumaha diiwaangelinta ee furan/, level: 2 })
      .waitFor();
    // The map's controls are drawn once the page's script has started (Leaflet runs in the browser only).
    await page.getByRole('button', { name: 'Soo dhawee' }).waitFor();
    expect(await page.getByRole('button', { name: 'Soo dhawee' }).count()).toBe(1);
    await expectNoEnglish(page, ['Registration Centers', 'Active registration centers']);
    await fits(page);
  });
});

describe('choosing the language', () => {
  it('an English browser gets English', async () => {
    const { page } = await openPage('desktop');
    await visit(page, '/');
    await heading(page, 'Somalia Federal Elections', 1).waitFor();
    expect(await htmlLang(page)).toBe('en');
  });

  it('the header switch on a desktop changes the texts and lang, and survives a reload', async () => {
    const { page } = await openPage('desktop');
    // The Somali header keeps its links and switch in one row from 1440 px (docs/product.md#navigation).
    await page.setViewportSize({ width: 1440, height: 800 });
    await visit(page, '/');
    await heading(page, 'Somalia Federal Elections', 1).waitFor();
    const menu = page.getByRole('banner').getByTestId('language-menu');

    await chooseLanguage(menu, page, 'Af-Soomaali');
    await heading(page, 'Doorashooyinka Federaalka Soomaaliya', 1).waitFor();
    await heading(page, 'Wararkii ugu Dambeeyay', 2).waitFor();
    expect(await htmlLang(page)).toBe('so');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('so');

    await page.reload();
    await heading(page, 'Doorashooyinka Federaalka Soomaaliya', 1).waitFor();
    expect(await htmlLang(page)).toBe('so');

    // A page whose texts are not loaded yet (its own namespace) arrives in Somali too.
    await page.getByRole('banner').getByRole('link', { name: 'Gal', exact: true }).click();
    await heading(page, 'Gal Codka', 1).waitFor();

    await chooseLanguage(menu, page, 'English');
    await heading(page, 'Sign in to Codka', 1).waitFor();
    expect(await htmlLang(page)).toBe('en');
  });

  it('the drawer switch on a phone changes the texts and lang, and survives a reload', async () => {
    const { page } = await openPage('phone');
    await visit(page, '/parliament-members');
    await heading(page, '275 members, page 1 of 12', 2).waitFor();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog');
    await chooseLanguage(drawer.getByTestId('language-menu'), page, 'Af-Soomaali');
    await drawer.getByRole('link', { name: 'Xildhibaannada Golaha Shacabka' }).waitFor();
    await drawer.getByRole('button', { name: 'Xir hagaha' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await heading(page, '275 xildhibaan, bogga 1 ee 12', 2).waitFor();
    expect(await htmlLang(page)).toBe('so');

    await page.reload();
    await heading(page, 'Golaha Shacabka', 1).waitFor();
    expect(await htmlLang(page)).toBe('so');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('so');
    await expectNoHorizontalScroll(page);
  });
});
