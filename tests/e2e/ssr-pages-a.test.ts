import enCenters from '@client/i18n/locales/en/centers.json';
import enCommon from '@client/i18n/locales/en/common.json';
import enContent from '@client/i18n/locales/en/content.json';
import enDirectory from '@client/i18n/locales/en/directory.json';
import enHome from '@client/i18n/locales/en/home.json';
import enRegions from '@client/i18n/locales/en/regions.json';
import soCenters from '@client/i18n/locales/so/centers.json';
import soCommon from '@client/i18n/locales/so/common.json';
import soContent from '@client/i18n/locales/so/content.json';
import soDirectory from '@client/i18n/locales/so/directory.json';
import soHome from '@client/i18n/locales/so/home.json';
import soRegions from '@client/i18n/locales/so/regions.json';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { stubTiles } from './helpers/admin';
import { signInThroughApi } from './helpers/auth';
import { DEMO_CITIZEN } from './helpers/demo-accounts';
import { setupE2E } from './helpers/suite';

/**
 * Issue 19, the public pages of part A (landing, directories, states, regions, content pages, registration
 * centers, 404) rendered on the server: their HTML without JavaScript holds the heading, the first view's data
 * and the link-preview tags in English and Somali; the browser hydrates it with no console error or warning and
 * asks for nothing the HTML carried (only the session).
 */
const { openPage, browser, origin } = setupE2E();

type Language = 'en' | 'so';
const LOCALES = {
  en: {
    common: enCommon,
    content: enContent,
    directory: enDirectory,
    home: enHome,
    regions: enRegions,
    centers: enCenters,
  },
  so: {
    common: soCommon,
    content: soContent,
    directory: soDirectory,
    home: soHome,
    regions: soRegions,
    centers: soCenters,
  },
};
type Namespace = keyof (typeof LOCALES)['en'];

