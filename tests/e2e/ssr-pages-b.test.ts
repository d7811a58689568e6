import enElections from '@client/i18n/locales/en/elections.json';
import enPolls from '@client/i18n/locales/en/polls.json';
import soElections from '@client/i18n/locales/so/elections.json';
import soPolls from '@client/i18n/locales/so/polls.json';
import { type BilingualText, pickText } from '@shared/bilingual';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { postProcedure, signInThroughApi } from './helpers/auth';
import { visit } from './helpers/browser';
import { DEMO_TITLES } from './helpers/demo-elections';
import { createCitizen } from './helpers/factories';
import { confirmEmail } from './helpers/roll-db';
import { serverPage as fetchPage } from './helpers/served-page';
import { setupE2E } from './helpers/suite';

/**
 * The election and poll pages rendered on the server: their HTML, fetched without JavaScript, holds
 * the heading and the first view's data in the reader's language, never hidden results and never anyone's
 * name; the browser hydrates it without an error and without asking again for what the HTML carried; a
 * signed-in citizen then sees their own state, without passing through a wrong one.
 */
const { openPage, origin, databasePath } = setupE2E();

type Language = 'en' | 'so';
const TEXTS = {
  en: { elections: enElections, polls: enPolls },
  so: { elections: soElections, polls: soPolls },
};

const CLOSED_ELECTION = DEMO_TITLES.byElection.en;
const HIDDEN_RESULTS_ELECTION = DEMO_TITLES.presidential.en;
/** The demo accounts' names: no page's HTML may hold them. */
const DEMO_NAMES = ['Amina Warsame', 'Demo System Admin', 'Hodan Abdullahi', 'Yusuf Mohamed Ali'];

