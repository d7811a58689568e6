import { createHash } from 'node:crypto';
import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { renders, serverRenderingApps } from '../../helpers/ssr';

/**
 * A page's CSP lets the browser run the page's own inline scripts (React Router's context, route manifest and
 * hydration start) by their sha256, and no other inline script: never 'unsafe-inline', no nonce a cached copy
 * would share among readers. Worked out once per cached copy.
 */
const openApp = serverRenderingApps();

const scriptSources = (csp: string) =>
  csp
    .split(';')
    .find((directive) => directive.startsWith('script-src '))
    ?.split(' ')
    .slice(1) ?? [];

const inlineScripts = (html: string) => {
  const $ = load(html);
  return $('script:not([src])')
    .map((_index, element) => $(element).text())
    .get();
};

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('the CSP of a server-rendered page', () => {
  it.each(['/', '/senators', '/auth', '/no-such-page'])(
    '%s allows each of its inline scripts by hash, and nothing inline beyond them',
    async (url) => {
      const { app } = await openApp();
      const response = await app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      const sources = scriptSources(csp);
      expect(sources[0]).toBe("'self'");
      expect(csp).not.toContain("'unsafe-inline' 'sha256");
      expect(sources).not.toContain("'unsafe-inline'");
      expect(sources).not.toContain("'unsafe-eval'");
      expect(sources.some((source) => source.startsWith("'nonce-"))).toBe(false);
      const scripts = inlineScripts(response.body);
      expect(scripts.length).toBeGreaterThan(0);
      expect(sources.slice(1).sort()).toEqual([...new Set(scripts.map(sha256))].sort());
      // No script in attributes, which no hash could allow: handlers and javascript: addresses.
      const $ = load(response.body);
      const attributes = $('*')
        .get()
        .flatMap((element) => Object.entries($(element).attr() ?? {}));
      expect(attributes.filter(([name]) => /^on[a-z]+$/i.test(name))).toEqual([]);
      expect(attributes.filter(([, value]) => /^\s*javascript:/i.test(value))).toEqual([]);
      // The rest of the site's policy is the same as every other answer's.
      const other = await app.inject({ method: 'GET', url: '/healthz' });
      const rest = (policy: string) =>
        policy.split(';').filter((directive) => !directive.startsWith('script-src'));
      expect(rest(csp)).toEqual(rest(String(other.headers['content-security-policy'])));
      expect(scriptSources(String(other.headers['content-security-policy']))).toEqual(["'self'"]);
    },
  );

  it('is worked out once per copy: a cached page keeps its header', async () => {
    const { app } = await openApp();
    const first = await app.inject({ method: 'GET', url: '/regions' });
    const again = await app.inject({ method: 'GET', url: '/regions' });
    expect(renders.asked).toEqual(['en /regions']);
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  });
});
