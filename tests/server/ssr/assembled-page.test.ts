import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { siteSettings } from '@server/db/schema';
import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app';
import { renders, serverRenderingApps } from '../../helpers/ssr';

/**
 * A cached page is compressed once, then sent as it is to every reader of its language and address
 * (server/http/static.ts): each encoding is the same page, with the same CSP; and it carries the site's
 * default theme as it was when it was rendered (a change of the setting is a write, which empties the cache).
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
    expect(
      new Set([plain, br, brAgain, gzip].map((page) => page.headers['content-security-policy'])).size,
    ).toBe(1);
  });

  it('carries the site’s default theme, in the head where the theme script reads it', async () => {
    const test = await openApp();
    test.db
      .insert(siteSettings)
      .values({ id: 1, defaultTheme: 'dark', updatedAt: new Date() })
      .onConflictDoUpdate({ target: siteSettings.id, set: { defaultTheme: 'dark' } })
      .run();
    const page = await get(test, '/regions');
    expect(load(page.body)('head meta[name="codka-default-theme"]').attr('content')).toBe('dark');
  });
});
