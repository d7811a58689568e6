import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { serverRenderingApps, siteDir } from '../../helpers/ssr';

/**
 * What a page's first paint waits for: its HTML and the stylesheets in its head, nothing else. The page's code
 * comes at low priority (server/http/page-copy.ts), and every style the server's HTML needs is in
 * the head, also for the parts whose code comes later (React.lazy): a part painted unstyled would move the page
 * when its code and styles arrive (layout shift).
 */
const openApp = serverRenderingApps();
const PAGES = ['/', '/parliament-members', '/senators', '/polls/presidential', '/regions', '/auth'];

// A CSS module's class as the build names it (vite.config.ts keeps Vite's default): _name_hash_line.
const MODULE_CLASS = /^_[A-Za-z][\w-]*_[a-z0-9]{5}_\d+$/;

describe('the first paint of a server-rendered page', () => {
  it.each(PAGES)('%s: its modules and their preloads come at low priority', async (url) => {
    const { app } = await openApp();
    const $ = load((await app.inject({ method: 'GET', url })).body);
    const preloads = $('link[rel="modulepreload"]');
    expect(preloads.length).toBeGreaterThan(0);
    expect(preloads.filter((_index, link) => $(link).attr('fetchpriority') !== 'low').length).toBe(0);
    const modules = $('script[type="module"]');
    expect(modules.length).toBeGreaterThan(0);
    expect(modules.filter((_index, script) => $(script).attr('fetchpriority') !== 'low').length).toBe(0);
  });

  it.each(PAGES)('%s: every style its HTML uses is in a stylesheet of its head', async (url) => {
    const { app } = await openApp();
    const $ = load((await app.inject({ method: 'GET', url })).body);
    const styles = $('head link[rel="stylesheet"]')
      .map((_index, link) => $(link).attr('href') ?? '')
      .get()
      .map((href) => readFileSync(join(siteDir(), 'client', href.split(/[?#]/)[0] ?? ''), 'utf8'))
      .join('\n');
    const used = new Set(
      $('body [class]')
        .map((_index, element) => ($(element).attr('class') ?? '').split(/\s+/))
        .get()
        .filter((name) => MODULE_CLASS.test(name)),
    );
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((name) => !styles.includes(`.${name}`))).toEqual([]);
  });
});
