import enCommon from '@client/i18n/locales/en/common.json';
import enDirectory from '@client/i18n/locales/en/directory.json';
import soCommon from '@client/i18n/locales/so/common.json';
import soDirectory from '@client/i18n/locales/so/directory.json';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, horizontalOverflow } from './helpers/axe';
import { load, visit, waitForHydration } from './helpers/browser';
import { followInApp, navigateInApp } from './helpers/in-app';
import { setupE2E } from './helpers/suite';

/**
 * A page per House member and senator: reached from the directory cards and the state profiles, readable in
 * both languages at 360 and 1280 px, accessible, with the site's 404 for a seat that names nobody. The figures
 * of the federal states page and the Senate directory agree.
 */
const { openPage } = setupE2E();

const TEXTS = {
  en: {
    directory: enDirectory,
    common: enCommon,
    search: 'Search members',
    searchSenators: 'Search senators',
  },
  so: {
    directory: soDirectory,
    common: soCommon,
    search: 'Raadi xildhibaannada',
    searchSenators: 'Raadi senetarrada',
  },
} as const;

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

async function fits(page: Page) {
  expect(await horizontalOverflow(page), page.url()).toBe(0);
  expect(await axeViolations(page), page.url()).toEqual([]);
}

describe.each([
  ['en', 'phone'],
  ['so', 'phone'],
  ['en', 'desktop'],
  ['so', 'desktop'],
] as const)('member pages (%s, %s)', (language, viewport) => {
  const text = TEXTS[language];

  it('opens a member from the House directory and a senator from the Senate directory', async () => {
    const { page } = await openPage(viewport, { language });
    await followInApp(page);
    await visit(page, '/parliament-members?search=samatar');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Sadia Yasin Haji Samatar' }).click();
    await main.getByRole('heading', { name: 'Sadia Yasin Haji Samatar', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/parliament-members/HOP002');
    const body = await main.innerText();
    expect(body).toContain('HOP#002');
    expect(body).toContain(text.directory.member.sources);
    await main.getByRole('link', { name: text.directory.member.allMembers }).waitFor();
    await fits(page);

    await navigateInApp(page, '/senators?search=abdi+hashi');
    await main.getByRole('link', { name: 'Abdi Hashi Abdullahi' }).first().click();
    await main.getByRole('heading', { name: 'Abdi Hashi Abdullahi', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/senators\/[0-9a-f-]{36}$/);
    expect(await main.innerText()).toContain(text.directory.senateRoles.Chairman);
    await fits(page);
  });

  it('shows a placeholder seat by its number and says no source names its member', async () => {
    const { page } = await openPage(viewport, { language });
    await visit(page, '/parliament-members/HOP003');
    const main = page.getByRole('main');
    await main
      .getByRole('heading', { name: fill(text.directory.member.pendingTitle, { seat: 'HOP#003' }), level: 1 })
      .waitFor();
    expect(await main.innerText()).toContain(text.directory.member.noSource);
    await fits(page);
  });

  it('answers a seat nobody holds with the site’s 404 in the reader’s language', async () => {
    const testPage = await openPage(viewport, { language });
    testPage.allowResourceError(
      404,
      '/parliament-members/HOP999',
      'a seat nobody holds answers 404 on purpose',
    );
    expect((await load(testPage.page, '/parliament-members/HOP999'))?.status()).toBe(404);
    await testPage.page.getByRole('heading', { name: text.common.notFound.title, level: 1 }).waitFor();
    await waitForHydration(testPage.page);
    // Still the not-found page once the browser has taken over.
    await testPage.page.getByRole('link', { name: text.common.notFound.backHome }).waitFor();
    await fits(testPage.page);
  });
});

describe('ways to the member pages and the figures they agree with', () => {
  it('links the named representatives of a state profile to their pages', async () => {
    const { page } = await openPage('phone');
    await visit(page, '/states/puntland');
    await waitForHydration(page);
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Abdullahi Ali Hirsi (Timacadde)' }).click();
    await main.getByRole('heading', { name: 'Abdullahi Ali Hirsi (Timacadde)', level: 1 }).waitFor();
    await main.getByRole('link', { name: 'Puntland: profile and representatives' }).click();
    await main.getByRole('link', { name: 'Sadia Yasin Haji Samatar' }).click();
    await main.getByRole('heading', { name: 'Sadia Yasin Haji Samatar', level: 1 }).waitFor();
  });

  it('lists as many Somaliland and Hirshabelle senators as the federal states page gives them seats', async () => {
    const { page } = await openPage('desktop');
    await followInApp(page);
    await visit(page, '/federal-states');
    const main = page.getByRole('main');
    const seats = async (name: string) =>
      (await main.getByRole('article', { name, exact: true }).locator('dd').allInnerTexts())[2];
    expect(await seats('Somaliland')).toBe('11');
    expect(await seats('Hirshabelle')).toBe('8');
    for (const [state, count] of [
      ['Somaliland', 11],
      ['Hirshabeele', 8],
    ] as const) {
      await navigateInApp(page, `/senators?state=${state}`);
      await main.getByRole('heading', { name: `All Senators (${count})`, level: 2 }).waitFor();
    }
    await navigateInApp(page, '/senators');
    expect(await main.innerText()).toContain('54 senators');
  });
});
