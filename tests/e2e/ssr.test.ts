import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInThroughApi } from './helpers/auth';
import { visit, waitForHydration } from './helpers/browser';
import { DEMO_CITIZEN } from './helpers/demo-accounts';
import {
  parseServerHtml,
  proceduresIn,
  type ServerHtml,
  serverHtml,
  visitorRead,
} from './helpers/server-html';
import { setupE2E } from './helpers/suite';

/**
 * Server rendering as a whole, on the five pages the benchmark measures, in both languages: the HTML
 * alone (no JavaScript) holds the page's heading and first view; the browser hydrates it without an error,
 * without asking again for what the HTML carried and keeping the server's elements and ids; a signed-in
 * reader's HTML is a visitor's. The pages' own
 * details are tested per page (ssr-pages-a.test.ts, ssr-pages-b.test.ts); interactions: ssr-interaction.test.ts.
 */
const { openPage, origin } = setupE2E();

type Language = 'en' | 'so';
const LANGUAGES: Language[] = ['en', 'so'];

interface MeasuredPage {
  path: string;
  /** The h1 per language, or read from the data (a poll's title). */
  heading(language: Language): Promise<string>;
  /** Checks the first view's data in the HTML the server sent. */
  firstView(html: ServerHtml): Promise<void>;
  /** Whether its first view reads data (carried in the data block). */
  readsData: boolean;
}

const fixed = (en: string, so: string) => async (language: Language) => (language === 'en' ? en : so);

interface CurrentPoll {
  poll: { title: string; titleText: { en: string; so: string } };
  candidates: { name: string }[];
}

const MEASURED: MeasuredPage[] = [
  {
    path: '/',
    heading: fixed('Somalia Federal Elections', 'Doorashooyinka Federaalka Soomaaliya'),
    // The member states' map is the first view: its 18 regions are links in the HTML.
    firstView: async (html) => expect(html.$('main svg path[role="link"]').length).toBe(18),
    readsData: false,
  },
  {
    path: '/parliament-members',
    heading: fixed('House of the People', 'Golaha Shacabka'),
    firstView: async (html) => {
      const members = await visitorRead<{ items: { name: string }[] }>(origin(), 'directory.members', {
        page: 1,
        pageSize: 24,
      });
      expect(members.items.length).toBeGreaterThan(1);
      for (const member of members.items.slice(0, 3)) expect(html.mainText).toContain(member.name);
    },
    readsData: true,
  },
  {
    path: '/senators',
    heading: fixed('Somalia Senate', 'Aqalka Sare ee Soomaaliya'),
    firstView: async (html) => {
      const { senators } = await visitorRead<{ senators: { name: string }[] }>(
        origin(),
        'directory.senators',
        {},
      );
      expect(senators.length).toBeGreaterThan(1);
      for (const senator of senators.slice(0, 3)) expect(html.mainText).toContain(senator.name);
    },
    readsData: true,
  },
  {
    path: '/polls/presidential',
    // The poll's title in the page's language (the demo writes both).
    heading: async (language) =>
      (await visitorRead<CurrentPoll>(origin(), 'polls.current')).poll.titleText[language],
    firstView: async (html) => {
      const current = await visitorRead<CurrentPoll>(origin(), 'polls.current');
      expect(current.candidates.length).toBeGreaterThan(1);
      for (const candidate of current.candidates) expect(html.mainText).toContain(candidate.name);
    },
    readsData: true,
  },
  {
    path: '/regions',
    heading: fixed('Regional Coverage', 'Gobollada'),
    // The eight regions of the House of the People, each a card linking to its page.
    firstView: async (html) =>
      expect(new Set(html.$('main a[href^="/regions/"]').map((_, a) => html.$(a).attr('href'))).size).toBe(8),
    readsData: false,
  },
];

const header = (page: Page) => page.getByRole('banner');

/**
 * Loads a page as a reader's browser does (following the busy page, which a loaded machine's render budget may
 * answer first) and returns the HTML the server sent for it.
 */
async function load(page: Page, path: string): Promise<ServerHtml> {
  const response = await visit(page, path);
  return parseServerHtml(response.status(), await response.text());
}

