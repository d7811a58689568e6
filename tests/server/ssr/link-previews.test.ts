import enAccount from '@client/i18n/locales/en/account.json';
import enAuth from '@client/i18n/locales/en/auth.json';
import enCommon from '@client/i18n/locales/en/common.json';
import enElections from '@client/i18n/locales/en/elections.json';
import soAccount from '@client/i18n/locales/so/account.json';
import soAuth from '@client/i18n/locales/so/auth.json';
import soCommon from '@client/i18n/locales/so/common.json';
import soElections from '@client/i18n/locales/so/elections.json';
import * as schema from '@server/db/schema';
import { load } from 'cheerio';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createElection } from '../../helpers/election-factories';
import { PUBLIC_ORIGIN, serverRenderingApps } from '../../helpers/ssr';

/**
 * A link to a page the browser renders (a vote, a receipt check, sign-in, the account) shows a preview of its own
 * when shared, and a link that names Somali (`?lang=so`) previews in Somali: WhatsApp, Facebook and X fetch it
 * without the reader's cookie, in English.
 */
const openApp = serverRenderingApps();

type Language = 'en' | 'so';

function head(html: string) {
  const $ = load(html);
  const meta = (key: string) => $(`meta[property="${key}"], meta[name="${key}"]`).attr('content');
  const alternate = (language: string) => $(`link[rel="alternate"][hreflang="${language}"]`).attr('href');
  return {
    lang: $('html').attr('lang'),
    title: $('head > title').text(),
    titles: $('head > title').length,
    description: meta('description'),
    ogTitle: meta('og:title'),
    ogDescription: meta('og:description'),
    ogUrl: meta('og:url'),
    ogLocale: meta('og:locale'),
    ogLocaleAlternate: meta('og:locale:alternate'),
    twitterCard: meta('twitter:card'),
    canonical: $('link[rel="canonical"]').attr('href'),
    alternates: { en: alternate('en'), so: alternate('so'), default: alternate('x-default') },
  };
}

const TEXTS = {
  en: { account: enAccount, auth: enAuth, elections: enElections },
  so: { account: soAccount, auth: soAuth, elections: soElections },
};

/** Each page's own words, as its own render gives them to usePageMeta. */
const PAGES: Record<string, (language: Language) => { title: string; description: string }> = {
  '/verify': (language) => ({
    title: TEXTS[language].elections.verify.title,
    description: TEXTS[language].elections.verify.metaDescription,
  }),
  '/auth': (language) => TEXTS[language].auth.meta,
  '/account': (language) => TEXTS[language].account.meta,
};

async function page(url: string, headers: Record<string, string> = {}) {
  const { app } = await openApp();
  const response = await app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, url).toBe(200);
  return head(response.body);
}

describe('link previews of the pages the browser renders', () => {
  it.each(Object.keys(PAGES))(
    '%s has its own title, description and preview tags in each language',
    async (url) => {
      for (const language of ['en', 'so'] as const) {
        const tags = await page(url, { cookie: `lang=${language}` });
        const own = PAGES[url]?.(language);
        expect(tags.titles).toBe(1);
        expect(tags.title).toBe(`${own?.title} – Codka`);
        expect(tags.description).toBe(own?.description);
        expect(tags.ogTitle).toBe(tags.title);
        expect(tags.ogDescription).toBe(tags.description);
        expect(tags.ogUrl).toBe(`${PUBLIC_ORIGIN}${url}`);
        expect(tags.canonical).toBe(`${PUBLIC_ORIGIN}${url}`);
        expect(tags.ogLocale).toBe(language === 'so' ? 'so_SO' : 'en_GB');
        expect(tags.twitterCard).toBe('summary_large_image');
      }
    },
  );

  it('names the election on its vote page, in the reader’s language, and says “Vote” for any other id', async () => {
    const { app, db } = await openApp();
    const { election } = createElection(db, { title: 'Banadir Council Election' });
    db.update(schema.elections)
      .set({ titleSo: 'Doorashada Golaha Banaadir' })
      .where(eq(schema.elections.id, election.id))
      .run();
    const read = async (url: string, language: Language) => {
      const response = await app.inject({ method: 'GET', url, headers: { cookie: `lang=${language}` } });
      expect(response.statusCode, url).toBe(200);
      return head(response.body);
    };

    const english = await read(`/vote/${election.id}`, 'en');
    expect(english.title).toBe('Vote: Banadir Council Election – Codka');
    expect(english.description).toBe('Cast your vote in Banadir Council Election.');
    const somali = await read(`/vote/${election.id}`, 'so');
    expect(somali.title).toBe('Codee: Doorashada Golaha Banaadir – Codka');
    expect(somali.description).toBe('Ka dhiibo codkaaga Doorashada Golaha Banaadir.');
    expect(somali.ogTitle).toBe(somali.title);

    // A draft is nobody's to see, an unknown id names nothing, a malformed one is refused: the plain words.
    const { election: draft } = createElection(db, { title: 'Secret Draft', status: 'Draft' });
    for (const id of [draft.id, crypto.randomUUID(), 'not-an-id', 'x'.repeat(300)]) {
      const plain = await read(`/vote/${id}`, 'en');
      expect(plain.title, id).toBe(`${enElections.vote.pageTitle} – Codka`);
      expect(plain.description, id).toBe(enElections.vote.metaDescriptionAny);
      expect(plain.title).not.toContain('Secret');
    }
    const plainSomali = await read(`/vote/${crypto.randomUUID()}`, 'so');
    expect(plainSomali.title).toBe(`${soElections.vote.pageTitle} – Codka`);
    expect(plainSomali.description).toBe(soElections.vote.metaDescriptionAny);
  });
});

