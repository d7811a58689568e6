import { describe, expect, it } from 'vitest';
import { sameOrigin } from '../../helpers/app';
import { firstHeading, renders, rootMarkup, serverRenderingApps, stateBlock } from '../../helpers/ssr';

/** What the server answers for each kind of address: a page it renders, one the browser renders, none. */
const openApp = serverRenderingApps();

/** Pages about the signed-in reader, forms, and the consoles: the frame with a loader, the browser renders them. */
const BROWSER_PAGES = [
  '/account',
  '/auth',
  '/auth?tab=signup',
  '/vote/1',
  '/verify',
  '/trustee',
  '/verify-email?token=abc',
  '/forgot-password',
  '/reset-password?token=abc',
  '/admin',
  '/admin/login',
  '/admin/elections',
  '/staff',
  '/staff/enroll',
];

describe('status codes of pages', () => {
  it.each([
    ['/no-such-page', 'Page Not Found'],
    ['/senators/extra/parts', 'Page Not Found'],
    ['/assets/missing-chunk.js', 'Page Not Found'],
  ])('answers %s with 404 and the not-found page, rendered', async (url, heading) => {
    const { app } = await openApp();
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(firstHeading(response.body)).toBe(heading);
    expect(response.body).toContain('<title>Page Not Found – Codka</title>');
    expect(stateBlock(response.body)).not.toBeNull();
  });

  it('answers the not-found page in Somali too', async () => {
    const { app } = await openApp();
    const response = await app.inject({
      method: 'GET',
      url: '/no-such-page',
      headers: { cookie: 'lang=so' },
    });
    expect(response.statusCode).toBe(404);
    expect(firstHeading(response.body)).toBe('Bogga Lama Helin');
  });

  it.each(BROWSER_PAGES)('answers %s with a loader in place of the page (200), no heading', async (url) => {
    const { app } = await openApp();
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    // The page's place holds the loader (its HydrateFallback); the browser renders the page.
    expect(firstHeading(response.body)).toBeNull();
    expect(rootMarkup(response.body)).toMatch(/mantine-Loader-root/);
    expect(stateBlock(response.body)).not.toBeNull();
    // The route table decides, not a list kept on the server.
    expect(renders.asked).toEqual([`en ${url}`]);
  });

  it('answers HEAD like GET, without the body', async () => {
    const { app } = await openApp();
    const get = await app.inject({ method: 'GET', url: '/senators' });
    const head = await app.inject({ method: 'HEAD', url: '/senators' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.headers['cache-control']).toBe(get.headers['cache-control']);
    const missing = await app.inject({ method: 'HEAD', url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe('');
  });

  it('answers the API’s unknown addresses with JSON, never a page', async () => {
    const { app } = await openApp();
    for (const url of ['/trpc/no.such.procedure', '/api/nothing', '/uploads/none.webp', '/healthz/x']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/json');
    }
    expect(renders.asked).toEqual([]);
  });

  it('refuses other methods on a page without rendering it', async () => {
    const { app } = await openApp();
    const response = await app.inject({ method: 'POST', url: '/senators', headers: sameOrigin, payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(renders.asked).toEqual([]);
  });
});