describe.each(LANGUAGES)('server-rendered pages in %s', (language) => {
  const cookie = { cookie: `lang=${language}` };

  it.each(MEASURED.map((measured) => [measured.path, measured] as const))(
    '%s: the HTML alone holds the heading and the first view',
    async (_path, measured) => {
      const html = await serverHtml(origin(), measured.path, cookie);
      expect(html.status).toBe(200);
      expect(html.lang).toBe(language);
      expect(html.heading).toBe(await measured.heading(language));
      await measured.firstView(html);
      if (measured.readsData) expect(html.embedded.length).toBeGreaterThan(0);
    },
  );

  // One load per page and language for everything hydration must keep: a load in a fresh browser is the costly part.
  it.each(MEASURED.map((measured) => [measured.path, measured] as const))(
    '%s: hydrates without an error, without asking again for the data it carried, keeping every element and id',
    async (_path, measured) => {
      const { page } = await openPage('desktop', { language });
      await recordRemovedElements(page);
      const asked: string[] = [];
      page.on('request', (request) => asked.push(...proceduresIn(request.url())));
      const sessionAnswered = page.waitForResponse((response) =>
        response.url().includes('/trpc/auth.session'),
      );
      const html = await load(page, measured.path);
      expect(html.lang).toBe(language);
      // The session check answered and React owns the page (hydrated, not replaced): nothing asked after that
      // may be data the page carried.
      await sessionAnswered;
      await waitForHydration(page);
      // The header's part that follows the session (at this width only English has room for the row of links).
      if (language === 'en') await header(page).getByRole('link', { name: 'Sign In', exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(asked.filter((procedure) => html.embedded.includes(procedure))).toEqual([]);
      expect(await page.locator('h1').first().innerText()).toBe(await measured.heading(language));
      // The markup the server sent is the markup React kept: its h1 is the same element, not a re-render.
      expect(await page.evaluate(() => document.querySelectorAll('h1').length)).toBe(html.$('h1').length);
      // Nothing blanked while its code arrived: hydration adopts the server's markup, it never replaces it.
      expect(await removedElements(page)).toEqual([]);
      // React hydrates without rewriting attributes: an id (Mantine's useId, behind labels, descriptions and the
      // classes of its responsive styles) that came out differently in the browser would leave the server's
      // attribute pointing at nothing, silently. Desktop width, so responsive styles apply.
      expect(await brokenReferences(page)).toEqual([]);
    },
  );
});

/**
 * Records elements with text removed from #root from the page's first load on (Mantine's style elements aside,
 * which carry no content).
 */
function recordRemovedElements(page: Page) {
  return page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removedByHydration: string[] }).removedByHydration = removed;
    new MutationObserver((records) => {
      for (const record of records) {
        if (!(record.target instanceof Element) || !record.target.closest('#root')) continue;
        for (const node of record.removedNodes) {
          const text = node.textContent?.trim() ?? '';
          if (node instanceof Element && node.tagName !== 'STYLE' && text)
            removed.push(`${node.tagName.toLowerCase()}: ${text.slice(0, 60)}`);
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

function removedElements(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { removedByHydration: string[] }).removedByHydration);
}

/** Ids referred to that no element has, and Mantine style classes no style rule defines. */
function brokenReferences(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const used = new Set(
      [...document.querySelectorAll('[class*="__m__-"]')].flatMap((element) =>
        [...element.classList].filter((name) => name.startsWith('__m__-')),
      ),
    );
    const styled = new Set(
      [...document.querySelectorAll('style')].flatMap((style) =>
        [...(style.textContent ?? '').matchAll(/\.(__m__-[A-Za-z0-9_-]+)/g)].map((match) => match[1]),
      ),
    );
    const references = ['aria-labelledby', 'aria-describedby', 'aria-controls', 'for'];
    const dangling = [...document.querySelectorAll(references.map((name) => `[${name}]`).join(','))].flatMap(
      (element) =>
        references
          .flatMap((name) => (element.getAttribute(name) ?? '').split(' '))
          .filter((id) => id && !document.getElementById(id)),
    );
    return [...[...used].filter((name) => !styled.has(name)).map((name) => `class ${name}`), ...dangling];
  });
}

describe('a signed-in citizen', () => {
  it('sees their own header after hydration, while the HTML of every page is a visitor’s', async () => {
    const { page } = await openPage('desktop');
    await signInThroughApi(page, DEMO_CITIZEN);
    for (const measured of MEASURED) {
      await visit(page, measured.path);
      await header(page).getByRole('button', { name: 'Sign Out' }).waitFor();
      // The same address fetched with the citizen's cookies (page.request shares the page's).
      const response = await page.request.get(measured.path);
      const html = await response.text();
      expect(html, measured.path).not.toContain(DEMO_CITIZEN.fullName);
      expect(html, measured.path).not.toContain(DEMO_CITIZEN.email);
      expect(parseServerHtml(response.status(), html).$('header').text()).not.toContain('Sign Out');
      const visitor = await serverHtml(origin(), measured.path);
      expect(parseServerHtml(200, html).heading).toBe(visitor.heading);
    }
  });

  it('finds their e-mail in the phone’s menu after hydration, never in the HTML', async () => {
    const { page } = await openPage('phone');
    await signInThroughApi(page, DEMO_CITIZEN);
    await visit(page, '/senators');
    await header(page).getByRole('button', { name: 'Open navigation' }).click();
    await page.getByTestId('drawer-email').getByText(DEMO_CITIZEN.email).waitFor();
    expect(await (await page.request.get('/senators')).text()).not.toContain(DEMO_CITIZEN.email);
  });
});