describe('the site’s own words, for a page that gives none', () => {
  it('are in the page’s language', async () => {
    for (const [language, common] of [
      ['en', enCommon],
      ['so', soCommon],
    ] as const) {
      const tags = await page('/staff/enroll', { cookie: `lang=${language}` });
      expect(tags.title).toBe(`Codka – ${common.site.tagline}`);
      expect(tags.description).toBe(common.site.description);
      expect(tags.ogDescription).toBe(common.site.description);
    }
  });
});

describe('a link that names its language', () => {
  it('previews in Somali for a crawler that sends no cookie and asks for English', async () => {
    for (const url of ['/verify?lang=so', '/senators?lang=so']) {
      const tags = await page(url, { 'accept-language': 'en-US,en;q=0.9' });
      expect(tags.lang, url).toBe('so');
      expect(tags.ogLocale, url).toBe('so_SO');
      expect(tags.ogLocaleAlternate, url).toBe('en_GB');
      expect(tags.ogUrl, url).toBe(`${PUBLIC_ORIGIN}${url}`);
    }
    const verify = await page('/verify?lang=so', { 'accept-language': 'en' });
    expect(verify.title).toBe(`${soElections.verify.title} – Codka`);
    expect(verify.description).toBe(soElections.verify.metaDescription);
    const english = await page('/verify', { 'accept-language': 'en' });
    expect(english.title).toBe(`${enElections.verify.title} – Codka`);
  });

  it('wins over the reader’s cookie both ways, and ignores a language the site does not have', async () => {
    const english = await page('/auth?lang=en', { cookie: 'lang=so' });
    expect(english.lang).toBe('en');
    expect(english.title).toBe(`${enAuth.meta.title} – Codka`);
    const somali = await page('/auth?lang=so', { cookie: 'lang=en' });
    expect(somali.title).toBe(`${soAuth.meta.title} – Codka`);
    const unknown = await page('/auth?lang=fr', { cookie: 'lang=so' });
    expect(unknown.lang).toBe('so');
  });

  it('lists the page in each language and the address that follows the reader’s choice (hreflang)', async () => {
    for (const [url, bare] of [
      ['/senators', '/senators'],
      ['/senators?lang=so', '/senators'],
      ['/parliament-members?region=Puntland&lang=en', '/parliament-members?region=Puntland'],
      ['/auth?lang=so', '/auth'],
    ] as const) {
      const tags = await page(url);
      const joiner = bare.includes('?') ? '&' : '?';
      expect(tags.alternates, url).toEqual({
        en: `${PUBLIC_ORIGIN}${bare}${joiner}lang=en`,
        so: `${PUBLIC_ORIGIN}${bare}${joiner}lang=so`,
        default: `${PUBLIC_ORIGIN}${bare}`,
      });
    }
  });
});
