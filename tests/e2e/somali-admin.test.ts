import { i18n } from '@client/i18n';
import { formatDateTime } from '@client/i18n/format';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { choose, expectNoHorizontalScroll, toast } from './helpers/admin';
import { signInThroughApi, waitForPath } from './helpers/auth';
import { type ViewportName, visit } from './helpers/browser';
import { DEMO_ADMIN, DEMO_CITIZEN } from './helpers/demo-accounts';
import { expectNoEnglish, heading, htmlLang } from './helpers/somali';
import { setupE2E } from './helpers/suite';

/**
 * The admin console's own screens in Somali: sign-in, the guards, the dashboard with its step-up
 * login, users, settings and the audit log, for a reader whose browser speaks Somali, at desktop and phone size.
 */
const { openPage } = setupE2E();

const VIEWPORTS: ViewportName[] = ['desktop', 'phone'];

const main = (page: Page) => page.getByRole('main');

/** The Somali admin login form on /admin/login. */
async function adminLogin(page: Page, account: { email: string; password: string }) {
  const form = page.getByRole('form', { name: 'Galitaanka Maamulaha' });
  await form.getByRole('textbox', { name: 'Iimayl', exact: true }).fill(account.email);
  await form.getByRole('textbox', { name: 'Furaha sirta ah', exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Gal', exact: true }).click();
}

/** The dashboard's step-up login, in Somali. */
async function unlockDashboard(page: Page) {
  const form = page.getByRole('form', { name: 'Galitaanka Bogga Guud' });
  await form.getByRole('textbox', { name: 'Iimayl', exact: true }).fill(DEMO_ADMIN.email);
  await form.getByRole('textbox', { name: 'Furaha sirta ah', exact: true }).fill(DEMO_ADMIN.password);
  await form.getByRole('button', { name: 'Gal', exact: true }).click();
  await form.getByRole('button', { name: 'Waa la xaqiijinayaa...' }).waitFor();
  await toast(page, 'Galitaanku waa guulaystay').waitFor();
  await page.getByTestId('count-districts').waitFor();
}

describe.each(VIEWPORTS)('Somali admin console at %s size', (viewport) => {
  const fits = async (page: Page) => {
    if (viewport === 'phone') await expectNoHorizontalScroll(page);
  };

  it('a visitor is sent to the Somali admin login, which signs the admin in', async () => {
    const testPage = await openPage(viewport, { language: 'so' });
    const { page } = testPage;
    testPage.allowResourceError(401, '/trpc/auth.signIn', 'a wrong password on purpose');
    await visit(page, '/admin/users');
    await waitForPath(page, '/admin/login');
    await heading(page, 'Galitaanka Maamulaha').waitFor();
    expect(await htmlLang(page)).toBe('so');
    await main(page).getByText("Waxaa loogu talagalay shaqaalaha hay'adda doorashada").waitFor();
    await expectNoEnglish(page, ['Admin Login', 'Back to Home', 'For staff']);
    await fits(page);

    // Wrong credentials offer the fix, whatever language the server's own message is in.
    await adminLogin(page, { email: DEMO_ADMIN.email, password: 'not-the-password' });
    await page.getByRole('button', { name: 'Hagaaji galitaanka maamulaha' }).waitFor();

    await adminLogin(page, DEMO_ADMIN);
    await waitForPath(page, '/admin/users');
    // The users list needs a recent step-up: a fresh sign-in is asked to confirm the password, in Somali.
    await heading(page, 'Xaqiiji furahaaga sirta ah').waitFor();
    await expectNoEnglish(page, ['Confirm your password']);
    if (viewport === 'phone') await page.getByRole('button', { name: 'Fur liiska maamulka' }).click();
    await page
      .getByRole('navigation', { name: 'Qaybaha maamulka' })
      .getByRole('link', { name: 'Diiwaanka Hubinta' })
      .waitFor();
  });

  it('a signed-in citizen is refused in Somali', async () => {
    const { page } = await openPage(viewport, { language: 'so' });
    await signInThroughApi(page, DEMO_CITIZEN);
    await visit(page, '/admin/settings');
    await page.getByRole('heading', { name: 'Lama oggola', exact: true }).waitFor();
    await page.getByText('Lama oggola. Waxaa loo baahan yahay awoodaha maamulaha.').waitFor();
    expect(await page.getByText('Access denied').count()).toBe(0);
    await fits(page);
    await visit(page, '/admin/login');
    await page.getByText('Lama oggola. Waxaa loo baahan yahay aqoonsiga maamulaha.').waitFor();
  });

  it('dashboard: step-up login, counts, a district created and deleted with Somali toasts', async () => {
    const { page } = await openPage(viewport, { language: 'so' });
    await visit(page, '/admin/login?next=%2Fadmin');
    await adminLogin(page, DEMO_ADMIN);
    await waitForPath(page, '/admin');
    await heading(page, 'Bogga Guud ee Maamulka').waitFor();
    await main(page)
      .getByText(/inaad adigu tahay qofka qalabka haya/)
      .waitFor();
    await fits(page);
    await unlockDashboard(page);
    await main(page).getByText('Xarumaha firfircoon').waitFor();
    await page.getByRole('tab', { name: 'Dowlad Goboleedyada' }).waitFor();
    await page.getByRole('tab', { name: 'Xarumaha Diiwaangelinta' }).waitFor();
    await expectNoEnglish(page, ['Admin Dashboard', 'Registration centers', 'Add District', 'Regions']);
    await fits(page);

    await page.getByRole('button', { name: 'Ku dar degmo' }).click();
    const form = page.getByRole('form', { name: 'Ku dar degmo' });
    await form.getByRole('button', { name: 'Ku dar degmo' }).click();
    // The alert's title is the page's own; its sentence is the shared schema's.
    await form.getByText('Macluumaad ayaa maqan').waitFor();
    await choose(page, form, 'Gobol', 'Bari');
    await choose(page, form, 'Magaca degmada', 'Alula');
    const code = `SO-${viewport.toUpperCase()}`;
    await form.getByRole('textbox', { name: 'Koodh' }).fill(code);
    await form.getByRole('button', { name: 'Ku dar degmo' }).click();
    await toast(page, 'Degmada si guul leh ayaa loo abuuray').waitFor();

    await page.getByRole('textbox', { name: 'Raadi degmooyinka' }).fill(code);
    const row = page.getByRole('row').filter({ hasText: code });
    await row.getByRole('button', { name: 'Tirtir Alula' }).click();
    const confirm = page.getByRole('dialog', { name: 'Ma tirtirtaa degmada?' });
    await confirm.getByRole('button', { name: 'Tirtir', exact: true }).click();
    await toast(page, 'Degmada si guul leh ayaa loo tirtiray').waitFor();
    await row.waitFor({ state: 'detached' });
  });

  it('users, settings (with a validation message) and the audit log in Somali', async () => {
    const { page } = await openPage(viewport, { language: 'so' });
    await visit(page, '/admin/login?next=%2Fadmin%2Fusers');
    await adminLogin(page, DEMO_ADMIN);
    await waitForPath(page, '/admin/users');
    // The step-up form stands in place of the users list until the password is confirmed.
    await heading(page, 'Xaqiiji furahaaga sirta ah').waitFor();
    await fits(page);
    await main(page).getByRole('textbox', { name: 'Furaha sirta ah', exact: true }).fill(DEMO_ADMIN.password);
    await main(page).getByRole('button', { name: 'Xaqiiji', exact: true }).click();
    await heading(page, 'Isticmaalayaasha').waitFor();
    await main(page).getByText('Wadarta isticmaalayaasha').waitFor();
    await page.getByRole('textbox', { name: 'Raadi isticmaalayaasha' }).fill(DEMO_ADMIN.email);
    const row = page.getByRole('row').filter({ hasText: DEMO_ADMIN.email });
    await row.getByText('Maamulaha Nidaamka', { exact: true }).waitFor();
    await row.getByText('Firfircoon', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Dami ${DEMO_ADMIN.email}` }).waitFor();
    await expectNoEnglish(page, ['Total users', 'Joined', 'Creating new users', 'Supervisors']);
    await fits(page);

    await visit(page, '/admin/settings');
    await heading(page, 'Dejinta').waitFor();
    const settings = page.getByRole('form', { name: 'Dejinta' });
    // The saved settings are put in the form a render after it shows: emptied before then, the zoom would be
    // filled again by them. The tile address is never empty once they are in.
    await expect
      .poll(() => settings.getByRole('textbox', { name: 'Cinwaanka xabbadaha khariidadda' }).inputValue())
      .not.toBe('');
    await settings.getByRole('textbox', { name: 'Weynaynta caadiga ah' }).fill('');
    await settings.getByRole('button', { name: 'Kaydi dejinta' }).click();
    await settings.getByText('Geli tiro', { exact: true }).waitFor();
    await settings.getByRole('radio', { name: 'Mugdi' }).waitFor({ state: 'attached' });
    await expectNoEnglish(page, ['Map configuration', 'Default theme', 'Save Settings', 'Markers']);
    await fits(page);

    // The dashboard test above wrote to the audit log (this file's server is its own).
    await visit(page, '/admin/audit');
    await heading(page, 'Diiwaanka Hubinta').waitFor();
    const log = page.getByRole('table', { name: 'Diiwaanka hubinta' });
    await log.getByRole('columnheader', { name: 'Goorma' }).waitFor();
    // Moments are written the Somali way, in East Africa Time.
    const moment = log.locator('time').first();
    const [shown, iso] = [await moment.innerText(), await moment.getAttribute('datetime')];
    await i18n.changeLanguage('so');
    const expected = formatDateTime(new Date(iso ?? ''), { dateStyle: 'medium', timeStyle: 'medium' });
    expect(shown).toBe(expected);
    await expectNoEnglish(page, ['Audit Log', 'All tables', 'New values']);
    await fits(page);

    await visit(page, '/admin/nowhere');
    await main(page).getByRole('link', { name: 'Ku noqo Bogga Guud' }).waitFor();
  });
});
