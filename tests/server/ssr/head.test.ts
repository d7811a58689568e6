import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { createElection } from '../../helpers/election-factories';
import { PUBLIC_ORIGIN, serverRenderingApps } from '../../helpers/ssr';

/**
 * A link shared on WhatsApp, Facebook or X shows the page's title, description and image: they read Open Graph
 * tags from the HTML (no JavaScript), with absolute addresses on the site's public origin.
 */
const openApp = serverRenderingApps();

const MEASURED = ['/', '/parliament-members', '/senators', '/polls/presidential', '/regions'];

function head(html: string) {
  const $ = load(html);
  const meta = (key: string) => $(`meta[property="${key}"], meta[name="${key}"]`).attr('content');
  return {
    title: $('head > title').text(),
    description: meta('description'),
    ogTitle: meta('og:title'),
    ogDescription: meta('og:description'),
    ogUrl: meta('og:url'),
    ogImage: meta('og:image'),
    ogType: meta('og:type'),
    ogLocale: meta('og:locale'),
    twitterCard: meta('twitter:card'),
    canonical: $('link[rel="canonical"]').attr('href'),
    titles: $('head > title').length,
    descriptions: $('meta[name="description"]').length,
  };
}

describe('link-preview tags of server-rendered pages', () => {
  it.each(MEASURED)('%s carries its title, description and image, absolute on PUBLIC_ORIGIN', async (url) => {
    const { app } = await openApp();
    for (const language of ['en', 'so'] as const) {
      const response = await app.inject({ method: 'GET', url, headers: { cookie: `lang=${language}` } });
      const tags = head(response.body);
      expect(tags.titles).toBe(1);
      expect(tags.descriptions).toBe(1);
      expect(tags.title).toMatch(/Codka/);
      expect(tags.ogTitle).toBe(tags.title);
      expect(tags.description).toBeTruthy();
      expect(tags.ogDescription).toBe(tags.description);
      expect(tags.ogUrl).toBe(`${PUBLIC_ORIGIN}${url}`);
      expect(tags.canonical).toBe(`${PUBLIC_ORIGIN}${url}`);
      expect(tags.ogImage).toBe(`${PUBLIC_ORIGIN}/og-image.png`);
      expect(tags.ogType).toBe('website');
      expect(tags.ogLocale).toBe(language === 'so' ? 'so_SO' : 'en_GB');
      expect(tags.twitterCard).toBe('summary_large_image');
    }
  });

  it('gives each measured page a title and description of its own, in each language', async () => {
    const { app } = await openApp();
    for (const language of ['en', 'so']) {
      // Readers at addresses of their own: one address asking for many new pages at once is held to its share.
      const pages = await Promise.all(
        MEASURED.map(async (url, index) => {
          const headers = { cookie: `lang=${language}` };
          const remoteAddress = `10.1.${index}.1`;
          return head((await app.inject({ method: 'GET', url, headers, remoteAddress })).body);
        }),
      );
      expect(new Set(pages.map((page) => page.title)).size).toBe(MEASURED.length);
      expect(new Set(pages.map((page) => page.description)).size).toBe(MEASURED.length);
    }
    const english = head((await app.inject({ method: 'GET', url: '/senators' })).body);
    const somali = head(
      (await app.inject({ method: 'GET', url: '/senators', headers: { cookie: 'lang=so' } })).body,
    );
    expect(somali.title).not.toBe(english.title);
    expect(somali.description).not.toBe(english.description);
  });

  it('keeps the staff pages the browser renders on the site’s own title and description', async () => {
    const { app } = await openApp();
    const response = await app.inject({ method: 'GET', url: '/staff/enroll' });
    const tags = head(response.body);
    expect(tags.title).toBe('Codka – Somalia Federal Elections');
    expect(tags.ogTitle).toBe(tags.title);
    expect(tags.description).toBeTruthy();
    expect(tags.titles).toBe(1);
  });

  it('writes a title holding markup, quotes and ampersands as text', async () => {
    const { app, db } = await openApp();
    const title = 'Doorashada "Golaha" & </title><script>alert(1)</script><!--';
    const { election } = createElection(db, { title });
    const response = await app.inject({ method: 'GET', url: `/election/${election.id}` });
    expect(response.statusCode).toBeLessThan(500);
    const $ = load(response.body);
    const plain = createElection(db, { title: 'Plain Election' }).election;
    const plainPage = load((await app.inject({ method: 'GET', url: `/election/${plain.id}` })).body);
    expect($('script').length).toBe(plainPage('script').length);
    expect(response.body).not.toContain('<script>alert(1)');
    expect($('head > title').length).toBe(1);
    expect($('head > title').text()).toContain(title);
    expect($('meta[property="og:title"]').attr('content')).toContain(title);
  });
});
