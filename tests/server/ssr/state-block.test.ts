import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { address } from '../../helpers/hydration-data';
import { rawRequest } from '../../helpers/raw-http';
import { firstHeading, PUBLIC_ORIGIN, serverRenderingApps, stateBlock } from '../../helpers/ssr';

/**
 * What the reader puts in the address is written into the page in several places: React Router's hydration
 * data (script elements), og:url, the canonical link and, for some pages, the markup (a search box's value).
 * None of them may end an element, open a comment or add one: the page must parse, as a browser parses it, into
 * the same elements as the page for a harmless address.
 */
const openApp = serverRenderingApps();

/** The page as a browser's parser sees it (cheerio uses parse5, the HTML standard's algorithm). */
function parsed(html: string) {
  const $ = load(html);
  return {
    scripts: $('script')
      .toArray()
      .map(
        (script) =>
          `${$(script).attr('type') ?? ''} ${$(script).attr('id') ?? ''} ${$(script).attr('src') ?? ''}`,
      ),
    ogUrl: $('meta[property="og:url"]').attr('content'),
    canonical: $('link[rel="canonical"]').attr('href'),
    title: $('head > title').text(),
    bodyElements: $('body *').length,
    headElements: $('head > *').length,
  };
}

const HOSTILE = [
  '</script><script>alert(1)</script>',
  '<!--',
  '<!--<script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  '\u2028\u2029</SCRIPT>',
  '</script ><!-- x --!>',
];

describe('addresses written into a server-rendered page', () => {
  it.each(HOSTILE)('a search for %j changes no element of /senators', async (text) => {
    const { app } = await openApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const get = (target: string) => rawRequest(app.server, { method: 'GET', target });
    const plain = parsed((await get('/senators?search=plain')).body);
    // Sent as a browser sends it (encoded) and raw, as any HTTP client may (Node refuses spaces and non-ASCII).
    const raw = text.replace(/[ \u0080-\uffff]/g, encodeURIComponent);
    for (const url of [`/senators?search=${encodeURIComponent(text)}`, `/senators?search=${raw}`]) {
      const response = await get(url);
      expect(response.status).toBe(200);
      const page = parsed(response.body);
      expect(page.scripts).toEqual(plain.scripts);
      expect(page.headElements).toBe(plain.headElements);
      expect(page.title).toBe(plain.title);
      expect(stateBlock(response.body)).not.toMatch(/<\/?script|<!--/i);
      // The link-preview address and the canonical link carry the address as text, not markup (as a URL writes
      // it: what the query may not hold as it is, percent-encoded).
      expect(address(page.ogUrl)).toEqual(address(`${PUBLIC_ORIGIN}${url}`));
      expect(page.canonical).toBe(page.ogUrl);
      expect(response.body).not.toContain('<script>alert(1)');
      expect(response.body).not.toContain('<img src=x');
      expect(response.body).not.toContain('<svg onload');
      expect(firstHeading(response.body)).toBe('Somalia Senate');
    }
  });

  it.each([
    '/regions/%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    '/states/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    '/polls/presidential/history/%3C!--',
    '/no-such-page/%3C%2Fscript%3E%3C!--',
  ])('a path such as %s is text in the page, never markup', async (url) => {
    const { app } = await openApp();
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBeLessThan(500);
    const page = parsed(response.body);
    const senators = parsed((await app.inject({ method: 'GET', url: '/senators' })).body);
    expect(page.scripts).toEqual(senators.scripts);
    expect(stateBlock(response.body)).not.toMatch(/<\/?script|<!--/i);
    expect(address(page.ogUrl)).toEqual(address(`${PUBLIC_ORIGIN}${url}`));
    expect(response.body).not.toContain('<script>alert(1)');
  });

  it('answers an 8 KB query string quickly, with the page and the whole address in its head', async () => {
    const { app } = await openApp();
    await app.inject({ method: 'GET', url: '/senators' }); // the renderer's first load is not what is measured
    const url = `/senators?search=${'x'.repeat(4000)}&junk=${'%3C'.repeat(1400)}`;
    expect(url.length).toBeGreaterThan(8000);
    const startedAt = performance.now();
    const response = await app.inject({ method: 'GET', url });
    const elapsed = performance.now() - startedAt;
    expect(response.statusCode).toBe(200);
    expect(firstHeading(response.body)).toBe('Somalia Senate');
    expect(load(response.body)('link[rel="canonical"]').attr('href')).toBe(`${PUBLIC_ORIGIN}${url}`);
    // A plain render takes tens of milliseconds; the bound leaves room for a busy machine, not for a slow path.
    expect(elapsed).toBeLessThan(1500);
    // Nothing of it is repeated beyond the few places an address is written: canonical, og:url, the three
    // hreflang alternates and the hydration data.
    expect(response.body.length).toBeLessThan(
      (await app.inject({ method: 'GET', url: '/senators' })).body.length + 8 * url.length,
    );
  });
});
