import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { stubTiles } from './helpers/admin';
import { signInThroughApi } from './helpers/auth';
import { load, waitForHydration } from './helpers/browser';
import { DEMO_CITIZEN } from './helpers/demo-accounts';
import { pageCases, text } from './helpers/pages-a';
import { serverHtml } from './helpers/server-html';
import { setupE2E } from './helpers/suite';

/**
 * The public pages of part A (landing, directories, states, regions, content pages, registration
 * centers, 404) rendered on the server: their HTML without JavaScript holds the heading, the first view's data
 * and the link-preview tags in English and Somali; the browser hydrates it with no console error or warning and
 * asks for nothing the HTML carried (only the session).
 */
const { openPage, origin } = setupE2E();
const PAGES = pageCases(origin);

describe.each(['en', 'so'] as const)('server-rendered pages in %s', (language) => {
  it.each(PAGES)(
    '$path: the HTML without JavaScript has the heading, the first view and the preview tags',
    async (pageCase) => {
      // The browser's language (Accept-Language) chooses the page's when the reader has not picked one.
      const html = await serverHtml(origin(), pageCase.path, {
        'accept-language': language === 'so' ? 'so-SO,so;q=0.9' : 'en-GB,en;q=0.9',
      });
      expect(html.status).toBe(pageCase.status ?? 200);
      const head = pageCase.head(language);
      const title = pageCase.path === '/' ? head.title : `${head.title} – Codka`;
      const meta = (selector: string) => html.$(`head ${selector}`).attr('content');
      expect(html.heading).toBe(head.h1);
      expect(html.lang).toBe(language);
      expect(html.$('head title').text()).toBe(title);
      expect(meta('meta[name="description"]')).toBe(head.description);
      expect(meta('meta[property="og:title"]')).toBe(title);
      expect(meta('meta[property="og:description"]')).toBe(head.description);
      expect(meta('meta[property="og:image"]')).toBe(`${origin()}/og-image.png`);
      expect(meta('meta[property="og:locale"]')).toBe(language === 'so' ? 'so_SO' : 'en_GB');
      expect(meta('meta[name="twitter:card"]')).toBe('summary_large_image');
      const main = html.mainText.replace(/\s+/g, ' ');
      for (const shown of (await pageCase.data?.(language)) ?? []) expect(main).toContain(shown);
    },
  );

  it.each(PAGES)(
    '$path: hydrates without a console error or warning, asking only for the session',
    async (pageCase) => {
      const { page, context, allowResourceError } = await openPage('desktop');
      // The lang cookie is what the header's language switch writes.
      await context.addCookies([{ name: 'lang', value: language, url: origin() }]);
      if (pageCase.status === 404)
        allowResourceError(404, pageCase.path, 'the page that does not exist answers 404');
      await stubTiles(page, 'ok');
      await expectCleanHydration(page, pageCase.path, pageCase.head(language).h1);
    },
  );
});

/** Loads a page and waits for React to own its heading and the network to settle; checks what was asked and said. */
async function expectCleanHydration(page: Page, path: string, h1: string) {
  const asked: string[] = [];
  const warnings: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/trpc/')) asked.push(url.pathname.slice('/trpc/'.length));
  });
  page.on('console', (message) => {
    // Playwright's own note: the test pages run without the offline worker (helpers/browser.ts).
    if (message.type() === 'warning' && !message.text().startsWith('Service Worker registration blocked'))
      warnings.push(message.text());
  });
  await load(page, path);
  // The page says when its hydration is over (root.tsx): every part, those inside Suspense boundaries included, is
  // then the app's; a mismatch, or what changes right after hydration, has shown by then.
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  expect(await page.locator('main h1').innerText()).toBe(h1);
  expect(asked.filter((procedures) => procedures !== 'auth.session')).toEqual([]);
  expect(warnings).toEqual([]);
}

describe('choices kept in the browser', () => {
  it.each(['/', '/parliament-members', '/registration-centers'])(
    '%s: a stored dark theme and data saver show after hydration, without a mismatch',
    async (path) => {
      const { page } = await openPage('phone', { language: 'so' });
      await page.addInitScript(() => {
        localStorage.setItem('theme', 'dark');
        localStorage.setItem('data-saver', 'on');
      });
      await expectCleanHydration(page, path, h1For(path));
      // The stored choice shows in the render after hydration (useHydrated), not in the server's HTML.
      await expect
        .poll(() => page.getByTestId('theme-menu').getAttribute('aria-label'))
        .toContain(text('so', 'common:theme.dark'));
      if (path === '/registration-centers')
        await page.getByText(text('so', 'common:dataSaver.mapHidden')).waitFor();
    },
  );
});

function h1For(path: string): string {
  const found = PAGES.find((pageCase) => pageCase.path === path);
  if (!found) throw new Error(`no page ${path}`);
  return found.head('so').h1;
}

describe('signed-in readers', () => {
  it('get the same HTML as visitors: no name or email of theirs in it', async () => {
    const { page } = await openPage('desktop');
    await signInThroughApi(page, DEMO_CITIZEN);
    for (const path of ['/', '/parliament-members', '/states/puntland', '/registration-centers']) {
      const response = await page.request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain('<h1');
      expect(html).not.toContain(DEMO_CITIZEN.fullName);
      expect(html).not.toContain(DEMO_CITIZEN.email);
    }
    // The header's signed-in part renders after hydration, from the session, without a mismatch.
    await load(page, '/parliament-members');
    await page
      .getByRole('banner')
      .getByRole('button', { name: text('en', 'common:nav.signOut') })
      .waitFor();
  });
});
