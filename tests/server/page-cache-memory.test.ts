import { PUBLIC_CACHE_TTL_MS } from '@server/http/public-cache';
import { createServerPages } from '@server/http/ssr';
import type { HandlePage } from '@shared/page-context';
import type { FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestDeps } from '../helpers/caller';

/**
 * Attack: a page copy is served for 2 s, but a cache that keeps it until 500 others push it out or a write
 * empties the cache lets a flood of new addresses of /senators (100-200 KB each) leave 500 dead copies in
 * memory: the server grew by 130 MB after 196 of them. Copies past their TTL are dropped as new ones come.
 */
const handlePage: HandlePage = async (request) => {
  const url = new URL(request.url);
  return new Response(`<h1>${url.pathname}${url.search}</h1>${'x'.repeat(1000)}`, {
    status: 200,
    headers: { 'content-type': 'text/html' },
  });
};
const OPTIONS = { pagePolicy: () => "script-src 'self'", defaultTheme: () => 'system', origin: '' };
const request = (url: string) =>
  ({ url, headers: {}, cookies: {}, ip: '127.0.0.1', log: { error() {} } }) as unknown as FastifyRequest;

afterEach(() => {
  vi.useRealTimers();
});

describe('the page cache’s memory', () => {
  it('holds only copies still within their TTL, however many addresses were rendered before', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
    const pages = createServerPages(createTestDeps(), handlePage, OPTIONS);
    for (let index = 0; index < 40; index += 1) {
      expect(await pages.pageFor(request(`/senators?z=${index}`))).toMatchObject({ status: 200 });
    }
    expect(pages.size()).toBe(40);
    vi.setSystemTime(Date.now() + PUBLIC_CACHE_TTL_MS + 1);
    await pages.pageFor(request('/senators?later=1'));
    expect(pages.size()).toBe(1);
    // A copy still fresh is kept and served.
    const again = await pages.pageFor(request('/senators?later=1'));
    expect(again?.html).toContain('<h1>/senators?later=1</h1>');
  });
});
