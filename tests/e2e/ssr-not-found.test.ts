import enContent from '@client/i18n/locales/en/content.json';
import enElections from '@client/i18n/locales/en/elections.json';
import enPolls from '@client/i18n/locales/en/polls.json';
import soContent from '@client/i18n/locales/so/content.json';
import soElections from '@client/i18n/locales/so/elections.json';
import soPolls from '@client/i18n/locales/so/polls.json';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { load, waitForHydration } from './helpers/browser';
import { decode } from './helpers/served-page';
import { setupE2E } from './helpers/suite';

/**
 * Pages whose address names nothing (an unknown state, region, election or poll): the server answers 404 with
 * the page's own "not found" view in the reader's language; the browser hydrates that view without a mismatch
 * and without asking for the data that does not exist; the browser's own navigation to the address shows the
 * same view, as before server rendering answered 404.
 */
const { openPage } = setupE2E();

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

type Language = 'en' | 'so';
const LOCALES = {
  en: { content: enContent, elections: enElections, polls: enPolls },
  so: { content: soContent, elections: soElections, polls: soPolls },
};
type TextId = `${keyof (typeof LOCALES)['en']}:${string}`;

/** A text as the page shows it ("namespace:key.path"). */
function text(language: Language, id: TextId): string {
  const [namespace, path] = id.split(':') as [keyof (typeof LOCALES)['en'], string];
  const found = path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], LOCALES[language][namespace]);
  if (typeof found !== 'string') throw new Error(`no text ${id} in ${language}`);
  return found;
}

interface MissingCase {
  path: string;
  /** What the page says: its heading, or its sentence for the poll. */
  says: TextId;
  /** Its link away, and where that goes. */
  back: TextId;
  backTo: string;
}

const MISSING: MissingCase[] = [
  {
    path: '/states/nowhere',
    says: 'content:stateProfile.notFoundTitle',
    back: 'content:stateProfile.backToStates',
    backTo: '/federal-states',
  },
  {
    path: '/regions/nowhere',
    says: 'content:regionDetail.notFoundTitle',
    back: 'content:regionDetail.backToRegions',
    backTo: '/regions',
  },
  {
    path: `/election/${UNKNOWN_ID}`,
    says: 'elections:states.notFoundTitle',
    back: 'elections:states.backToElections',
    backTo: '/elections',
  },
  {
    path: `/results/${UNKNOWN_ID}`,
    says: 'elections:states.notFoundTitle',
    back: 'elections:states.backToElections',
    backTo: '/elections',
  },
  {
    path: `/polls/presidential/history/${UNKNOWN_ID}`,
    says: 'polls:load.notFoundBody',
    back: 'polls:allPolls',
    backTo: '/polls/presidential/history',
  },
];

/** The /trpc procedures the page asks for from now on. */
function recordCalls(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/trpc/')) asked.push(...url.pathname.slice('/trpc/'.length).split(','));
  });
  return asked;
}

describe.each(['en', 'so'] as Language[])('an address that names nothing, in %s', (language) => {
  it.each(MISSING)('$path: 404 with the page’s own view, hydrated as the server sent it', async (missing) => {
    const { page, allowResourceError } = await openPage('desktop', { language });
    allowResourceError(404, missing.path, 'the address names nothing: 404, with the page’s not-found view');
    const asked = recordCalls(page);
    const response = await load(page, missing.path);
    expect(response?.status()).toBe(404);
    const said = text(language, missing.says);
    expect(decode((await response?.text()) ?? '')).toContain(said);
    // The app owns the view the server sent once it has hydrated (root.tsx says so).
    const back = page
      .getByRole('main')
      .getByRole('link', { name: text(language, missing.back) })
      .last();
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    await page.getByRole('main').getByText(said).first().waitFor();
    // Nothing asked for the thing that does not exist; the session check is the page's only call.
    expect(asked.filter((procedure) => procedure !== 'auth.session')).toEqual([]);
    expect(await back.isVisible()).toBe(true);
  });
});

describe('the browser’s own navigation to an address that names nothing', () => {
  it.each(MISSING)('$path: shows the same view, rendered in the browser', async (missing) => {
    const testPage = await openPage('desktop');
    const { page } = testPage;
    testPage.allowResourceError(404, missing.path, 'the first load of an address that names nothing');
    // The browser asks for what the address names and is told it does not exist.
    testPage.allowResourceError(404, '/trpc/', 'the browser asks for the missing item itself');
    testPage.allowResourceError(400, '/trpc/', 'the browser asks for the missing item itself');
    await load(page, missing.path);
    const said = text('en', missing.says);
    await page.getByRole('main').getByText(said).first().waitFor();
    // The router's own navigation is what is tested: before hydration a link is a plain link (a new document).
    await waitForHydration(page);
    await page
      .getByRole('main')
      .getByRole('link', { name: text('en', missing.back) })
      .last()
      .click();
    await page.waitForURL((url) => url.pathname === missing.backTo);
    // Back: react-router renders the address itself, with no request for a page.
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    await page.goBack();
    await page.getByRole('main').getByText(said).first().waitFor();
    expect(new URL(page.url()).pathname).toBe(missing.path);
    expect(documents).toEqual([]);
  });
});
