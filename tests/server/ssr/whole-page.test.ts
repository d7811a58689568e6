import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { serverRenderingApps } from '../../helpers/ssr';

/**
 * React's server renderer writes every part of a page in place before the first byte, however large: a part
 * written after the rest would come with an inline script to move it (React's `$RC`), which the site's CSP
 * (`script-src 'self'`) blocks, so that part would never show. The only inline script element is the data block.
 */
const openApp = serverRenderingApps();

describe('a server-rendered page', () => {
  it.each(['/', '/parliament-members', '/senators', '/regions', '/polls/presidential', '/open-data'])(
    '%s holds every part in place and no script but its files and the data block',
    async (url) => {
      const test = await openApp();
      const answer = await test.app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(200);
      const $ = load(answer.body);
      const inline = $('script:not([src])')
        .toArray()
        .filter((script) => $(script).attr('type') !== 'application/json')
        .map((script) => $(script).text().slice(0, 80));
      expect(inline).toEqual([]);
      // No part left for later: React marks one it has not written yet with `<!--$?-->` and a template.
      expect(answer.body).not.toContain('<!--$?-->');
      expect($('#root template').length).toBe(0);
      expect($('#root [hidden][id^="S:"]').length).toBe(0);
    },
  );
});
