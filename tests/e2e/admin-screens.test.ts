import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  choose,
  expectNoHorizontalScroll,
  openDashboard,
  sharedAdminSession,
  stubTiles,
  toast,
} from './helpers/admin';
import {
  chooseEmailSignUp,
  signInAfterSignUp,
  signInForm,
  signInThroughApi,
  submitSignIn,
  waitForPath,
} from './helpers/auth';
import { visit } from './helpers/browser';
import { DEMO_ADMIN, DEMO_SECOND_ADMIN } from './helpers/demo-accounts';
import { reactivateAccount } from './helpers/roll-db';
import { setupE2E } from './helpers/suite';

const { openPage, databasePath } = setupE2E();
/** The admin's session for the tests about what the dashboard does, not how one gets in (the first test). */
const asAdmin = sharedAdminSession();

const uniqueEmail = () =>
  `e2e.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@test.codka.example`;

/** The saved map settings and site theme, in the shape admin.settings.save takes (the admin's page). */
async function readSettings(page: Page) {
  const answer = await page.request.get('/trpc/admin.settings.get');
  expect(answer.status()).toBe(200);
  const { map, site } = (await answer.json()).result.data.json;
  const { id: _id, fallbackImageUrl, ...rest } = map;
  return { ...rest, fallbackImageUrl: fallbackImageUrl ?? '', defaultTheme: site.defaultTheme };
}

