import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { siteSettings } from '@server/db/schema';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app';
import { renders, serverRenderingApps } from '../../helpers/ssr';

/**
 * A cached page is assembled into index.html and compressed once, then sent as it is to every reader of its
 * language and address (server/http/static.ts): each encoding is the same page, and a change of the site's
 * default theme (which index.html carries) reaches the next reader even while the page is cached.
 */
const openApp = serverRenderingApps();

const get = (test: TestApp, url: string, encoding?: string) =>
  test.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('a cached page', () => {
  it('is the same page in every encoding, and the same bytes for every reader of one encoding', async () => {
    const test = await openApp();
    const plain = await get(test, '/senators');
    const br = await get(test, '/senators', 'gzip, br');
    const brAgain = await get(test, '/senators', 'br');
    const gzip = await get(test, '/senators', 'gzip');
    expect(renders.asked).toEqual(['en /senators']);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(brAgain.rawPayload.equals(br.rawPayload)).toBe(true);
  });

  it('carries the site’s default theme as it is now, even from a copy made before it changed', async () => {
    const test = await openApp();
    const before = await get(test, '/regions');
    expect(before.body).toContain('<meta name="codka-default-theme" content="system" />');
    // Written straight into the database: no write through the server, so the page stays cached.
    test.db
      .insert(siteSettings)
      .values({ id: 1, defaultTheme: 'dark', updatedAt: new Date() })
      .onConflictDoUpdate({ target: siteSettings.id, set: { defaultTheme: 'dark' } })
      .run();
    const after = await get(test, '/regions');
    expect(renders.asked).toEqual(['en /regions']);
    expect(after.body).toContain('<meta name="codka-default-theme" content="dark" />');
    expect(after.body.replace('content="dark"', 'content="system"')).toBe(before.body);
  });
});
