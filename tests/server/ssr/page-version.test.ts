import { describe, expect, it } from 'vitest';
import { serverRenderingApps } from '../../helpers/ssr';

/**
 * Pages are sent with `no-cache` and an ETag of the copy (server/http/page-copy.ts): a browser, or the offline
 * worker keeping the page a first visit showed, that already holds the copy gets a 304 instead of the page.
 */
const openApp = serverRenderingApps();

describe("a page's version", () => {
  it('answers 304, with no body, to a reader who holds the same copy', async () => {
    const { app } = await openApp();
    const first = await app.inject({
      method: 'GET',
      url: '/senators',
      headers: { 'accept-encoding': 'gzip' },
    });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await app.inject({
      method: 'GET',
      url: '/senators',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('no-cache');
    // The browser keeps the page with the 304's headers: the page's own policy, or its inline scripts are refused.
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(String(again.headers.vary)).toContain('Accept-Language');
  });

  it('is another for another copy: the other language, or a copy the reader does not hold', async () => {
    const { app } = await openApp();
    const english = await app.inject({ method: 'GET', url: '/senators' });
    const somali = await app.inject({
      method: 'GET',
      url: '/senators',
      headers: { 'accept-language': 'so' },
    });
    expect(somali.headers.etag).not.toBe(english.headers.etag);
    const crossed = await app.inject({
      method: 'GET',
      url: '/senators',
      headers: { 'accept-language': 'so', 'if-none-match': String(english.headers.etag) },
    });
    expect(crossed.statusCode).toBe(200);
    expect(crossed.body).toBe(somali.body);
  });

  it('never answers 304 for a page that is not there', async () => {
    const { app } = await openApp();
    const missing = await app.inject({ method: 'GET', url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    const again = await app.inject({
      method: 'GET',
      url: '/no-such-page',
      headers: { 'if-none-match': String(missing.headers.etag) },
    });
    expect(again.statusCode).toBe(404);
    expect(again.body).toBe(missing.body);
  });
});