async function saveSettings(page: Page, settings: Awaited<ReturnType<typeof readSettings>>) {
  const answer = await page.request.post('/trpc/admin.settings.save', {
    headers: { origin: new URL(page.url()).origin, 'content-type': 'application/json' },
    data: { json: settings },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

describe('admin dashboard', () => {
  it('asks for the step-up login, then creates, edits and deletes a district', async () => {
    const { page } = await openPage();
    await signInThroughApi(page, DEMO_ADMIN);
    await visit(page, '/admin');
    const login = page.getByRole('form', { name: 'Dashboard login' });
    await login.getByRole('button', { name: 'Login' }).click();
    await login.getByText('Please enter both email and password').waitFor();
    await login.getByRole('textbox', { name: 'E-mail' }).fill(DEMO_ADMIN.email);
    await login.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_ADMIN.password);
    await login.getByRole('button', { name: 'Show password' }).click();
    await expect
      .poll(() => login.getByRole('textbox', { name: 'Password', exact: true }).getAttribute('type'))
      .toBe('text');
    await login.getByRole('button', { name: 'Login' }).click();
    // Each attempt takes at least a second on the server, so the busy label is always seen.
    await login.getByRole('button', { name: 'Authenticating...' }).waitFor();
    await toast(page, 'Login Successful').waitFor();
    const before = Number(await page.getByTestId('count-districts').innerText());

    await page.getByRole('button', { name: 'Add District' }).click();
    const create = page.getByRole('form', { name: 'Add District' });
    await create.getByRole('button', { name: 'Add District' }).click();
    await create.getByText('Missing information').waitFor();
    await create.getByText('Please provide name, code, and region.').waitFor();

    await choose(page, create, 'Region', 'Bari');
    await choose(page, create, 'District name', 'Alula');
    // Changing the region resets the name (docs/product.md#district-and-center-forms).
    await choose(page, create, 'Region', 'Sanaag');
    expect(await create.getByRole('combobox', { name: 'District name' }).inputValue()).toBe('');
    await choose(page, create, 'District name', 'Badhan');
    await create.getByRole('textbox', { name: 'Code' }).fill('E2E-BAD');
    await create.getByRole('textbox', { name: 'Population' }).fill('1234');
    await create.getByRole('button', { name: 'Add District' }).click();
    await toast(page, 'District created successfully').waitFor();
    await expect.poll(() => page.getByTestId('count-districts').innerText()).toBe(String(before + 1));

    await page.getByRole('textbox', { name: 'Search districts' }).fill('e2e-bad');
    const row = page.getByRole('row').filter({ hasText: 'E2E-BAD' });
    await row.getByText('1,234').waitFor();
    await row.getByRole('button', { name: 'Edit Badhan' }).click();
    const edit = page.getByRole('form', { name: 'Edit District' });
    await edit.getByRole('textbox', { name: 'Population' }).fill('5000');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'District updated successfully').waitFor();
    await row.getByText('5,000').waitFor();

    await row.getByRole('button', { name: 'Delete Badhan' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete district?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await row.count()).toBe(1);
    await row.getByRole('button', { name: 'Delete Badhan' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'District deleted successfully').waitFor();
    await row.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('count-districts').innerText()).toBe(String(before));

    // Every write is in the audit log, with who did it.
    await visit(page, '/admin/audit');
    await choose(page, page.locator('body'), 'Table', 'districts');
    const entries = page.getByRole('table', { name: 'Audit log' });
    for (const action of ['create', 'update', 'delete']) {
      await entries.getByRole('row').filter({ hasText: action }).first().waitFor();
    }
    await entries.getByText(DEMO_ADMIN.email).first().waitFor();
    // The edit shows what the district was and what it became.
    const update = entries
      .getByRole('row')
      .filter({ hasText: 'update' })
      .filter({ hasText: 'E2E-BAD' })
      .first();
    await update.getByText('population: 1234').waitFor();
    await update.getByText('population: 5000').waitFor();

    // Filtered by who, the same entries download as a spreadsheet-safe CSV.
    await choose(page, page.locator('body'), 'Who', DEMO_ADMIN.email);
    const download = page.getByRole('link', { name: 'Download CSV' });
    const href = (await download.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/api\/admin\/audit-log\.csv\?/);
    expect(new URLSearchParams(href.split('?')[1]).get('tableName')).toBe('districts');
    const csv = await page.context().request.get(href);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    const text = await csv.text();
    expect(text.split('\n')[0]).toBe(
      '\uFEFFTime (UTC),Actor,Actor ID,Action,Table,Record,Old values,New values',
    );
    expect(text).toContain('""population"":1234');
    expect(text).toContain(DEMO_ADMIN.email);
  });

  it('creates a registration center and deactivates it', async () => {
    const testPage = await openPage();
    const { page } = testPage;
    await asAdmin(testPage);
    await page.getByRole('tab', { name: 'Registration Centers' }).click();
    await page.getByRole('button', { name: 'Add Center' }).click();
    const form = page.getByRole('form', { name: 'Add Registration Center' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('E2E Hodan Center');
    await form.getByRole('textbox', { name: 'Code' }).fill('E2E-RC-1');
    await form.getByRole('textbox', { name: 'Address' }).fill('KM4, Mogadishu');
    await form.getByRole('combobox', { name: 'District' }).fill('Hodan');
    await page.getByRole('option', { name: 'Hodan (Banadir)' }).click();
    await form.getByRole('textbox', { name: 'Capacity' }).fill('250');
    await form.getByRole('textbox', { name: 'Latitude' }).fill('2.03');
    await form.getByRole('textbox', { name: 'Longitude' }).fill('45.31');
    await form.getByRole('button', { name: 'Add Center' }).click();
    await toast(page, 'Registration center created successfully').waitFor();

    const row = page.getByRole('row').filter({ hasText: 'E2E Hodan Center' });
    await row.getByText('Banadir').waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Deactivate E2E Hodan Center' }).click();
    await toast(page, 'Registration center deactivated successfully').waitFor();
    await row.getByText('Inactive', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Activate E2E Hodan Center' }).waitFor();

    // The public map lists active centers only.
    await stubTiles(page, 'ok');
    await visit(page, '/registration-centers');
    await page.getByRole('heading', { name: /Active registration centers/ }).waitFor();
    await page.getByText('Baidoa District Registration Center').waitFor();
    expect(await page.getByText('E2E Hodan Center').count()).toBe(0);
  });

  it('adds a candidate to an election and deletes it; a candidate with votes stays', async () => {
    const testPage = await openPage();
    const { page } = testPage;
    testPage.allowResourceError(
      409,
      '/trpc/admin.candidates.delete',
      'deleting a voted-for candidate on purpose',
    );
    await asAdmin(testPage);
    await page.getByRole('tab', { name: 'Candidate Management' }).click();
    const table = page.getByRole('table', { name: 'Candidates' });
    await table.waitFor();

    await page.getByRole('button', { name: 'Add Candidate' }).click();
    const form = page.getByRole('form', { name: 'Add Candidate' });
    await form.getByRole('button', { name: 'Add Candidate' }).click();
    await form.getByText('Candidate name is required').waitFor();
    await form.getByText('Choose an election').last().waitFor();
    await form.getByRole('combobox', { name: 'Election' }).click();
    await page.getByRole('option').first().click();
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Hon. Ifrah Cismaan');
    // The English field; "Party in Somali" sits beside it (docs/decisions/021-bilingual-content.md).
    await form.getByRole('textbox', { name: 'Party', exact: true }).fill('E2E Party');
    await form.getByRole('textbox', { name: 'Party in Somali', exact: true }).waitFor();
    await form.getByRole('button', { name: 'Add Candidate' }).click();
    await toast(page, 'Candidate created successfully').waitFor();

    const row = table.getByRole('row').filter({ hasText: 'Hon. Ifrah Cismaan' });
    await row.getByText('IC', { exact: true }).waitFor();
    await row.getByText('E2E Party').waitFor();
    // Written in English only: the list marks what is left to translate.
    await row.getByText('No Somali', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Delete Hon. Ifrah Cismaan' }).click();
    await page
      .getByRole('dialog', { name: 'Delete candidate?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await toast(page, 'Candidate deleted successfully').waitFor();
    await row.waitFor({ state: 'detached' });

    // A demo candidate with votes cannot be deleted. Named, not the first active row: other test files share this
    // server and add active elections whose candidates have none.
    const voted = table.getByRole('row').filter({ hasText: 'Hassan Abdi Nur' }).first();
    await voted.getByRole('button', { name: /^Delete / }).click();
    await page
      .getByRole('dialog', { name: 'Delete candidate?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await toast(page, 'This candidate has received votes and cannot be deleted.').waitFor();
  });

  it('logs out of the dashboard, and the candidates page asks for the login again', async () => {
    const { page } = await openPage();
    await openDashboard(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await toast(page, 'Logged Out').waitFor();
    await page.getByRole('form', { name: 'Dashboard login' }).waitFor();
    await visit(page, '/admin/candidates');
    await page.getByRole('form', { name: 'Dashboard login' }).waitFor();
  });
});

describe('admin users', () => {
  it('deactivates a user, who then cannot sign in', async () => {
    const citizenPage = await openPage();
    citizenPage.allowResourceError(
      403,
      '/trpc/auth.signIn',
      'signing in to a deactivated account on purpose',
    );
    const account = { email: uniqueEmail(), password: 'e2e-password-42' };
    await visit(citizenPage.page, '/auth?tab=signup');
    const signUp = citizenPage.page.getByRole('form', { name: 'Sign Up' });
    await signUp.getByRole('textbox', { name: 'Full Name' }).fill('Deeqa Cabdi');
    await chooseEmailSignUp(signUp);
    await signUp.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
    await signUp.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
    await signUp.getByRole('textbox', { name: 'Confirm Password' }).fill(account.password);
    await signUp.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await signInAfterSignUp(citizenPage.page, account);

    const adminPage = await openPage();
    const { page } = adminPage;
    await asAdmin(adminPage, '/admin/users');
    await page.getByRole('textbox', { name: 'Search users' }).fill(account.email);
    const row = page.getByRole('row').filter({ hasText: account.email });
    await row.getByText('Citizen').waitFor();
    await row.getByRole('button', { name: `Deactivate ${account.email}` }).click();
    await toast(page, 'User deactivated successfully').waitFor();
    await row.getByText('Inactive').waitFor();

    // The citizen's session ended at once: a reload shows them signed out.
    await citizenPage.page.reload();
    await citizenPage.page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true }).waitFor();
    await visit(citizenPage.page, '/auth');
    await submitSignIn(citizenPage.page, account);
    await signInForm(citizenPage.page)
      .getByRole('alert')
      .getByText('This account has been deactivated')
      .waitFor();
    expect(new URL(citizenPage.page.url()).pathname).toBe('/auth');
  });

  it('refuses to deactivate the last System Admin, with the server’s message', async () => {
    const testPage = await openPage();
    const { page } = testPage;
    testPage.allowResourceError(412, '/trpc/admin.users.setActive', 'deactivating the only admin on purpose');
    await asAdmin(testPage, '/admin/users');
    const search = page.getByRole('textbox', { name: 'Search users' });
    // The demo has two System Admins: the second is deactivated first, so the demo admin is the last one.
    await search.fill(DEMO_SECOND_ADMIN.email);
    const second = page.getByRole('row').filter({ hasText: DEMO_SECOND_ADMIN.email });
    await second.getByRole('button', { name: `Deactivate ${DEMO_SECOND_ADMIN.email}` }).click();
    await toast(page, 'User deactivated successfully').waitFor();
    await second.getByText('Inactive').waitFor();

    await search.fill(DEMO_ADMIN.email);
    const row = page.getByRole('row').filter({ hasText: DEMO_ADMIN.email });
    await row.getByText('System Admin', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Deactivate ${DEMO_ADMIN.email}` }).click();
    await toast(
      page,
      'Failed to update user status: You cannot deactivate or demote the last active System Admin.',
    ).waitFor();
    await row.getByText('Active', { exact: true }).waitFor();

    // Giving a System Admin back their account waits for a second System Admin, and there is none left: the
    // operator does it on the machine. Later tests need the second admin.
    await search.fill(DEMO_SECOND_ADMIN.email);
    await second.getByRole('button', { name: `Activate ${DEMO_SECOND_ADMIN.email}` }).click();
    await second.getByText('Inactive').waitFor();
    reactivateAccount(databasePath(), DEMO_SECOND_ADMIN.email);
  });
});

describe('admin settings', () => {
  it('saves the map settings and they persist after a reload', async () => {
    const testPage = await openPage();
    const { page } = testPage;
    await asAdmin(testPage, '/admin/settings');
    const saved = await readSettings(page);
    const form = page.getByRole('form', { name: 'Settings' });
    // The form shows before the saved settings are put in it (an effect, a render later): typed earlier, a
    // value would be overwritten by them.
    await expect.poll(() => form.getByRole('textbox', { name: 'Tile URL' }).inputValue()).toBe(saved.tileUrl);
    await form.getByRole('textbox', { name: 'Attribution' }).fill('E2E tiles attribution');
    await form.getByRole('textbox', { name: 'Default zoom' }).fill('19');
    await form.getByRole('button', { name: 'Save Settings' }).click();
    await form.getByText('Zoom must be from 1 to 18').waitFor();
    await form.getByRole('textbox', { name: 'Default zoom' }).fill('7');
    await form.getByRole('button', { name: 'Add Marker' }).click();
    const markers = form.getByRole('textbox', { name: 'Marker name' });
    await markers.last().fill('Baidoa');
    await form.getByRole('textbox', { name: 'Latitude' }).last().fill('3.11');
    await form.getByRole('textbox', { name: 'Longitude' }).last().fill('43.65');
    await form.getByText('Dark', { exact: true }).click();
    await form.getByRole('button', { name: 'Save Settings' }).click();
    await toast(page, 'Map settings saved successfully').waitFor();

    await page.reload();
    const reloaded = page.getByRole('form', { name: 'Settings' });
    // The saved values arrive in the form a render after it shows (see above).
    await expect
      .poll(() => reloaded.getByRole('textbox', { name: 'Attribution' }).inputValue())
      .toBe('E2E tiles attribution');
    expect(await reloaded.getByRole('textbox', { name: 'Default zoom' }).inputValue()).toBe('7');
    expect(await reloaded.getByRole('textbox', { name: 'Marker name' }).last().inputValue()).toBe('Baidoa');
    expect(await reloaded.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);

    // The map and the site's theme are back as they were for the files that run next on this server.
    await saveSettings(page, saved);
    expect(await readSettings(page)).toEqual(saved);
  });
});

describe('admin screens on a phone', () => {
  it('fit 360 px: tables scroll inside their box and forms fill the screen', async () => {
    const testPage = await openPage('phone');
    const { page } = testPage;
    await asAdmin(testPage);
    await expectNoHorizontalScroll(page);
    await page.getByRole('button', { name: 'Add District' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add District' });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(360);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    for (const path of ['/admin/users', '/admin/settings', '/admin/audit', '/admin/candidates']) {
      await visit(page, path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expectNoHorizontalScroll(page);
    }
    await waitForPath(page, '/admin/candidates');
  });
});
