import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { load, visit } from './helpers/browser';
import { REPO_ROOT } from './helpers/server';
import { parseServerHtml, serverHtml } from './helpers/server-html';
import { setupE2E } from './helpers/suite';

/**
 * Server-rendered pages in a reader's hands: the language switch decides the next page the server
 * sends, a tap as soon as the HTML shows is not lost while the scripts arrive on a slow network, a theme chosen
 * earlier paints at once, and a page links only the code and styles it uses.
 */
const { openPage, origin } = setupE2E();

const header = (page: Page) => page.getByRole('banner');

describe('the language switch', () => {
  it('writes the lang cookie, and the next page the server renders is in that language', async () => {
    const { page, context } = await openPage('wide');
    await visit(page, '/senators');
    await header(page).getByRole('link', { name: 'Sign In', exact: true }).waitFor();
    await header(page).getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: 'Af-Soomaali', exact: true }).click();
    await page.getByRole('heading', { name: 'Aqalka Sare ee Soomaaliya', level: 1 }).waitFor();
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'lang')?.value).toBe('so');

    // A full load: the server's HTML, not the browser's render, is in Somali (the browser itself asks English).
    const response = await load(page, '/parliament-members');
    const html = parseServerHtml(response?.status() ?? 0, (await response?.text()) ?? '');
    expect(html.lang).toBe('so');
    expect(html.heading).toBe('Golaha Shacabka');

    await header(page).getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: 'English', exact: true }).click();
    await page.getByRole('heading', { name: 'House of the People', level: 1 }).waitFor();
    expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('en');
    expect(parseServerHtml(200, await (await page.request.get('/senators')).text()).heading).toBe(
      'Somalia Senate',
    );
  });
});

describe('before the scripts arrive', () => {
  it('keeps a tap on the language menu made as soon as the HTML shows, on a slow network', async () => {
    const { page } = await openPage('desktop');
    const network = await page.context().newCDPSession(page);
    await network.send('Network.enable');
    // About a slow 3G connection: the HTML shows well before the scripts have arrived and run.
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      downloadThroughput: (400 * 1024) / 8,
      uploadThroughput: (400 * 1024) / 8,
    });
    await page.goto('/senators', { waitUntil: 'commit', timeout: 30_000 });
    const menu = header(page).getByTestId('language-menu');
    await menu.waitFor({ timeout: 30_000 });
    // The page says when its hydration is over (root.tsx): not yet, the page is only the server's HTML.
    const hydrated = () =>
      page.evaluate(() => (window as unknown as { __codkaHydrated?: boolean }).__codkaHydrated === true);
    expect(await hydrated()).toBe(false);
    await menu.click();
    // Hydration on this network takes a while; then the tap must have been kept and the menu opened.
    await page.waitForFunction(
      () => (window as unknown as { __codkaHydrated?: boolean }).__codkaHydrated === true,
      undefined,
      { timeout: 45_000 },
    );
    await page.waitForLoadState('networkidle', { timeout: 30_000 });
    const opened = page.getByRole('menuitem', { name: 'Af-Soomaali', exact: true });
    // The kept tap is made again at the first idle moment after hydration, and the menu's code then comes over
    // this slow network: more than 5 s on a loaded machine, so the wait is as long as the others here.
    const shown = await opened.waitFor({ timeout: 20_000 }).then(
      () => true,
      () => false,
    );
    expect(shown, 'the tap made before React started was lost').toBe(true);
  }, 90_000);

  it('paints the theme chosen on an earlier visit from the first frame, never the other one', async () => {
    const { page } = await openPage('desktop', { colorScheme: 'light' });
    await page.addInitScript(() => {
      window.localStorage.setItem('theme', 'dark');
      const seen: string[] = [];
      (window as unknown as { schemesSeen: string[] }).schemesSeen = seen;
      new MutationObserver(() => {
        const scheme = document.documentElement?.getAttribute('data-mantine-color-scheme');
        if (scheme && seen.at(-1) !== scheme) seen.push(scheme);
      }).observe(document, {
        attributes: true,
        subtree: true,
        attributeFilter: ['data-mantine-color-scheme'],
      });
    });
    await visit(page, '/senators');
    await header(page).getByRole('link', { name: 'Sign In', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    const seen = await page.evaluate(() => (window as unknown as { schemesSeen: string[] }).schemesSeen);
    expect(seen).toEqual(['dark']);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
  });
});

/** The built client's code of the admin and staff consoles and the account (vite.config.ts names it apart). */
function consoleAssets(): string[] {
  return readdirSync(join(REPO_ROOT, 'dist/site/client/assets'))
    .filter((name) => name.startsWith('console-') && name.endsWith('.js'))
    .map((name) => `/assets/${name}`);
}

describe('what a page links', () => {
  it.each(['/', '/parliament-members', '/senators', '/polls/presidential', '/regions'])(
    '%s links styles and code that exist, none of the consoles’',
    async (path) => {
      const html = await serverHtml(origin(), path);
      const linked = html
        .$('link[rel="stylesheet"], link[rel="modulepreload"], script[src]')
        .map((_, element) => html.$(element).attr('href') ?? html.$(element).attr('src'))
        .get();
      expect(linked.length).toBeGreaterThan(2);
      const consoles = consoleAssets();
      expect(consoles.length).toBeGreaterThan(0);
      expect(linked.filter((href) => consoles.includes(href))).toEqual([]);
      for (const href of linked) {
        const response = await fetch(`${origin()}${href}`);
        expect(response.status, href).toBe(200);
        expect(response.headers.get('content-type'), href).not.toContain('text/html');
      }
    },
  );

  it('has the link-preview image it names', async () => {
    const html = await serverHtml(origin(), '/polls/presidential');
    const image = html.$('meta[property="og:image"]').attr('content') ?? '';
    expect(image).toMatch(/^https?:\/\/[^/]+\/og-image\.png$/);
    const response = await fetch(`${origin()}${new URL(image).pathname}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
  });
});
