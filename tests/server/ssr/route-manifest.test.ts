import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { serverRenderingApps } from '../../helpers/ssr';

/**
 * React Router's manifest of the routes a page links to (`/__manifest`), which the browser asks for as links
 * come into view: the same for every reader, compressed like a page, never cached (a release changes it).
 */
const openApp = serverRenderingApps();

const releaseVersion = (html: string) => /"version": *"([^"]+)"/.exec(html)?.[1];

describe('the route manifest', () => {
  it('answers the routes asked for, compressed for a browser that accepts it', async () => {
    const { app } = await openApp();
    const version = releaseVersion((await app.inject({ method: 'GET', url: '/' })).body);
    expect(version).toBeTruthy();
    const url = `/__manifest?paths=${encodeURIComponent('/,/about,/elections,/senators')}&version=${version}`;
    const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(String(response.headers.vary)).toContain('Accept-Encoding');
    const manifest = JSON.parse(gunzipSync(response.rawPayload).toString('utf8'));
    expect(Object.keys(manifest)).toEqual(
      expect.arrayContaining(['pages/content/about.page', 'pages/directory/senators.page']),
    );
    expect(response.rawPayload.length).toBeLessThan(JSON.stringify(manifest).length / 3);
    const plain = await app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body)).toEqual(manifest);
  });

  it("answers an old release's version with no routes, so the browser loads the page afresh", async () => {
    const { app } = await openApp();
    const response = await app.inject({ method: 'GET', url: '/__manifest?paths=%2Fabout&version=0ld' });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });
});
