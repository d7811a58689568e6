import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { serverRenderingApps } from '../../helpers/ssr';

/**
 * React's server renderer writes every part of a page in place before the first byte, however large: a part
 * written after the rest would come with an inline script to move it (React's `$RC`), which a cached copy's CSP
 * (the hashes of the scripts it holds) would not know. The only inline scripts are React Router's.
 */
const openApp = serverRenderingApps();

describe('a server-rendered page', () => {
  it.each(['/', '/parliament-members', '/senators', '/regions', '/polls/presidential', '/open-data'])(
    '%s holds every part in place and no inline script but React Router’s',
    async (url) => {
      const test = await openApp();
      const answer = await test.app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(200);
      const $ = load(answer.body);
      const inline = $('script:not([src])')
        .toArray()
        .map((script) => $(script).text());
      expect(inline.length).toBeGreaterThan(0);
      // React Router's context, its hydration data and the start of its code; nothing of React's.
      for (const script of inline) {
        expect(script).toMatch(/__reactRouter|import\(|storageKey/);
        expect(script).not.toMatch(/\$RC|\$RS|\$RX/);
      }
      // No part left for later: React marks one it has not written yet with `<!--$?-->` and a template.
      expect(answer.body).not.toContain('<!--$?-->');
      expect($('body template').length).toBe(0);
      expect($('body [hidden][id^="S:"]').length).toBe(0);
    },
  );
});
