import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { seedReference } from '../../../seed/reference';
import { createMember, createSenator } from '../../helpers/directory-factories';
import { firstHeading, metaContent, PUBLIC_ORIGIN, serverRenderingApps } from '../../helpers/ssr';

/**
 * Each House member and senator has a page of their own, rendered on the server (search engines and link
 * previews read it without JavaScript), in both languages, with the site's 404 for a seat or id that names
 * nobody; the directories and the state profiles link to it. The figures pages show one set of seat figures
 * with their sources.
 */
const openApp = serverRenderingApps();

async function page(app: Awaited<ReturnType<typeof openApp>>['app'], url: string, language: 'en' | 'so') {
  const response = await app.inject({ method: 'GET', url, headers: { cookie: `lang=${language}` } });
  return { status: response.statusCode, html: response.body, $: load(response.body) };
}

/** The page's visible text (no scripts, no styles), spaces collapsed. */
function text($: ReturnType<typeof load>): string {
  const body = $('body').clone();
  body.find('script, style').remove();
  return body.text().replace(/\s+/g, ' ');
}

describe('a House member’s page', () => {
  it('shows the member, their seat, state, role and sources, with preview tags, in both languages', async () => {
    const { app, db } = await openApp();
    seedReference(db);
    const en = await page(app, '/parliament-members/HOP002', 'en');
    expect(en.status).toBe(200);
    expect(firstHeading(en.html)).toBe('Sadia Yasin Haji Samatar');
    const body = text(en.$);
    for (const shown of ['HOP#002', 'Puntland', 'First Deputy Speaker', 'Somali Guardian', 'All members']) {
      expect(body).toContain(shown);
    }
    expect(en.$('a[href="/states/puntland"]').text()).toContain('Puntland: profile and representatives');
    expect(en.$('head > title').text()).toBe('Sadia Yasin Haji Samatar – Codka');
    expect(metaContent(en.html, 'description')).toBe(
      'Sadia Yasin Haji Samatar, member of the House of the People for seat HOP#002 (Puntland): role, published contact details and sources.',
    );
    expect(metaContent(en.html, 'og:url')).toBe(`${PUBLIC_ORIGIN}/parliament-members/HOP002`);

    const so = await page(app, '/parliament-members/HOP002', 'so');
    expect(so.status).toBe(200);
    expect(firstHeading(so.html)).toBe('Sadia Yasin Haji Samatar');
    expect(text(so.$)).toContain('Dhammaan xildhibaannada');
    expect(text(so.$)).toContain('Kursiga');
    expect(metaContent(so.html, 'description')).toMatch(
      /^Sadia Yasin Haji Samatar, xildhibaanka Golaha Shacabka/,
    );
    expect(metaContent(so.html, 'og:locale')).toBe('so_SO');
  });

  it('names a placeholder seat by its number in the reader’s language, and says no source names its member', async () => {
    const { app, db } = await openApp();
    seedReference(db);
    const en = await page(app, '/parliament-members/HOP003', 'en');
    expect(firstHeading(en.html)).toBe('Seat HOP#003');
    expect(text(en.$)).toContain("No public source names this seat's member yet.");
    expect(text(en.$)).toContain('Seat record pending');
    const so = await page(app, '/parliament-members/HOP003', 'so');
    expect(firstHeading(so.html)).toBe('Kursiga HOP#003');
    expect(text(so.$)).not.toContain('Member of Parliament 003');
  });

  it('takes the seat as people write it, moving it for good to its one address', async () => {
    const { app, db } = await openApp();
    createMember(db, { name: 'Hodan Cali Nuur', region: 'Galmudug' });
    const { hopNumber } = createMember(db, { name: 'Asha Warsame Cali', region: 'Jubbaland' });
    const digits = hopNumber.replace('HOP#', '');
    const address = `/parliament-members/HOP${digits}`;
    const shown = await page(app, address, 'en');
    expect(shown.status).toBe(200);
    expect(firstHeading(shown.html)).toBe('Asha Warsame Cali');
    expect(metaContent(shown.html, 'og:url')).toBe(`${PUBLIC_ORIGIN}${address}`);
    for (const seat of [`hop${digits}`, digits, `HOP%23${digits}`, `hop%20${digits}`]) {
      const moved = await app.inject({ method: 'GET', url: `/parliament-members/${seat}` });
      expect(moved.statusCode, seat).toBe(301);
      expect(moved.headers.location, seat).toBe(address);
    }
  });
});

