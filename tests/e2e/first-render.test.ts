import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, waitForPath } from './helpers/auth';
import { visit } from './helpers/browser';
import { DEMO_CITIZEN } from './helpers/demo-accounts';
import { setupE2E } from './helpers/suite';

/**
 * F1: the landing page's first render ships without the data layer (React Query, tRPC: client/src/lib/data.tsx)
 * and without the other pages' route table (page-routes.tsx). Both load right after it; these tests check the
 * page does not wait for them, and that what needs them (the session, Active Elections, the other pages)
 * still works once they arrive.
 */
const { openPage } = setupE2E();

const header = (page: Page) => page.getByRole('banner');
/** The data layer's chunks: the libraries (the "data" group of vite.config.ts), lib/data.tsx and lib/trpc.ts. */
const DATA_LAYER = /\/assets\/(data|trpc)-[^/]+\.js$/;

/** Holds every request for the data layer until release() answers them (and any later one) as usual. */
async function holdDataLayer(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(DATA_LAYER, (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return {
    held,
    async release() {
      released = true;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}

describe('first render without the data layer', () => {
  it('paints the landing page and lets a visitor switch language while the data layer is on its way', async () => {
    const { page } = await openPage('desktop');
    const dataLayer = await holdDataLayer(page);
    await visit(page, '/');

    await page.getByRole('heading', { name: 'Somalia Federal Elections', level: 1 }).waitFor();
    // The map's code arrives right after the first render; it does not need the data layer either.
    const regions = page.locator('svg[viewBox="0 0 1000 1000"] path[role="link"]');
    await regions.first().waitFor();
    expect(await regions.count()).toBe(18);
    await page.getByRole('heading', { name: 'Latest Updates', level: 2 }).waitFor();
    // The data layer was asked for after the first render, and is still held: the page did not wait for it.
    expect(dataLayer.held.length).toBeGreaterThan(0);
    // Until the session is known the header shows neither Sign In nor Sign Out.
    expect(await header(page).getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    expect(await header(page).getByRole('button', { name: 'Sign Out' }).count()).toBe(0);

    await header(page).getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: 'Af-Soomaali', exact: true }).click();
    await page.getByRole('heading', { name: 'Doorashooyinka Federaalka Soomaaliya', level: 1 }).waitFor();

    await dataLayer.release();
    // The session check answers: a visitor is offered to sign in (in Somali now).
    await header(page).getByRole('link', { name: 'Gal', exact: true }).waitFor();
  });

  it('shows a signed-in citizen their header and Active Elections on a fresh load, and forgets them on sign out', async () => {
    const { page } = await openPage('desktop');
    await signIn(page, DEMO_CITIZEN);
    await visit(page, '/');

    await header(page).getByRole('button', { name: 'Sign Out' }).waitFor();
    await header(page).getByRole('link', { name: 'Your account' }).waitFor();
    await page.getByRole('heading', { name: 'Active Elections', level: 2 }).waitFor();
    expect(await header(page).getByRole('link', { name: 'Sign In' }).count()).toBe(0);

    await header(page).getByRole('button', { name: 'Sign Out' }).click();
    await header(page).getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Active Elections' }).count()).toBe(0);
  });
});

describe('the other pages, discovered after the first render', () => {
  it('opens a page from the landing page, and a first visit straight to a page or to an unknown path', async () => {
    const { page } = await openPage('desktop');
    await visit(page, '/');
    await page.getByRole('heading', { name: 'Somalia Federal Elections', level: 1 }).waitFor();
    await header(page).getByRole('link', { name: 'Senators', exact: true }).click();
    await waitForPath(page, '/senators');
    await page.getByRole('heading', { name: 'Somalia Senate', level: 1 }).waitFor();

    await visit(page, '/parliament-members');
    await page.getByRole('heading', { name: 'House of the People', level: 1 }).waitFor();

    await visit(page, '/no-such-page');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    // The header's links still lead to the landing page from there.
    await header(page).getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByRole('heading', { name: 'Somalia Federal Elections', level: 1 }).waitFor();
  });
});
