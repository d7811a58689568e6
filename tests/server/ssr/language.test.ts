import { describe, expect, it } from 'vitest';
import { firstHeading, metaContent, serverRenderingApps } from '../../helpers/ssr';

/**
 * The server renders a page in the reader's language: their choice on the site (the `lang` cookie the language
 * switch writes) before what their browser asks for (Accept-Language's first tag), English otherwise.
 */
const openApp = serverRenderingApps();

const ENGLISH = 'Somalia Federal Elections';
const SOMALI = 'Doorashooyinka Federaalka Soomaaliya';

async function landing(headers: Record<string, string>) {
  const { app } = await openApp();
  const response = await app.inject({ method: 'GET', url: '/', headers });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('the language of a server-rendered page', () => {
  it.each([
    ['so', 'so'],
    ['so-SO', 'so'],
    ['so-SO,so;q=0.9,en;q=0.8', 'so'],
    ['en', 'en'],
    ['en-GB,so;q=0.9', 'en'],
    ['fr-FR,fr;q=0.9', 'en'],
    ['%%%;;,,q=junk', 'en'],
    ['', 'en'],
  ])('follows Accept-Language %j: %s', async (acceptLanguage, language) => {
    const html = await landing({ 'accept-language': acceptLanguage });
    expect(html).toContain(`<html lang="${language}" data-server-lang="">`);
    expect(firstHeading(html)).toBe(language === 'so' ? SOMALI : ENGLISH);
    expect(metaContent(html, 'og:locale')).toBe(language === 'so' ? 'so_SO' : 'en_GB');
  });

  it('follows the lang cookie before Accept-Language, both ways', async () => {
    const somali = await landing({ cookie: 'lang=so', 'accept-language': 'en-GB,en;q=0.9' });
    expect(somali).toContain('<html lang="so" data-server-lang="">');
    expect(firstHeading(somali)).toBe(SOMALI);

    const english = await landing({ cookie: 'theme=dark; lang=en', 'accept-language': 'so-SO' });
    expect(english).toContain('<html lang="en" data-server-lang="">');
    expect(firstHeading(english)).toBe(ENGLISH);
  });

  it('ignores a lang cookie that names no language of the site', async () => {
    const html = await landing({ cookie: 'lang=fr', 'accept-language': 'so' });
    expect(firstHeading(html)).toBe(SOMALI);
    const junk = await landing({ cookie: 'lang=%3Cscript%3E', 'accept-language': 'en' });
    expect(firstHeading(junk)).toBe(ENGLISH);
    expect(junk).toContain('<html lang="en" data-server-lang="">');
    // The cookie's value is nowhere in the page: no script of its own.
    expect(junk).not.toContain('%3Cscript');
    const plain = await landing({ 'accept-language': 'en' });
    expect(junk.match(/<script/g)?.length).toBe(plain.match(/<script/g)?.length);
  });

  it('tells shared caches that the same address answers per language', async () => {
    const { app } = await openApp();
    const response = await app.inject({ method: 'GET', url: '/senators', headers: { cookie: 'lang=so' } });
    expect(response.headers.vary).toContain('Cookie');
    expect(response.headers.vary).toContain('Accept-Language');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('sets the language on the shell of a page the browser renders, too', async () => {
    const { app } = await openApp();
    const response = await app.inject({ method: 'GET', url: '/account', headers: { cookie: 'lang=so' } });
    expect(response.body).toContain('<html lang="so" data-server-lang="">');
  });
});