describe('a senator’s page', () => {
  it('shows the senator, their state, title, role and sources, in both languages', async () => {
    const { app, db } = await openApp();
    seedReference(db);
    const directory = await page(app, '/senators', 'en');
    const href = directory
      .$('a')
      .filter((_index, element) => directory.$(element).text() === 'Abdi Hashi Abdullahi')
      .first()
      .attr('href');
    expect(href).toMatch(/^\/senators\/[0-9a-f-]{36}$/);
    const en = await page(app, href ?? '', 'en');
    expect(en.status).toBe(200);
    expect(firstHeading(en.html)).toBe('Abdi Hashi Abdullahi');
    for (const shown of ['Chairman of the Upper House', 'Somaliland', 'Chairman', 'Somali Magazine']) {
      expect(text(en.$)).toContain(shown);
    }
    expect(en.$('a[href="/states/somaliland"]').length).toBe(1);
    expect(metaContent(en.html, 'description')).toBe(
      'Abdi Hashi Abdullahi (Chairman of the Upper House), senator for Somaliland in the Senate of Somalia: role and sources.',
    );
    const so = await page(app, href ?? '', 'so');
    expect(text(so.$)).toContain('Dhammaan senetarrada');
    expect(metaContent(so.html, 'og:locale')).toBe('so_SO');
  });

  it('names a placeholder seat by its state', async () => {
    const { app, db } = await openApp();
    const { id } = createSenator(db, {
      name: 'Senator, Galmudug seat 4',
      state: 'Galmudug',
      isPlaceholder: true,
    });
    const so = await page(app, `/senators/${id}`, 'so');
    expect(firstHeading(so.html)).toBe('Kursi Galmudug ee Aqalka Sare');
    const en = await page(app, `/senators/${id}`, 'en');
    expect(firstHeading(en.html)).toBe('A Galmudug seat in the Senate');
  });
});

describe('links to the member pages', () => {
  it('from the directory cards and the state profile’s representatives', async () => {
    const { app, db } = await openApp();
    seedReference(db);
    const house = await page(app, '/parliament-members?search=samatar', 'en');
    expect(house.$('a[href="/parliament-members/HOP002"]').text()).toBe('Sadia Yasin Haji Samatar');
    const state = await page(app, '/states/puntland', 'en');
    expect(state.status).toBe(200);
    // The state profile's roster comes with the page: its named people link to their pages.
    expect(state.$('a[href="/parliament-members/HOP002"]').text()).toBe('Sadia Yasin Haji Samatar');
    const senatorLink = state
      .$('a')
      .filter((_index, element) => state.$(element).text() === 'Abdullahi Ali Hirsi (Timacadde)')
      .attr('href');
    expect(senatorLink).toMatch(/^\/senators\/[0-9a-f-]{36}$/);
  });
});

describe('the seat figures agree and cite their sources', () => {
  it('/federal-states: Somaliland 11 Senate seats, the Senate total 54, and the sources', async () => {
    const { app } = await openApp();
    for (const language of ['en', 'so'] as const) {
      const { $ } = await page(app, '/federal-states', language);
      const card = $('article').filter(
        (_index, element) => $(element).find('a[href="/states/somaliland"]').length > 0,
      );
      const figures = card
        .find('dd')
        .map((_index, element) => $(element).text())
        .get();
      expect(figures.slice(1), language).toEqual(['46', '11']);
      const summary = $('dl[aria-label] dd')
        .map((_index, element) => $(element).text())
        .get();
      expect(summary, language).toEqual(['8', '12.3M', '275', '54']);
      expect($('a[href^="https://data.ipu.org/"]').length, language).toBe(1);
      expect($('a[href^="https://somalia.unfpa.org/"]').length, language).toBe(1);
    }
  });

  it('/parliament-members and /senators say the same totals and cite them; regions count 18 everywhere', async () => {
    const { app } = await openApp();
    const house = await page(app, '/parliament-members', 'en');
    const overview = house
      .$('ul li')
      .map((_index, element) => house.$(element).text())
      .get();
    expect(overview).toEqual(expect.arrayContaining(['275Members', '8States', "30%Women's seat quota"]));
    expect(text(house.$)).not.toMatch(/\b8 Regions\b|8Regions/);
    expect(text(house.$)).toContain('Sources of these figures');
    const senate = await page(app, '/senators', 'en');
    expect(text(senate.$)).toContain('54 senators');
    expect(senate.$('a[href^="https://data.ipu.org/"]').length).toBe(1);
    const regions = await page(app, '/regions', 'en');
    const summary = regions
      .$('dl[aria-label] dd')
      .map((_index, element) => regions.$(element).text())
      .get();
    expect(summary).toEqual(['18', '8', '12.3M', '275']);
    expect(text(regions.$)).toContain("cover Somalia's 18 regions");
    const so = await page(app, '/regions', 'so');
    expect(text(so.$)).toContain('18-ka gobol');
  });
});