/** A text as the page shows it: "namespace:key.path" with {{values}} filled in. */
function text(language: Language, id: `${Namespace}:${string}`, values: Record<string, string> = {}): string {
  const [namespace, path] = id.split(':') as [Namespace, string];
  const found = path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], LOCALES[language][namespace]);
  if (typeof found !== 'string') throw new Error(`no text ${id} in ${language}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

const count = (value: number) => new Intl.NumberFormat('en-GB').format(value);

/** A public procedure's answer, asked the way the browser does (tRPC over HTTP, superjson). */
async function api<T>(procedure: string, input?: unknown): Promise<T> {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const response = await fetch(`${origin()}/trpc/${procedure}${query}`);
  expect(response.status, procedure).toBe(200);
  return ((await response.json()) as { result: { data: { json: T } } }).result.data.json;
}

interface Named {
  name: string;
  isPlaceholder?: boolean;
}

/** The name of a list's item (an empty list fails the test: the page would have nothing to show). */
function nameAt(list: readonly Named[], index: number): string {
  const item = list.at(index);
  if (!item) throw new Error(`the list has no item ${index}`);
  return item.name;
}

interface PageCase {
  path: string;
  /** The h1, the title before " – Codka" (the whole title for the landing page) and the description. */
  head(language: Language): { h1: string; title: string; description: string };
  /** Texts of the first view's data the HTML must carry (read from the API, so other files' data cannot break it). */
  data?(language: Language): Promise<string[]>;
  status?: number;
}

const fixed =
  (h1: `${Namespace}:${string}`, description: `${Namespace}:${string}`): PageCase['head'] =>
  (language) => ({
    h1: text(language, h1),
    title: text(language, h1),
    description: text(language, description),
  });

const PAGES: PageCase[] = [
  {
    path: '/',
    head: (language) => ({
      h1: text(language, 'home:hero.title'),
      title: `Codka – ${text(language, 'common:site.tagline')}`,
      description: text(language, 'home:meta.description'),
    }),
    // The map of the member states, the largest element of a phone's first screen, is in the HTML.
    data: async (language) => [text(language, 'home:map.regions.SOJH'), text(language, 'home:map.caption')],
  },
  {
    path: '/parliament-members',
    head: (language) => ({
      ...fixed('directory:house.title', 'directory:house.metaDescription')(language),
      title: text(language, 'directory:house.metaTitle'),
    }),
    data: async () => {
      const list = await api<{ items: Named[] }>('directory.members', { page: 1, pageSize: 24 });
      return [nameAt(list.items, 0), nameAt(list.items, 23)];
    },
  },
  {
    path: '/parliament-members?region=Puntland&page=2',
    head: (language) => ({
      ...fixed('directory:house.title', 'directory:house.metaDescription')(language),
      title: text(language, 'directory:house.metaTitle'),
    }),
    data: async () => {
      const list = await api<{ items: Named[] }>('directory.members', {
        region: 'Puntland',
        page: 2,
        pageSize: 24,
      });
      return [nameAt(list.items, 0)];
    },
  },
  {
    path: '/senators',
    head: (language) => ({
      ...fixed('directory:senate.title', 'directory:senate.metaDescription')(language),
      title: text(language, 'directory:senate.metaTitle'),
    }),
    data: async () => {
      const list = await api<{ leadership: Named[]; senators: Named[] }>('directory.senators', {});
      return [nameAt(list.leadership, 0), nameAt(list.senators, 0), nameAt(list.senators, -1)];
    },
  },
  {
    path: '/federal-states',
    head: fixed('content:federalStates.title', 'content:federalStates.metaDescription'),
  },
  {
    path: '/states/puntland',
    head: (language) => {
      const name = text(language, 'regions:state.puntland.name');
      const status = text(language, 'regions:state.puntland.status');
      return {
        h1: name,
        title: name,
        description: text(language, 'content:stateProfile.metaDescription', { name, status }),
      };
    },
    data: async () => {
      const people = await api<{ members: Named[]; senators: Named[] }>('directory.stateRepresentatives', {
        stateId: 'puntland',
      });
      return [...people.members, ...people.senators]
        .filter((person) => !person.isPlaceholder)
        .map((person) => person.name);
    },
  },
  {
    path: '/regions',
    head: fixed('content:regions.title', 'content:regions.metaDescription'),
    data: async (language) => {
      const counts = await api<{ total: number; regions: { enrolledVoters: number }[] }>(
        'enrollment.countsByRegion',
      );
      return [
        text(language, 'content:enrolled.total', { number: count(counts.total) }),
        text(language, 'content:enrolled.region.Awdal'),
        text(language, 'regions:region.puntland.name'),
      ];
    },
  },
  {
    path: '/regions/banadir',
    head: (language) => {
      const name = text(language, 'regions:region.banadir.name');
      return {
        h1: name,
        title: name,
        description: text(language, 'content:regionDetail.metaDescription', { name }),
      };
    },
    data: async (language) => [
      text(language, 'regions:region.banadir.capital'),
      text(language, 'regions:region.banadir.governance'),
    ],
  },
  { path: '/voting', head: fixed('content:voting.title', 'content:voting.metaDescription') },
  {
    path: '/transparent-process',
    head: fixed('content:transparent.title', 'content:transparent.metaDescription'),
  },
  { path: '/about', head: fixed('content:about.title', 'content:about.metaDescription') },
  { path: '/help', head: fixed('content:help.title', 'content:help.metaDescription') },
  {
    path: '/registration-centers',
    head: (language) => ({
      h1: text(language, 'centers:title'),
      title: text(language, 'centers:metaTitle'),
      description: text(language, 'centers:metaDescription'),
    }),
    data: async (language) => {
      const settings = await api<{ centers: Named[] }>('directory.mapSettings');
      const counts = await api<{ total: number }>('enrollment.countsByRegion');
      return [
        nameAt(settings.centers, 0),
        text(language, 'centers:enrolledTotal', { number: count(counts.total) }),
      ];
    },
  },
  { path: '/no-such-page', head: fixed('common:notFound.title', 'common:notFound.description'), status: 404 },
];

const meta = (page: Page, selector: string) => page.locator(`head ${selector}`).getAttribute('content');

describe.each(['en', 'so'] as const)('server-rendered pages in %s', (language) => {
  it.each(PAGES)(
    '$path: the HTML without JavaScript has the heading, the first view and the preview tags',
    async (pageCase) => {
      // The browser's language (Accept-Language) chooses the page's when the reader has not picked one.
      const context = await browser().newContext({
        javaScriptEnabled: false,
        locale: language === 'so' ? 'so-SO' : 'en-GB',
      });
      try {
        const page = await context.newPage();
        const response = await page.goto(`${origin()}${pageCase.path}`);
        expect(response?.status()).toBe(pageCase.status ?? 200);
        const head = pageCase.head(language);
        const title = pageCase.path === '/' ? head.title : `${head.title} – Codka`;
        expect(await page.locator('h1').innerText()).toBe(head.h1);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        expect(await page.title()).toBe(title);
        expect(await meta(page, 'meta[name="description"]')).toBe(head.description);
        expect(await meta(page, 'meta[property="og:title"]')).toBe(title);
        expect(await meta(page, 'meta[property="og:description"]')).toBe(head.description);
        expect(await meta(page, 'meta[property="og:image"]')).toBe(`${origin()}/og-image.png`);
        expect(await meta(page, 'meta[property="og:locale"]')).toBe(language === 'so' ? 'so_SO' : 'en_GB');
        expect(await meta(page, 'meta[name="twitter:card"]')).toBe('summary_large_image');
        const main = await page.getByRole('main').innerText();
        for (const shown of (await pageCase.data?.(language)) ?? []) expect(main).toContain(shown);
      } finally {
        await context.close();
      }
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
  await page.goto(path);
  // React marks the elements it has hydrated; the heading is one of the page's own.
  await page.waitForFunction(() => {
    const heading = document.querySelector('main h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
  });
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
      expect(await page.getByTestId('theme-menu').getAttribute('aria-label')).toContain(
        text('so', 'common:theme.dark'),
      );
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
  });
});
