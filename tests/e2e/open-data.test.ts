import enTexts from '@client/i18n/locales/en/openData.json';
import soTexts from '@client/i18n/locales/so/openData.json';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, horizontalOverflow, smallTargets } from './helpers/axe';
import { pathOf, visit } from './helpers/browser';
import { setupE2E } from './helpers/suite';

/**
 * /open-data in a browser: reached from the footer, the page hydrates without an error, its download
 * links give the files (a CSV a spreadsheet opens as text), and it meets the site's reach gate (axe, no
 * sideways scroll, 44 px targets) on a phone in both languages.
 */
const { openPage, origin } = setupE2E();

const main = (page: Page) => page.getByRole('main');

describe('/open-data', () => {
  it('is one click from the footer and downloads its datasets', async () => {
    const { page } = await openPage('desktop');
    await visit(page, '/about');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Open Data', exact: true }).click();
    await main(page).getByRole('heading', { level: 1, name: enTexts.title }).waitFor();
    expect(pathOf(page)).toBe('/open-data');

    const card = main(page).getByRole('article', { name: enTexts.dataset['house-members'] });
    const csvLink = card.getByRole('link', { name: /^Download CSV/ });
    const href = await csvLink.getAttribute('href');
    expect(href).toBe('/api/v1/datasets/house-members.csv');
    const csv = await fetch(`${origin()}${href}`);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows: string[][] = parse(Buffer.from(await csv.arrayBuffer()), { bom: true });
    // The demo data's 275 seats, one line each under the header.
    expect(rows[0]?.slice(0, 4)).toEqual(['id', 'name', 'chamber', 'seat_number']);
    expect(rows).toHaveLength(276);

    // The reference on the page is the OpenAPI document's: every path it lists is shown.
    const document = (await (await fetch(`${origin()}/api/v1/openapi.json`)).json()) as { paths: object };
    for (const path of Object.keys(document.paths)) {
      await main(page).getByText(`GET ${path}`, { exact: true }).waitFor();
    }
    await page.locator('#election-record').getByRole('link', { name: 'Verify a Receipt' }).waitFor();
  });

  for (const [language, texts] of [
    ['en', enTexts],
    ['so', soTexts],
  ] as const) {
    it(`says how to check a verifiable election with belenios-tool, in the reader's language (${language})`, async () => {
      const { page } = await openPage('desktop', { language });
      await visit(page, '/open-data');
      const section = page.locator('#verifiable-election');
      await section.getByRole('heading', { level: 2, name: texts.verifiableTitle }).waitFor();
      await section.getByText(texts.verifiableIntro).waitFor();
      const steps = section.getByRole('listitem');
      expect(await steps.count()).toBe(4);
      // The archive's address and both commands, run as tests/server/seed-verifiable.test.ts runs them.
      expect(await steps.nth(0).locator('code').textContent()).toBe('/api/v1/elections/{id}/archive.bel');
      expect(await steps.nth(1).locator('code').textContent()).toBe(
        'belenios-tool election verify --dir election',
      );
      expect(await steps.nth(2).locator('code').textContent()).toBe(
        'belenios-tool election compute-result --dir election',
      );
      await steps
        .nth(3)
        .getByRole('link', { name: language === 'en' ? 'Verify a Receipt' : 'Xaqiiji Rasiidh' })
        .waitFor();
      // The commands name this site's own address.
      expect((await section.getByTestId('verifiable-commands').textContent())?.split('\n')).toEqual([
        'mkdir election',
        `curl -o election/archive.bel ${origin()}/api/v1/elections/{id}/archive.bel`,
        'belenios-tool election verify --dir election',
        'belenios-tool election compute-result --dir election',
      ]);
      // No English sentence left on the Somali page's section.
      if (language === 'so') expect(await section.getByText(enTexts.verifiableIntro).count()).toBe(0);
    });
  }

  for (const [language, texts] of [
    ['en', enTexts],
    ['so', soTexts],
  ] as const) {
    it(`meets WCAG 2.1 AA, fits 360 px and has 44 px targets (${language})`, async () => {
      const { page } = await openPage('phone', { language });
      await visit(page, '/open-data');
      await main(page).getByRole('heading', { level: 1, name: texts.title }).waitFor();
      await main(page).getByRole('heading', { level: 2, name: texts.recordTitle }).waitFor();
      await main(page).getByRole('heading', { level: 2, name: texts.verifiableTitle }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(await smallTargets(page)).toEqual([]);
    });
  }
});