/** A public read through the API, as a visitor: the ids and names the pages show. */
async function read<T>(procedure: string, input?: unknown): Promise<T> {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const response = await fetch(`${origin()}/trpc/${procedure}${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { result: { data: { json: T } } }).result.data.json;
}

const serverPage = (path: string, language: Language, cookie = '') =>
  fetchPage(origin(), path, language, cookie);

/**
 * A staff text as the page shows it in `language` (docs/decisions/021-bilingual-content.md): its own, else the other
 * one, which a heading follows with the marker naming it; a document title or preview carries no marker.
 */
const MARKER = { en: { so: '(in Somali)' }, so: { en: '(Ingiriisi)' } } as const;
function shown(text: BilingualText, language: Language, marked = true): string {
  const picked = pickText(text, language);
  if (!picked) return '';
  if (!picked.fallback || !marked) return picked.text;
  const markers: Record<string, string> = MARKER[language];
  return `${picked.text} ${markers[picked.language]}`;
}
const plain = (text: BilingualText, language: Language) => shown(text, language, false);

interface PollView {
  poll: { id: string; title: string; titleText: BilingualText };
  candidates: { id: string; name: string }[];
}
interface Election {
  id: string;
  title: string;
  titleText: BilingualText;
  candidates?: { name: string }[];
  results: { total: number; rows: { name: string; votes: number }[] } | null;
}

async function demoIds() {
  const current = await read<PollView>('polls.current');
  const [closedPoll] = await read<{ id: string; title: string }[]>('polls.history');
  const verified = await read<Election[]>('elections.verified');
  const closed = verified.find((election) => election.title === CLOSED_ELECTION);
  const hidden = verified.find((election) => election.title === HIDDEN_RESULTS_ELECTION);
  if (!closedPoll || !closed || !hidden)
    throw new Error('the demo data has no closed poll or demo elections');
  const closedPollView = await read<PollView>('polls.byId', { id: closedPoll.id });
  const hiddenDetails = await read<Election>('elections.byId', { id: hidden.id });
  return { current, closedPoll: closedPollView, closed, hidden: hiddenDetails };
}

describe('election and poll pages in the HTML, without JavaScript', () => {
  for (const language of ['en', 'so'] as const) {
    it(`hold each page's heading and first view in ${language === 'en' ? 'English' : 'Somali'}`, async () => {
      const { polls, elections } = TEXTS[language];
      const { current, closedPoll, closed, hidden } = await demoIds();

      const currentPage = await serverPage('/polls/presidential', language);
      expect(currentPage.h1).toBe(shown(current.poll.titleText, language));
      for (const candidate of current.candidates) expect(currentPage.text).toContain(candidate.name);
      // An open poll's results are a voter's: not in a visitor's HTML, not in its data.
      expect(currentPage.text).toContain(polls.panel.resultsAfterVote);
      expect(currentPage.state).not.toContain('"results"');

      const pollPage = await serverPage(`/polls/presidential/history/${closedPoll.poll.id}`, language);
      expect(pollPage.h1).toBe(shown(closedPoll.poll.titleText, language));
      expect(pollPage.text).toContain(polls.results.final.split(':')[0]);
      for (const candidate of closedPoll.candidates) expect(pollPage.text).toContain(candidate.name);
      const pollResults = await serverPage(`/results/${closedPoll.poll.id}`, language);
      expect(pollResults.h1).toBe(shown(closedPoll.poll.titleText, language));
      expect(pollResults.text).toContain(polls.results.final.split(':')[0]);

      const closedPolls = await serverPage('/polls/history', language);
      expect(closedPolls.h1).toBe(polls.closedPolls.title);
      expect(closedPolls.text).toContain(plain(closedPoll.poll.titleText, language));
      const allPolls = await serverPage('/polls/presidential/history', language);
      expect(allPolls.h1).toBe(polls.history.title);
      expect(allPolls.text).toContain(plain(current.poll.titleText, language));
      expect(allPolls.text).toContain(plain(closedPoll.poll.titleText, language));

      const results = await serverPage(`/results/${closed.id}`, language);
      expect(results.h1).toBe(shown(closed.titleText, language));
      expect(results.text).toContain(elections.results.totalVotes);
      for (const row of closed.results?.rows ?? []) expect(results.text).toContain(row.name);
      // Hidden while voting runs: the page says so, and the counts are nowhere in it.
      const hiddenResults = await serverPage(`/results/${hidden.id}`, language);
      expect(hiddenResults.h1).toBe(shown(hidden.titleText, language));
      expect(hiddenResults.text).toContain(elections.results.notPublishedTitle);
      expect(hiddenResults.html).not.toContain('data-testid="total-votes"');
      // The counts are not in the hydration data either: no result rows at all.
      expect(hiddenResults.state).not.toContain('"rows"');

      const details = await serverPage(`/election/${hidden.id}`, language);
      expect(details.h1).toBe(shown(hidden.titleText, language));
      expect(details.text).toContain(elections.details.candidates);
      for (const candidate of hidden.candidates ?? []) expect(details.text).toContain(candidate.name);

      const verified = await serverPage('/verified-results', language);
      expect(verified.h1).toBe(elections.verified.title);
      expect(verified.text).toContain(plain(closed.titleText, language));
      expect(verified.text).toContain(closed.results?.rows[0]?.name);

      // A visitor's hub is the sign-in card (docs/product.md#elections-hub).
      const hub = await serverPage('/elections', language);
      expect(hub.h1).toBe(elections.hub.title);
      expect(hub.text).toContain(elections.hub.authRequired);
    });
  }

  it('name the poll or election shown in the title, description and link-preview tags', async () => {
    const { current, closedPoll, hidden } = await demoIds();
    for (const language of ['en', 'so'] as const) {
      const { polls, elections } = TEXTS[language];
      const poll = await serverPage('/polls/presidential', language);
      expect(poll.title).toBe(`${plain(current.poll.titleText, language)} – Codka`);
      expect(poll.meta('og:title')).toBe(poll.title);
      expect(poll.meta('description')).toBe(polls.current.metaDescription);
      expect(poll.meta('og:description')).toBe(polls.current.metaDescription);
      expect(poll.meta('og:locale')).toBe(language === 'en' ? 'en_GB' : 'so_SO');
      expect(poll.meta('og:image')).toMatch(/^https?:\/\/.+\.png$/);
      expect(poll.meta('twitter:card')).toBe('summary_large_image');

      const pollResults = await serverPage(`/polls/presidential/history/${closedPoll.poll.id}`, language);
      const resultsTitle = polls.view.resultsMetaTitle.replace(
        '{{title}}',
        plain(closedPoll.poll.titleText, language),
      );
      expect(pollResults.meta('og:title')).toBe(`${resultsTitle} – Codka`);
      expect(pollResults.meta('og:description')).toBe(polls.view.resultsMetaDescription);

      const hiddenTitle = plain(hidden.titleText, language);
      const results = await serverPage(`/results/${hidden.id}`, language);
      expect(results.meta('og:title')).toBe(
        `${elections.results.metaTitle.replace('{{title}}', hiddenTitle)} – Codka`,
      );
      expect(results.meta('og:description')).toBe(
        elections.results.metaDescription.replace('{{title}}', hiddenTitle),
      );
      const details = await serverPage(`/election/${hidden.id}`, language);
      expect(details.meta('og:title')).toBe(`${hiddenTitle} – Codka`);
      expect(details.meta('og:description')).toBe(
        elections.details.metaDescription.replace('{{title}}', hiddenTitle),
      );

      // An open poll's own page shares the poll to vote in, not "Results".
      const openPoll = await serverPage(`/polls/presidential/history/${current.poll.id}`, language);
      expect(openPoll.meta('og:title')).toBe(`${plain(current.poll.titleText, language)} – Codka`);
      expect(openPoll.meta('og:description')).toBe(polls.view.voteMetaDescription);
    }
  });
});

