import type { Db } from '@server/db/client';
import { describe, expect, it } from 'vitest';
import { createElection } from '../../helpers/election-factories';
import { createPoll } from '../../helpers/poll-factories';
import { renders, rootMarkup, serverRenderingApps, stateBlock } from '../../helpers/ssr';

/**
 * A page whose route exists but whose address names nothing (an unknown or unpublished id) answers 404 with the
 * page's own "not found" sentence in the reader's language: the page decides from its own data (its `notFound`,
 * lib/page-route.ts), the server keeps no list of routes.
 */
const openApp = serverRenderingApps();

/** What a reader sees of the page: #root's text, without styles and tags. */
function visibleText(html: string): string {
  return rootMarkup(html)
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const STATE = {
  en: 'There is no state profile called nowhere . The eight profiles are listed on the federal states page.',
  so: 'Ma jirto faahfaahin dowlad goboleed oo la yiraahdo nowhere . Siddeedda faahfaahin waxay ku qoran yihiin bogga Dowlad Goboleedyada.',
};
const REGION = {
  en: 'There is no page called nowhere . The eight pages are listed on the Regional Coverage page.',
  so: 'Ma jiro bog la yiraahdo nowhere . Siddeedda bog waxay ku qoran yihiin bogga Gobollada.',
};
/** The site's own 404 (a member or senator page that names nobody says nothing of its own). */
const SITE = {
  en: 'It may have moved, or the link may be mistyped.',
  so: 'Waxaa laga yaabaa in la raray, ama xiriiriyaha si khaldan ayaa loo qoray.',
};
const ELECTION = {
  en: 'This election does not exist or has not been published. It may have been removed.',
  so: 'Doorashadani ma jirto ama weli lama daabicin. Waxaa laga yaabaa in la tirtiray.',
};
const POLL = {
  en: 'This poll does not exist or is not published yet.',
  so: "Ra'yi ururintani ma jirto ama weli lama daabicin.",
};

/** Each kind of address that names nothing, and the sentence its page says. */
const MISSING: [string, (db: Db) => string, Record<'en' | 'so', string>][] = [
  ['an unknown state', () => '/states/nowhere', STATE],
  ['an unknown region', () => '/regions/nowhere', REGION],
  ['a seat nobody holds', () => '/parliament-members/HOP999', SITE],
  ['an address that is no seat', () => '/parliament-members/speaker', SITE],
  ['an unknown senator', () => `/senators/${UNKNOWN_ID}`, SITE],
  ['a malformed senator id', () => '/senators/chairman', SITE],
  ['an unknown election', () => `/election/${UNKNOWN_ID}`, ELECTION],
  ['a malformed election id', () => '/election/not-an-id', ELECTION],
  ['a draft election', (db) => `/election/${createElection(db, { status: 'Draft' }).election.id}`, ELECTION],
  ['the results of an unknown id', () => `/results/${UNKNOWN_ID}`, ELECTION],
  ['the results of a malformed id', () => '/results/999', ELECTION],
  [
    'the results of a draft',
    (db) => `/results/${createElection(db, { status: 'Draft' }).election.id}`,
    ELECTION,
  ],
  ['an unknown poll', () => `/polls/presidential/history/${UNKNOWN_ID}`, POLL],
  ['a malformed poll id', () => '/polls/presidential/history/abc', POLL],
  [
    'a draft poll',
    (db) => `/polls/presidential/history/${createPoll(db, { status: 'draft' }).poll.id}`,
    POLL,
  ],
];

describe('pages whose address names nothing', () => {
  it.each(MISSING)(
    'answer %s with 404 and the page’s own sentence, in both languages',
    async (_, make, says) => {
      const { app, db } = await openApp();
      const url = make(db);
      for (const language of ['en', 'so'] as const) {
        const response = await app.inject({ method: 'GET', url, headers: { cookie: `lang=${language}` } });
        expect(response.statusCode, `${language} ${url}`).toBe(404);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(visibleText(response.body)).toContain(says[language]);
        // Still a server-rendered page the browser hydrates.
        expect(stateBlock(response.body)).not.toBeNull();
      }
    },
  );

  it.each([
    ['a state', () => '/states/puntland', 'Puntland'],
    ['a region', () => '/regions/banadir', 'Banadir'],
    [
      'an election',
      (db: Db) => `/election/${createElection(db, { title: 'Found Here' }).election.id}`,
      'Found Here',
    ],
    [
      'the results of an election',
      (db: Db) => `/results/${createElection(db, { title: 'Counted Here' }).election.id}`,
      'Counted Here',
    ],
    [
      'a poll',
      (db: Db) => `/polls/presidential/history/${createPoll(db, { title: 'Polled Here' }).poll.id}`,
      'Polled Here',
    ],
  ])('still answer %s that exists with 200', async (_, make, shown) => {
    const { app, db } = await openApp();
    const response = await app.inject({ method: 'GET', url: make(db) });
    expect(response.statusCode).toBe(200);
    expect(visibleText(response.body)).toContain(shown);
    expect(visibleText(response.body)).not.toMatch(/Not Found/i);
  });

  it('stay 404 when the page cache answers', async () => {
    const { app } = await openApp();
    const url = `/election/${UNKNOWN_ID}`;
    const first = await app.inject({ method: 'GET', url });
    const second = await app.inject({ method: 'GET', url });
    expect(renders.asked).toEqual([`en ${url}`]);
    expect(second.statusCode).toBe(404);
    expect(second.body).toBe(first.body);
  });

  it('answer HEAD with the same status and headers, without the body', async () => {
    const { app } = await openApp();
    for (const url of ['/regions/nowhere', `/election/${UNKNOWN_ID}`, '/regions/banadir']) {
      const headers = { 'accept-encoding': 'gzip' };
      const get = await app.inject({ method: 'GET', url, headers });
      const head = await app.inject({ method: 'HEAD', url, headers });
      expect(head.statusCode, url).toBe(get.statusCode);
      expect(head.body, url).toBe('');
      for (const name of ['content-type', 'content-encoding', 'cache-control', 'vary']) {
        expect(head.headers[name], `${url} ${name}`).toBe(get.headers[name]);
      }
    }
  });
});
