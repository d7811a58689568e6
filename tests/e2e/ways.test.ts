import enAdmin from '@client/i18n/locales/en/admin.json';
import enCommon from '@client/i18n/locales/en/common.json';
import enContent from '@client/i18n/locales/en/content.json';
import enElections from '@client/i18n/locales/en/elections.json';
import enHome from '@client/i18n/locales/en/home.json';
import enPolls from '@client/i18n/locales/en/polls.json';
import enStaff from '@client/i18n/locales/en/staff.json';
import soAdmin from '@client/i18n/locales/so/admin.json';
import soCommon from '@client/i18n/locales/so/common.json';
import soContent from '@client/i18n/locales/so/content.json';
import soElections from '@client/i18n/locales/so/elections.json';
import soHome from '@client/i18n/locales/so/home.json';
import soPolls from '@client/i18n/locales/so/polls.json';
import soStaff from '@client/i18n/locales/so/staff.json';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { stubTiles } from './helpers/admin';
import { signInThroughApi, waitForPath } from './helpers/auth';
import { axeViolations, horizontalOverflow } from './helpers/axe';
import { visit } from './helpers/browser';
import { DEMO_ADMIN, DEMO_REGISTRAR } from './helpers/demo-accounts';
import { setupE2E } from './helpers/suite';

/**
 * Ways that lead where they say (docs/product.md#navigation): the registration centres are linked from the drawer,
 * the footer and the home page; the help page's voting guide starts with getting on the roll; registration staff who
 * take the admins' sign-in are pointed to the staff console; the dashboard's step-up says why it asks and fills in
 * the e-mail; the Online Voting button's page and the elections hub say where they lead. Both languages.
 */

const { openPage } = setupE2E();

const LOCALES = {
  en: {
    admin: enAdmin,
    common: enCommon,
    content: enContent,
    elections: enElections,
    home: enHome,
    polls: enPolls,
    staff: enStaff,
  },
  so: {
    admin: soAdmin,
    common: soCommon,
    content: soContent,
    elections: soElections,
    home: soHome,
    polls: soPolls,
    staff: soStaff,
  },
} as const;
type Language = keyof typeof LOCALES;

/** A text as the page shows it: its <0>…</0> markers gone, their words kept. */
const shown = (text: string) => text.replace(/<\/?\d+>/g, '');
/** The words of a text's <n>…</n> part (a link inside the sentence). */
const part = (text: string, n: number) => new RegExp(`<${n}>(.*?)</${n}>`).exec(text)?.[1] ?? '';

/** What this file looks for on the screens, in the reader's language, from the screens' own locale files. */
function textsIn(language: Language) {
  const { admin, common, content, elections, home, polls, staff } = LOCALES[language];
  return {
    centers: common.nav.registrationCenters,
    findCenter: home.hero.findCenter,
    openMenu: common.nav.openNavigation,
    menu: common.nav.menu,
    footerLinks: common.footer.quickLinks,
    guide: content.help.voteGuide.title,
    guideEnroll: shown(content.help.voteGuide.enroll),
    guideClaim: shown(content.help.voteGuide.claim),
    denied: admin.login.notAdmin,
    staffLink: admin.login.staffLink,
    staffSections: staff.layout.sections,
    unlockForm: admin.unlock.form,
    email: admin.unlock.username,
    unlockIntro: admin.unlock.intro,
    pollsWhere: shown(polls.history.whereItLeads),
    elections: part(polls.history.whereItLeads, 0),
    hubWhere: elections.hub.signInToSee,
    verified: part(elections.hub.withoutAccount, 0),
  };
}

async function expectAxeClean(page: Page) {
  expect(await axeViolations(page), page.url()).toEqual([]);
}

const main = (page: Page) => page.getByRole('main');

