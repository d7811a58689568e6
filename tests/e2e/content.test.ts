import enRegions from '@client/i18n/locales/en/regions.json';
import { REGION_LIST } from '@shared/content/regions';
import { STATE_LIST } from '@shared/content/states';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForPath } from './helpers/auth';
import { load, pathOf, visit } from './helpers/browser';
import { followInApp, navigateInApp } from './helpers/in-app';
import { setupE2E } from './helpers/suite';

const { openPage } = setupE2E();

const main = (page: Page) => page.getByRole('main');

// The English names the pages show (the locale file, keyed by id).
const STATES = STATE_LIST.map((state) => ({ ...state, name: enRegions.state[state.id].name }));
const REGIONS = REGION_LIST.map((region) => ({ ...region, name: enRegions.region[region.slug].name }));

async function heading(page: Page, name: string) {
  await main(page).getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

/** The texts of a description list's terms and values, as [term, value] pairs. */
async function figures(page: Page, listName: string) {
  const list = page.locator(`dl[aria-label="${listName}"]`);
  await list.waitFor();
  return list.evaluate((element) =>
    [...element.querySelectorAll('dt')].map((term) => [
      term.textContent?.trim(),
      term.parentElement?.querySelector('dd')?.textContent?.trim(),
    ]),
  );
}

describe('/federal-states', () => {
  it('lists the 8 entities with population and seats, each linking to its profile', async () => {
    const { page } = await openPage('desktop');
    await visit(page, '/federal-states');
    await heading(page, 'Federal Member States');
    expect(await figures(page, 'Federal states at a glance')).toEqual([
      ['Entities', '8'],
      ['Population', '12.3M'],
      ['House seats', '275'],
      ['Senate seats', '54'],
    ]);

    const cards = main(page).getByRole('article');
    expect(await cards.count()).toBe(8);
    const expected: Record<string, [string, string, string]> = {
      Banadir: ['1.65M (2014 estimate)', '5', '0'],
      Hirshabelle: ['TBD', '38', '8'],
      Galmudug: ['TBD', '37', '8'],
      Puntland: ['TBD', '37', '11'],
      'North Eastern State': ['TBD', 'TBD', 'TBD'],
      Somaliland: ['TBD', '46', '11'],
      Jubaland: ['TBD', '43', '8'],
      'South West': ['TBD', '69', '8'],
    };
    for (const state of STATES) {
      const card = main(page).getByRole('article', { name: state.name, exact: true });
      const values = await card.locator('dd').allInnerTexts();
      expect(values, state.name).toEqual(expected[state.name]);
      const link = card.getByRole('link', { name: state.name, exact: true });
      expect(await link.getAttribute('href')).toBe(`/states/${state.id}`);
    }
    expect(
      await main(page)
        .getByText(/^Allocated but unfilled/)
        .isVisible(),
    ).toBe(true);

    await main(page).getByRole('link', { name: 'View the Puntland profile' }).click();
    await waitForPath(page, '/states/puntland');
    await heading(page, 'Puntland');
  });
});

describe('/states/{id}', () => {
  it('shows the status badge, demographics, key information and the representatives', async () => {
    const { page } = await openPage('desktop');
    await visit(page, '/states/southwest');
    await heading(page, 'South West');
    expect(await main(page).getByText('Federal Member State', { exact: true }).isVisible()).toBe(true);
    await page
      .getByRole('region', { name: 'Demographics' })
      .getByText(/sorghum/)
      .waitFor();

    const keyInformation = page.getByRole('region', { name: 'Key information' });
    expect(await keyInformation.getByText('Somali, Arabic', { exact: true }).isVisible()).toBe(true);
    expect(await keyInformation.getByText('Bay, Bakool, Lower Shabelle').isVisible()).toBe(true);

    const representatives = page.getByRole('region', { name: 'Your representatives' });
    const house = representatives.getByRole('region', { name: 'House of the People' });
    await house.getByText('Aden Mohamed Nur (Madobe)').waitFor();
    expect(await house.getByText('69 members listed for the South West seats.').isVisible()).toBe(true);
    expect(await house.getByText('HOP#001 · South West').isVisible()).toBe(true);
    expect(await house.getByText('68 further seats are listed without a name').isVisible()).toBe(true);
    expect(await house.getByRole('link', { name: 'All South West members' }).getAttribute('href')).toBe(
      '/parliament-members?region=South%20West',
    );
    const senate = representatives.getByRole('region', { name: 'Senate' });
    expect(await senate.getByText('8 senators listed for Koonfur Galbeed.').isVisible()).toBe(true);
    expect(
      await senate.getByRole('link', { name: 'All Koonfur Galbeed senators' }).getAttribute('href'),
    ).toBe('/senators?state=Koonfur%20Galbeed');

    await main(page)
      .getByRole('link', { name: /^All federal states/ })
      .click();
    await waitForPath(page, '/federal-states');
  });

  it('marks Somaliland as self-declared with its contested regions, and Banadir without Senate seats', async () => {
    const { page } = await openPage('desktop');
    await visit(page, '/states/somaliland');
    await heading(page, 'Somaliland');
    expect(await main(page).getByText('Self-declared independent', { exact: true }).isVisible()).toBe(true);
    await main(page).getByRole('alert').filter({ hasText: 'Shared or contested regions' }).waitFor();
    // As many as its 11 seats: the Chairman holds one of them.
    const senate = page.getByRole('region', { name: 'Senate' });
    await senate.getByText('11 senators listed for Somaliland.').waitFor();
    await senate.getByRole('link', { name: 'Abdi Hashi Abdullahi' }).waitFor();

    await visit(page, '/states/banadir');
    await heading(page, 'Banadir');
    expect(await main(page).getByText('Capital region', { exact: true }).isVisible()).toBe(true);
    const banadirSenate = page.getByRole('region', { name: 'Senate' });
    await banadirSenate.getByText('The Senate directory has no seats for this entity.').waitFor();
    expect(
      await banadirSenate.getByText(/no Senate seats because it is not a federal member state/).isVisible(),
    ).toBe(true);
  });

  it('shows State Not Found for an unknown id (404), with a link back', async () => {
    const { page, allowResourceError } = await openPage('desktop');
    allowResourceError(404, '/states/unknown', 'an unknown state answers 404, with its not-found view');
    expect((await load(page, '/states/unknown'))?.status()).toBe(404);
    await heading(page, 'State Not Found');
    await main(page).getByRole('link', { name: 'Back to Federal States' }).click();
    await waitForPath(page, '/federal-states');
    await heading(page, 'Federal Member States');
  });
});

describe('/regions', () => {
  it('shows the summary and a card per region linking to its page', async () => {
    const { page } = await openPage('desktop');
    await visit(page, '/regions');
    await heading(page, 'Regional Coverage');
    expect(await figures(page, 'Regional coverage at a glance')).toEqual([
      ['Regions', '18'],
      ['Entities', '8'],
      ['Population', '12.3M'],
      ['Seats', '275'],
    ]);
    for (const region of REGIONS) {
      const card = main(page).getByRole('article', { name: region.name, exact: true });
      expect(await card.getByRole('link', { name: region.name, exact: true }).getAttribute('href')).toBe(
        `/regions/${region.slug}`,
      );
    }
    await main(page).getByRole('link', { name: 'Hirshabelle', exact: true }).click();
    await waitForPath(page, '/regions/hirshabelle');
    await heading(page, 'Hirshabelle');
    // Reached by the router, the locator has no server HTML to read its shapes from: it downloads them.
    const locator = page.getByRole('img', { name: /^Map: Hiraan and Middle Shabelle/ });
    await locator.waitFor();
    const shapes = await locator
      .locator('path[data-region-shape]')
      .evaluateAll((paths) => paths.map((path) => path.getAttribute('d') ?? ''));
    expect(shapes.filter((d) => d.startsWith('M'))).toHaveLength(18);
  });

  it('shows every field of a region, its map and its sources as external links', async () => {
    const { page } = await openPage('desktop');
    await visit(page, '/regions/hirshabelle');
    await heading(page, 'Hirshabelle');
    expect(await figures(page, 'Hirshabelle in figures')).toEqual([
      ['Population', 'Data not available'],
      ['Capital', 'Jowhar'],
      ['Area', '54,173 km²'],
      ['House seats', '38'],
    ]);
    for (const section of ['Overview', 'Governance', 'Security', 'Economy', 'Regions', 'Sources']) {
      await page.getByRole('region', { name: section, exact: true }).waitFor();
    }
    expect(await page.getByRole('img', { name: /^Map: Hiraan and Middle Shabelle/ }).isVisible()).toBe(true);
    const sources = page.getByRole('region', { name: 'Sources' }).getByRole('link');
    expect(await sources.count()).toBeGreaterThan(0);
    for (const link of await sources.all()) {
      expect(await link.getAttribute('href')).toMatch(/^https:\/\//);
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await link.getAttribute('target')).toBe('_blank');
    }
    expect(
      await main(page)
        .getByRole('link', { name: /Hirshabelle profile and representatives/ })
        .getAttribute('href'),
    ).toBe('/states/hirshabelle');

    await visit(page, '/regions/galmudug');
    await heading(page, 'Galmudug');
    expect(await figures(page, 'Galmudug in figures')).toContainEqual(['Area', 'Data not available']);
  });

  it('shows Region Not Found for an unknown slug (404), and the link back works', async () => {
    const { page, allowResourceError } = await openPage('desktop');
    allowResourceError(404, '/regions/unknown', 'an unknown region answers 404, with its not-found view');
    expect((await load(page, '/regions/unknown'))?.status()).toBe(404);
    await heading(page, 'Region Not Found');
    await main(page).getByRole('link', { name: 'Back to Regions' }).click();
    await waitForPath(page, '/regions');
    await heading(page, 'Regional Coverage');
  });
});

describe('/voting', () => {
  it('shows the security features, three elections and the links of /voting', async () => {
    const { page } = await openPage('desktop');
    await visit(page, '/voting');
    await heading(page, 'Secure Online Voting');
    for (const feature of ['One vote per person', 'A receipt for every vote', 'Protected accounts']) {
      expect(await main(page).getByRole('heading', { name: feature }).isVisible(), feature).toBe(true);
    }
    const elections = main(page).locator('#elections');
    expect(await elections.getByRole('article').count()).toBe(3);
    expect(await elections.getByText('Completed', { exact: true }).count()).toBe(2);
    expect(await elections.getByText('Scheduled', { exact: true }).count()).toBe(1);
    const hrefs = await main(page)
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    for (const href of ['/voting#elections', '/elections', '/auth', '/regions'])
      expect(hrefs).toContain(href);

    await main(page).getByRole('link', { name: 'See the elections' }).click();
    await page.waitForURL((url) => url.hash === '#elections');
    await expectInViewport(page, '#elections-title');
  });

  it('scrolls to the elections when opened at /voting#elections', async () => {
    const { page } = await openPage('desktop');
    await visit(page, '/voting#elections');
    await heading(page, 'Secure Online Voting');
    await expectInViewport(page, '#elections-title');
  });
});

async function expectInViewport(page: Page, selector: string) {
  await page.waitForFunction((target) => {
    const box = document.querySelector(target)?.getBoundingClientRect();
    return box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight;
  }, selector);
}

describe('/transparent-process, /about and /help', () => {
  it('shows the timeline, the static statistics and the commitments', async () => {
    const { page } = await openPage('desktop');
    await visit(page, '/transparent-process');
    await heading(page, 'Transparent Process');
    for (const stage of ['Voter registration', 'Voting', 'Verification', 'Official announcement']) {
      expect(await main(page).getByRole('heading', { name: stage, exact: true }).isVisible(), stage).toBe(
        true,
      );
    }
    expect(await figures(page, 'Programme statistics')).toEqual([
      ['Registered voters', '2,847,325'],
      ['Polling stations', '1,456'],
      ['Observers', '247'],
      ['Media partners', '63'],
      ['Security score', '99.8%'],
    ]);
    await page
      .getByRole('region', { name: 'Our commitments' })
      .getByRole('heading', { name: 'Privacy' })
      .waitFor();
  });

  it('explains Codka, vote protection, privacy and contact on /about', async () => {
    const { page } = await openPage('desktop');
    await visit(page, '/about');
    await heading(page, 'About Codka');
    await main(page).getByText('One vote per person per election.').waitFor();
    await main(page).getByText('The monthly poll is an opinion poll, not an election.').waitFor();
    await page
      .getByRole('region', { name: 'Your privacy' })
      .getByText(/keyed hash of your internet address/)
      .waitFor();
    expect(await main(page).getByRole('link', { name: 'info@codka.so' }).getAttribute('href')).toBe(
      'mailto:info@codka.so',
    );
  });

  it('has guides and an FAQ that opens on /help', async () => {
    const { page } = await openPage('desktop');
    await visit(page, '/help');
    await heading(page, 'Help');
    await page.getByRole('region', { name: 'Create an account' }).waitFor();
    const question = main(page).getByRole('button', {
      name: 'Is the monthly presidential poll an election?',
    });
    await question.click();
    await main(page)
      .getByText(/It is an opinion poll/)
      .waitFor();
    expect(await question.getAttribute('aria-expanded')).toBe('true');
    expect(await main(page).getByRole('link', { name: 'info@codka.so' }).getAttribute('href')).toBe(
      'mailto:info@codka.so',
    );
  });
});

describe('at 360 px', () => {
  it('has no horizontal scroll on any content page', async () => {
    const { page } = await openPage('phone');
    await followInApp(page);
    const pages: [string, string][] = [
      ['/federal-states', 'Federal Member States'],
      ...STATES.map((state): [string, string] => [`/states/${state.id}`, state.name]),
      ['/states/unknown', 'State Not Found'],
      ['/regions', 'Regional Coverage'],
      ...REGIONS.map((region): [string, string] => [`/regions/${region.slug}`, region.name]),
      ['/regions/unknown', 'Region Not Found'],
      ['/voting', 'Secure Online Voting'],
      ['/transparent-process', 'Transparent Process'],
      ['/about', 'About Codka'],
      ['/help', 'Help'],
    ];
    // The first page is loaded, the others reached inside the app: the layout is the subject here, and the
    // server's pages (their status for an unknown state or region too) have tests of their own.
    await visit(page, '/federal-states');
    for (const [path, title] of pages) {
      if (path !== '/federal-states') await navigateInApp(page, path);
      await heading(page, title);
      if (path.startsWith('/states/') && title !== 'State Not Found') {
        // The representatives load after the page: measure the finished layout.
        await page.getByRole('region', { name: 'Senate' }).waitFor();
      }
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `scrollWidth at ${pathOf(page)}`).toBeLessThanOrEqual(360);
    }
  });
});