/** The /trpc procedures a page asked for after it loaded (batched calls name theirs joined by commas). */
function trackCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/trpc/')) calls.push(...url.pathname.slice('/trpc/'.length).split(','));
  });
  return calls;
}

/** Console warnings (React reports hydration trouble there too); console errors fail the test (suite.ts). */
function trackWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    // Playwright's own note when a test blocks the offline worker.
    if (message.type() === 'warning' && !message.text().includes('Service Worker registration blocked'))
      warnings.push(message.text());
  });
  return warnings;
}

/** Everything the main area showed, in order, from the first paint until now: a flash of a wrong state shows. */
async function recordMain(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenMain: string[] }).seenMain = seen;
    const note = () => {
      const text = document.querySelector('main')?.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    };
    // From the end of parsing (before any script runs): while the parser is still adding the server's HTML,
    // the observer would record half-parsed pages as states of their own.
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      note();
      new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true });
    });
  });
  return () => page.evaluate(() => (window as unknown as { seenMain: string[] }).seenMain);
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('.mantine-Skeleton-root[data-visible]').first().waitFor({ state: 'detached' });
}

describe('hydration', () => {
  for (const language of ['en', 'so'] as const) {
    it(`${language}: no error or warning, and a visitor's browser asks only for the session`, async () => {
      const { closedPoll, closed, hidden } = await demoIds();
      const paths = [
        '/polls/presidential',
        '/polls/history',
        '/polls/presidential/history',
        '/polls/presidential/history?tab=current',
        `/polls/presidential/history/${closedPoll.poll.id}`,
        `/results/${closedPoll.poll.id}`,
        `/results/${closed.id}`,
        `/results/${hidden.id}`,
        `/election/${hidden.id}`,
        '/verified-results',
        '/elections',
      ];
      const { page } = await openPage('phone', { language });
      const calls = trackCalls(page);
      const warnings = trackWarnings(page);
      for (const path of paths) {
        calls.length = 0;
        warnings.length = 0;
        await visit(page, path);
        await settle(page);
        expect(await page.locator('html').getAttribute('lang'), path).toBe(language);
        expect([...new Set(calls)], path).toEqual(['auth.session']);
        expect(warnings, path).toEqual([]);
      }
    });
  }
});

describe('a signed-in citizen', () => {
  it('gets the visitor’s HTML, with no one’s name, then their own state without a wrong one first', async () => {
    const { current, hidden } = await demoIds();
    const citizen = await createCitizen(origin(), { label: 'ssr', fullName: 'Ceebla Warsame Diiriye' });
    // The demo poll is for confirmed e-mail addresses.
    confirmEmail(databasePath(), citizen.email);
    const { page, context } = await openPage('phone');
    await signInThroughApi(page, citizen);
    const candidate = current.candidates[0];
    if (!candidate) throw new Error('the current poll has no candidates');
    const voted = await postProcedure(page, 'polls.vote', {
      pollId: current.poll.id,
      candidateId: candidate.id,
    });
    expect(voted).toBe(200);

    const cookie = (await context.cookies())
      .map(({ name, value }) => `${name}=${value}`)
      .filter((pair) => !pair.startsWith('lang='))
      .join('; ');
    for (const path of ['/polls/presidential', `/election/${hidden.id}`, '/elections', '/verified-results']) {
      const html = (await serverPage(path, 'en', cookie)).html;
      for (const name of [citizen.fullName, ...DEMO_NAMES]) expect(html, path).not.toContain(name);
      expect(html, path).not.toContain(enPolls.panel.thankYou);
    }

    const seen = await recordMain(page);
    await visit(page, '/polls/presidential');
    await page.getByText(enPolls.panel.thankYou).waitFor();
    await page.getByRole('heading', { name: /Results so far/ }).waitFor();
    const states = await seen();
    // The visitor's view (the candidates) until their answer, then theirs: never the ballot or "sign in".
    expect(states[0]).toContain(candidate.name);
    expect(states.some((text) => text.includes('Submit Vote'))).toBe(false);
    expect(states.some((text) => text.includes('Please sign in to vote'))).toBe(false);

    await visit(page, `/election/${hidden.id}`);
    await settle(page);
    // Their own standing (a new account is not on the voter roll), never the visitor's sign-in prompt.
    await page.locator('[data-eligibility-reason="notOnRoll"]').waitFor();
    const detailStates = await seen();
    expect(detailStates.some((text) => text.includes(enElections.states.signInTitle))).toBe(false);
  });
});
