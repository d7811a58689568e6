import { canonicalVoterCardNumber } from '@shared/voter-roll';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { choose, confirmAsSecondAdmin, expectNoHorizontalScroll, toast } from './helpers/admin';
import { signInThroughApi, stepUpThroughApi } from './helpers/auth';
import type { ViewportName } from './helpers/browser';
import { visit } from './helpers/browser';
import { DEMO_ADMIN } from './helpers/demo-accounts';
import { createCitizen } from './helpers/factories';
import { setupE2E } from './helpers/suite';

const { openPage, origin } = setupE2E();

const HEADER = 'voter_card_number,full_name,date_of_birth,district_code';

/** Three voters of Awdal (district AW-BOR) with card numbers no other run uses; `bad` spoils the second. */
function rollFile(prefix: string, bad: boolean) {
  const lines = [
    HEADER,
    `${prefix}-1,Hodan Cali Warsame,1990-04-17,AW-BOR`,
    `${prefix}-2,Axmed Maxamed Nuur,1975-11-02,${bad ? 'XX-NOPE' : 'AW-BOR'}`,
    `${prefix}-3,"Faadumo Xasan, Jr",1961-01-31,AW-BOR`,
  ];
  return { name: 'roll.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\r\n')}\r\n`) };
}

/** The summary's enrolled count for Awdal (other files' voters may be on the shared server's roll too). */
async function awdalEnrolled(page: Page, table: string): Promise<number> {
  const row = page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: 'Awdal' });
  const text = await row.getByRole('cell').nth(1).innerText();
  return Number(text.replace(/\D/g, ''));
}

const TEXTS = {
  en: {
    title: 'Voter Roll',
    file: 'Roll file (CSV)',
    check: 'Check file',
    import: 'Import',
    summaryTable: 'Voters per region',
    refusedTable: 'Refused rows',
    checked: '2 rows are fine and 1 is refused. Correct the refused rows before importing.',
    reason: 'No district has the code XX-NOPE.',
    refused: 'Nothing was imported. Refused rows: 1. Correct them and send the whole file again.',
    waiting:
      'The file passed every check: 3 voters are waiting for a second System Admin to confirm the import on the Approvals page. Nothing is on the roll yet.',
  },
  so: {
    title: 'Diiwaanka Codbixiyeyaasha',
    file: 'Faylka diiwaanka (CSV)',
    check: 'Hubi faylka',
    import: 'Soo geli',
    summaryTable: 'Codbixiyeyaasha gobol kasta',
    refusedTable: 'Safafka la diiday',
    checked: '2 saf waa sax, 1 waa la diiday. Sax safafka la diiday ka hor intaadan soo gelin.',
    reason: 'Ma jirto degmo leh koodka XX-NOPE.',
    refused: 'Waxba lama soo gelin. Safafka la diiday: 1. Sax oo mar kale dir faylka oo dhan.',
    waiting:
      'Faylku wuxuu gudbay hubin kasta: 3 codbixiye ayaa sugaya in Maamulaha Nidaamka labaad uu ku xaqiijiyo soo gelinta bogga Ansixinta. Weli waxba diiwaanka kuma jiraan.',
  },
} as const;

describe('/admin/voter-roll', () => {
  it.each([
    ['desktop', 'en'],
    ['phone', 'so'],
  ] as const)(
    '%s, %s: a file with a bad row is refused whole, fixed, sent, confirmed by a second admin, and counted',
    async (viewport, language) => {
      const texts = TEXTS[language];
      const { page, allowResourceError } = await openPage(viewport as ViewportName, { language });
      allowResourceError(
        400,
        '/api/admin/voter-roll.csv',
        'the import of a file with a refused row answers 400',
      );
      await signInThroughApi(page, DEMO_ADMIN);
      await stepUpThroughApi(page, DEMO_ADMIN.password);
      await visit(page, '/admin/voter-roll');
      await page.getByRole('heading', { name: texts.title, level: 1 }).waitFor();
      await page.getByRole('table', { name: texts.summaryTable }).waitFor();
      const before = await awdalEnrolled(page, texts.summaryTable);
      const prefix = `E2E-${Date.now().toString(36).toUpperCase()}-${language.toUpperCase()}`;

      const input = page.getByLabel(texts.file);
      await input.setInputFiles(rollFile(prefix, true));
      await page.getByRole('button', { name: texts.check }).click();
      await page.getByText(texts.checked).waitFor();
      const refusedRows = page.getByRole('table', { name: texts.refusedTable }).getByRole('row');
      await refusedRows
        .filter({ hasText: texts.reason })
        // The report shows each card as it is stored: in its canonical form.
        .filter({ hasText: canonicalVoterCardNumber(`${prefix}-2`) })
        .waitFor();
      expect(await refusedRows.count()).toBe(2);

      // Importing anyway writes nothing.
      await page.getByRole('button', { name: texts.import }).click();
      await page.getByText(texts.refused).waitFor();
      expect(await awdalEnrolled(page, texts.summaryTable)).toBe(before);
      if (viewport === 'phone') await expectNoHorizontalScroll(page);

      await input.setInputFiles(rollFile(prefix, false));
      await page.getByRole('button', { name: texts.import }).click();
      // One System Admin alone puts nothing on the roll: the file waits for a second one.
      await page.getByText(texts.waiting).waitFor();
      if (viewport === 'phone') await expectNoHorizontalScroll(page);
      expect(await awdalEnrolled(page, texts.summaryTable)).toBe(before);

      await confirmAsSecondAdmin(openPage, '3 voters to add to the roll');
      await page.reload();
      await page.getByRole('table', { name: texts.summaryTable }).waitFor();
      await expect.poll(() => awdalEnrolled(page, texts.summaryTable)).toBe(before + 3);
    },
  );
});

describe('/admin/users: registration centers', () => {
  it('makes a user Registrar once a second admin confirms, gives two centers, and drops them with the role', async () => {
    const account = await createCitizen(origin(), { label: 'registrar', fullName: 'Cabdi Diiwaan' });
    const { page } = await openPage('phone');
    await signInThroughApi(page, DEMO_ADMIN);
    await stepUpThroughApi(page, DEMO_ADMIN.password);
    await visit(page, '/admin/users');
    await page.getByRole('textbox', { name: 'Search users' }).fill(account.email);
    const row = page.getByRole('row').filter({ hasText: account.email });
    await row.getByRole('button', { name: `Edit ${account.email}` }).click();
    const modal = page.getByRole('form', { name: 'Edit User' });
    // Open first: a count of the fields before the form is there would be 0 whatever the role.
    await modal.waitFor();
    expect(await modal.getByLabel('Registration centers', { exact: true }).count()).toBe(0);
    await choose(page, modal, 'Role', 'Registrar');
    await modal.getByRole('button', { name: 'Save Changes' }).click();
    // A new staff role waits for a second System Admin; the users page says so.
    await toast(page, 'Saved as a request').waitFor();
    await row.getByText('Waiting for a second System Admin: Registrar').waitFor();
    await confirmAsSecondAdmin(openPage, account.email);
    await page.reload();
    await page.getByRole('textbox', { name: 'Search users' }).fill(account.email);
    await row.getByText('Registrar', { exact: true }).waitFor();

    await row.getByRole('button', { name: `Edit ${account.email}` }).click();
    await modal.waitFor();
    const centers = modal.getByLabel('Registration centers', { exact: true });
    await centers.click();
    const options = page.getByRole('option');
    await options.first().click();
    await centers.click();
    await options.first().click();
    // Close the list, as a person would, so that it does not cover the form's buttons.
    await centers.press('Escape');
    await modal.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'User updated successfully').waitFor();
    await row.getByText('2 centers').waitFor();
    await expectNoHorizontalScroll(page);

    await row.getByRole('button', { name: `Edit ${account.email}` }).click();
    // The form is back with the saved centers.
    await modal
      .getByText(/\(.+\)/)
      .first()
      .waitFor();
    // Removing the role is immediate, and takes the centers with it.
    await choose(page, modal, 'Role', 'Citizen (no staff role)');
    await modal.getByRole('button', { name: 'Save Changes' }).click();
    await modal.waitFor({ state: 'detached' });
    await row.getByText('Citizen', { exact: true }).waitFor();
    expect(await row.getByText(/centers?$/).count()).toBe(0);
  });
});
