import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInThroughApi, waitForPath } from './helpers/auth';
import { load, visit } from './helpers/browser';
import { DEMO_CITIZEN } from './helpers/demo-accounts';
import { setupE2E } from './helpers/suite';

/**
 * The first render under server rendering: the landing page arrives as HTML the browser hydrates (the data
 * layer and the route table are in the entry, client/src/entry.client.tsx). It does not wait for the session
 * check, and what needs the session (the header, Active Elections) follows once it answers.
 */
const { openPage } = setupE2E();

const header = (page: Page) => page.getByRole('banner');

/**
 * Holds the session check (auth.session, alone or in a batch) until release() lets it and any later one go.
 * `sent` resolves once the page has asked (its script runs when it runs: seconds after the HTML on a slow phone).
 */
async function holdSessionCheck(page: Page) {
  const held: Route[] = [];
  let released = false;
  let sent: () => void = () => {};
  const asked = new Promise<void>((resolve) => {
    sent = resolve;
  });
  await page.route(/\/trpc\/[^?]*auth\.session/, (route) => {
    if (released) return route.continue();
    held.push(route);
    sent();
  });
  return {
    sent: asked,
    async release() {
      released = true;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}

describe('first render from the server’s HTML', () => {
  it('paints the landing page and lets a visitor switch language while the session check is on its way', async () => {
    const { page } = await openPage('wide');
    const sessionCheck = await holdSessionCheck(page);
    await visit(page, '/');

    await page.getByRole('heading', { name: 'Somalia Federal Elections', level: 1 }).waitFor();
    // The map is in the server's HTML: no request stands between the page and its regions.
    const regions = page.locator('svg[viewBox="0 0 1000 1000"] path[role="link"]');
    expect(await regions.count()).toBe(18);
    await page.getByRole('heading', { name: 'Latest Updates', level: 2 }).waitFor();
    await sessionCheck.sent;
    // Until the session is known the header shows neither Sign In nor Sign Out.
    expect(await header(page).getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    expect(await header(page).getByRole('button', { name: 'Sign Out' }).count()).toBe(0);

    await header(page).getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: 'Af-Soomaali', exact: true }).click();
    await page.getByRole('heading', { name: 'Doorashooyinka Federaalka Soomaaliya', level: 1 }).waitFor();

    await sessionCheck.release();
    // The session check answers: a visitor is offered to sign in (in Somali now).
    await header(page).getByRole('link', { name: 'Gal', exact: true }).waitFor();
  });

  it('shows a signed-in citizen their header and Active Elections on a fresh load, and forgets them on sign out', async () => {
    const { page } = await openPage('desktop');
    await signInThroughApi(page, DEMO_CITIZEN);
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

describe('moving on from the first page', () => {
  it('opens a page from the landing page, and a first visit straight to a page or to an unknown path', async () => {
    const { page, allowResourceError } = await openPage('desktop');
    allowResourceError(404, '/no-such-page', 'an unknown address is answered 404, with the not-found page');
    await visit(page, '/');
    await page.getByRole('heading', { name: 'Somalia Federal Elections', level: 1 }).waitFor();
    await header(page).getByRole('link', { name: 'Senators', exact: true }).click();
    await waitForPath(page, '/senators');
    await page.getByRole('heading', { name: 'Somalia Senate', level: 1 }).waitFor();

    await visit(page, '/parliament-members');
    await page.getByRole('heading', { name: 'House of the People', level: 1 }).waitFor();

    // An unknown address is the not-found page, rendered by the server with a 404 and hydrated.
    const missing = await load(page, '/no-such-page');
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    // The header's links still lead to the landing page from there.
    await header(page).getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByRole('heading', { name: 'Somalia Federal Elections', level: 1 }).waitFor();
  });
});
