import type { AddressInfo } from 'node:net';
import { ROUTE_MANIFEST_MAX_URL } from '@server/http/static';
import { describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../helpers/app';
import { slowRequest } from '../../helpers/raw-http';
import { renders, serverRenderingApps } from '../../helpers/ssr';

/**
 * The server's pages attacked through the real HTTP stack: a route manifest asked for with a list of paths far
 * past what any browser sends is refused before any work, and 50 readers revalidating one page at once get their
 * 304s (with the page's own policy) without a render, or share one render once the copy's time is over.
 */
const openApp = serverRenderingApps();

const releaseVersion = (html: string) => /"version": *"([^"]+)"/.exec(html)?.[1] ?? '';

/** A manifest request for `paths`, as React Router's browser code writes one. */
const manifestUrl = (paths: string[], version: string) =>
  `/__manifest?paths=${encodeURIComponent(paths.join(','))}&version=${version}`;

/** Paths enough that their request is `times` as long as the longest one a browser sends. */
function pathsFor(times: number): string[] {
  const paths: string[] = [];
  // Each path as the request carries it: encoded, and a comma (%2C) before the next.
  for (let length = 0; length < ROUTE_MANIFEST_MAX_URL * times; ) {
    const path = `/elections/e-${paths.length}`;
    paths.push(path);
    length += encodeURIComponent(path).length + 3;
  }
  return paths;
}

const manifestRenders = () => renders.asked.filter((asked) => asked.includes('/__manifest'));

describe('the route manifest with a list of paths a thousand times too long', () => {
  it('over a socket, is cut off quickly by the bound on a request’s head, before anything parses it', async () => {
    const test = await openApp();
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const version = releaseVersion((await test.app.inject({ method: 'GET', url: '/' })).body);
    const target = manifestUrl(pathsFor(1000), version);
    expect(target.length).toBeGreaterThan(1000 * ROUTE_MANIFEST_MAX_URL);
    const answer = await slowRequest(
      test.app.server,
      { method: 'GET', target, headers: {}, length: 0 },
      async () => {},
    );
    expect(answer.status).toBe(431);
    expect(answer.closedAfterMs).toBeLessThan(2000);
    expect(manifestRenders()).toEqual([]);
    // One and a half times the browser's bound fits within the head's: refused by the manifest's own bound, in
    // the reader's language, before React Router's handler or the compression sees it.
    const { port } = test.app.server.address() as AddressInfo;
    for (const language of ['en', 'so'] as const) {
      const longer = await fetch(`http://127.0.0.1:${port}${manifestUrl(pathsFor(1.5), version)}`, {
        headers: { 'accept-encoding': 'gzip, br', 'accept-language': language },
      });
      expect(longer.status).toBe(413);
      expect(longer.headers.get('content-encoding')).toBeNull();
      expect(longer.headers.get('cache-control')).toBe('no-store');
      expect((await longer.json()).error).toMatchObject({
        errorCode: 'request.tooLarge',
        message: language === 'en' ? 'The request is too large.' : 'Codsigu aad buu u weyn yahay.',
      });
    }
    expect(manifestRenders()).toEqual([]);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });

  it('is refused by its own bound where no head bound applies, one character past it, and served within it', async () => {
    const { app } = await openApp();
    const version = releaseVersion((await app.inject({ method: 'GET', url: '/' })).body);
    // app.inject() has no socket, so no bound on the head: the manifest's own bound refuses the list.
    const refused = await app.inject({ method: 'GET', url: manifestUrl(pathsFor(1000), version) });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.errorCode).toBe('request.tooLarge');
    const base = manifestUrl(['/about', '/senators'], version);
    const padded = (length: number) => `${base}&pad=${'x'.repeat(length - base.length - '&pad='.length)}`;
    expect(padded(ROUTE_MANIFEST_MAX_URL + 1)).toHaveLength(ROUTE_MANIFEST_MAX_URL + 1);
    expect((await app.inject({ method: 'GET', url: padded(ROUTE_MANIFEST_MAX_URL + 1) })).statusCode).toBe(
      413,
    );
    expect(manifestRenders()).toEqual([]);
    const fits = await app.inject({ method: 'GET', url: padded(ROUTE_MANIFEST_MAX_URL) });
    expect(fits.statusCode).toBe(200);
    expect(Object.keys(fits.json())).toContain('pages/content/about.page');
    expect(manifestRenders()).toHaveLength(1);
  });
});

/** Holds every render until the returned function is called. */
function holdRenders() {
  let release = () => {};
  renders.gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return () => {
    renders.gate = null;
    release();
  };
}

const rendersOf = (url: string) => renders.asked.filter((asked) => asked.endsWith(` ${url}`));

async function revalidateAtOnce(test: TestApp, url: string, etag: string) {
  return Promise.all(
    Array.from({ length: 50 }, () =>
      test.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag, 'accept-encoding': 'gzip' } }),
    ),
  );
}

describe('50 readers revalidating one page at once', () => {
  it('all get a 304 with the page’s CSP from the copy the cache holds; past its time, one render they share', async () => {
    const test = await openApp();
    const url = '/senators';
    const first = await test.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    const csp = String(first.headers['content-security-policy']);
    expect(csp).toMatch(/script-src [^;]*'sha256-/);
    expect(rendersOf(url)).toHaveLength(1);

    const fromCopy = await revalidateAtOnce(test, url, etag);
    for (const answer of fromCopy) {
      expect(answer.statusCode).toBe(304);
      expect(answer.rawPayload.length).toBe(0);
      expect(answer.headers.etag).toBe(etag);
      expect(answer.headers['content-security-policy']).toBe(csp);
    }
    expect(rendersOf(url)).toHaveLength(1);

    // The copy's time is over: the 50 wait for one render and all get the same answer from it (a 200 today: a
    // render dates its data, TanStack Query's dehydratedAt and dataUpdatedAt, so it is a copy of its own).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5000 });
    try {
      const release = holdRenders();
      const pending = revalidateAtOnce(test, url, etag);
      await vi.waitFor(() => expect(rendersOf(url)).toHaveLength(2));
      release();
      const answers = await pending;
      const [one] = answers;
      for (const answer of answers) {
        expect(answer.statusCode).toBe(one?.statusCode);
        expect(answer.headers.etag).toBe(one?.headers.etag);
        expect(answer.headers['content-security-policy']).toBe(one?.headers['content-security-policy']);
      }
      expect(rendersOf(url)).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
