import { createHash } from 'node:crypto';
import { createServerPages } from '@server/http/ssr';
import type { HandlePage } from '@shared/page-context';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestDeps } from '../../helpers/caller';
import { rawRequest } from '../../helpers/raw-http';
import { serverRenderingApps } from '../../helpers/ssr';

/**
 * Attack: React Router's data address of a page (`/parliament-members.data?search=<script>...`) answered its
 * loaders' data, which repeats the search words unescaped, labelled as a page, with the hash of every inline
 * script in it allowed by the page's policy: a link ran the attacker's script on the site's origin as the
 * reader (their receipts, their vote, a stepped-up admin's session). The site's browser code never asks for
 * such an address, so none reaches the page handler; and only an HTML document's scripts are ever allowed.
 */
const openApp = serverRenderingApps();
const PAYLOAD = '<script>alert(document.domain)</script>';
const hashOf = (script: string) => `sha256-${createHash('sha256').update(script).digest('base64')}`;

describe('React Router’s data addresses', () => {
  it.each([
    `/parliament-members.data?search=${encodeURIComponent(PAYLOAD)}`,
    `/senators.data?search=${encodeURIComponent(PAYLOAD)}`,
    '/_root.data',
    `/about.data?_routes=root&x=${encodeURIComponent(PAYLOAD)}`,
  ])('%s: refused before the page handler, with no script and no page policy', async (url) => {
    const { app } = await openApp();
    for (const language of ['en', 'so']) {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-language': language } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).not.toContain('<script');
      expect(String(response.headers['content-security-policy'])).not.toContain(
        hashOf('alert(document.domain)'),
      );
    }
  });

  it('cannot be hidden behind a fragment, which no browser sends: such a target is refused before any check', async () => {
    const { app } = await openApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    for (const target of [
      `/parliament-members.data#x?search=${encodeURIComponent(PAYLOAD)}`,
      '/_root.data#',
      '/__manifest#x',
      '/senators#x',
    ]) {
      const response = await rawRequest(app.server, { method: 'GET', target });
      expect(response.status, target).toBe(400);
      expect(response.body, target).toContain('The request is malformed.');
      expect(response.body, target).not.toContain('<script');
    }
  });

  it('leaves the page itself as it was: the search words escaped, only its own scripts allowed', async () => {
    const { app } = await openApp();
    const response = await app.inject({
      method: 'GET',
      url: `/parliament-members?search=${encodeURIComponent(PAYLOAD)}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(PAYLOAD);
    expect(String(response.headers['content-security-policy'])).not.toContain(
      hashOf('alert(document.domain)'),
    );
  });
});

describe('the policy of an answer the page handler gives', () => {
  const request = (url: string) =>
    ({ url, headers: {}, cookies: {}, ip: '127.0.0.1', log: { error() {} } }) as unknown as FastifyRequest;
  const policy = (hashes: string[]) =>
    `script-src 'self' ${hashes.map((hash) => `'${hash}'`).join(' ')}`.trim();
  const answering =
    (type: string): HandlePage =>
    async () =>
      new Response(`<p>${PAYLOAD}</p>`, { status: 200, headers: { 'content-type': type } });
  const options = { pagePolicy: policy, defaultTheme: () => 'system', origin: '' };

  it.each(['text/x-script', 'application/json', 'text/plain', 'text/htmlx', ''])(
    'allows no inline script of an answer of type %j',
    async (type) => {
      const pages = createServerPages(createTestDeps(), answering(type), options);
      const page = await pages.pageFor(request('/senators'));
      expect(page?.csp).toBe("script-src 'self'");
    },
  );

  it('allows the inline scripts of an HTML document', async () => {
    const pages = createServerPages(createTestDeps(), answering('text/html; charset=utf-8'), options);
    const page = await pages.pageFor(request('/senators'));
    expect(page?.csp).toContain(hashOf('alert(document.domain)'));
  });
});