for (const language of ['en', 'so'] as const satisfies Language[]) {
  const text = textsIn(language);
  describe(`ways that lead where they say (${language})`, () => {
    it('links the registration centres from the drawer at 360 px, the footer and the home page at 1280 px', async () => {
      const phone = (await openPage('phone', { language })).page;
      await stubTiles(phone, 'ok');
      await visit(phone, '/');
      // The home page's hero offers it beside Start Voting Now, without sideways scroll on a phone.
      const heroLink = main(phone).getByRole('link', { name: text.findCenter });
      expect(await heroLink.getAttribute('href')).toBe('/registration-centers');
      expect(await heroLink.isVisible()).toBe(true);
      expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
      await phone.getByRole('banner').getByRole('button', { name: text.openMenu }).click();
      const drawer = phone.getByRole('dialog', { name: text.menu });
      await drawer.getByRole('link', { name: text.centers, exact: true }).click();
      await waitForPath(phone, '/registration-centers');
      await main(phone).getByRole('heading', { name: text.centers, level: 1 }).waitFor();

      const desktop = (await openPage('desktop', { language })).page;
      await stubTiles(desktop, 'ok');
      await visit(desktop, '/');
      expect(await main(desktop).getByRole('link', { name: text.findCenter }).isVisible()).toBe(true);
      await expectAxeClean(desktop);
      const footer = desktop.getByRole('navigation', { name: text.footerLinks });
      await footer.getByRole('link', { name: text.centers, exact: true }).click();
      await waitForPath(desktop, '/registration-centers');
      await main(desktop).getByRole('heading', { name: text.centers, level: 1 }).waitFor();
    });

    it("the help page's voting guide starts with getting on the voter roll", async () => {
      const { page } = await openPage('phone', { language });
      await visit(page, '/help');
      const guide = page.getByRole('region', { name: text.guide });
      const words = await guide.innerText();
      expect(words).toContain(text.guideEnroll);
      expect(words).toContain(text.guideClaim);
      expect(await guide.locator('a[href="/registration-centers"]').count()).toBe(1);
      expect(await guide.locator('a[href="/account"]').count()).toBe(2);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectAxeClean(page);
    });

    it("points a Registrar who took the admins' sign-in to the staff console", async () => {
      const { page } = await openPage('phone', { language });
      await visit(page, '/admin/login');
      const form = page.getByRole('form');
      await form.getByRole('textbox').first().fill(DEMO_REGISTRAR.email);
      await form.locator('input[type="password"]').fill(DEMO_REGISTRAR.password);
      await form.locator('button[type="submit"]').click();
      await page.getByRole('alert').filter({ hasText: text.denied }).waitFor();
      await expectAxeClean(page);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await page.getByRole('link', { name: text.staffLink }).click();
      await page.getByRole('navigation', { name: text.staffSections }).waitFor();
      expect(new URL(page.url()).pathname).toMatch(/^\/staff/);
    });

    it("says why the dashboard asks again and fills in the admin's e-mail", async () => {
      const { page } = await openPage('desktop', { language });
      await signInThroughApi(page, DEMO_ADMIN);
      await visit(page, '/admin');
      const form = page.getByRole('form', { name: text.unlockForm });
      await form.waitFor();
      expect(await form.innerText()).toContain(text.unlockIntro);
      const email = form.getByRole('textbox', { name: text.email, exact: true });
      await expect.poll(() => email.inputValue()).toBe(DEMO_ADMIN.email);
      await expectAxeClean(page);
    });

    it('says where Online Voting leads, and what the elections hub asks of a visitor', async () => {
      const { page } = await openPage('desktop', { language });
      await visit(page, '/polls/presidential/history');
      const where = page.getByTestId('online-voting-explained');
      expect(await where.innerText()).toContain(text.pollsWhere);
      await where.getByRole('link', { name: text.elections }).click();
      await waitForPath(page, '/elections');
      const hub = main(page);
      await hub.getByText(text.hubWhere).waitFor();
      expect(await hub.getByRole('link', { name: text.verified }).getAttribute('href')).toBe(
        '/verified-results',
      );
      await expectAxeClean(page);
    });
  });
}
