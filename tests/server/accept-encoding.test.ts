import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@server/app';
import { testEnv } from '@server/env';
import { negotiateEncoding, plainAcceptEncoding, TEXT_CODINGS } from '@server/http/accept-encoding';
import { encodePage } from '@server/http/compress';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../helpers/db';

/**
 * Accept-Encoding read as RFC 9110 §12.5.3 says (server/http/accept-encoding.ts): weights, refusals (q=0),
 * `*` for the codings not named, case and spaces; for the server's pages (compress.ts) and for the build's
 * .br and .gz copies that @fastify/static sends (static.ts).
 */

/** [header, what the server sends: br, gzip or identity (null)] */
const CASES: [string | undefined, 'br' | 'gzip' | null][] = [
  ['gzip, deflate, br', 'br'],
  ['gzip, deflate, br, zstd', 'br'],
  ['gzip', 'gzip'],
  ['br;q=0', null],
  ['br;q=0, gzip', 'gzip'],
  ['gzip;q=0, br', 'br'],
  ['gzip;q=0, br;q=0', null],
  ['identity', null],
  ['identity;q=1, *;q=0', null],
  ['*', 'br'],
  ['*;q=0', null],
  ['*;q=0, gzip', 'gzip'],
  ['br;q=0, *', 'gzip'],
  ['gzip;q=0, *', 'br'],
  ['*, br;q=0', 'gzip'],
  ['*;q=0.5, gzip;q=0.8', 'gzip'],
  ['BR', 'br'],
  ['GZip;Q=0.5, Br;Q=0', 'gzip'],
  ['  gzip ;  q=0.5 ,\tbr ; q=0.4  ', 'gzip'],
  ['gzip;q=0.9, br;q=0.9', 'br'],
  ['br;q=0.001', 'br'],
  ['br;q=0.000, gzip;q=1.000', 'gzip'],
  ['x-gzip', 'gzip'],
  // A weight that is no qvalue: that element is no preference.
  ['br;q=2, gzip', 'gzip'],
  ['br;q=junk', null],
  ['br;q=0.0001, gzip;q=0.5', 'gzip'],
  ['', null],
  [',,;;=', null],
  [undefined, null],
];

describe('negotiateEncoding', () => {
  it.each(CASES)('%j → %s', (header, chosen) => {
    expect(negotiateEncoding(header, TEXT_CODINGS)).toBe(chosen);
  });
});

describe('a server-rendered page', () => {
  const html = `<!doctype html><html><body>${'<p>Golaha Shacabka</p>'.repeat(200)}</body></html>`;

  it.each(CASES)('for %j is sent as %s', (header, chosen) => {
    expect(encodePage(html, header).encoding ?? null).toBe(chosen);
  });
});

const folder = mkdtempSync(join(tmpdir(), 'codka-encoding-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** An app serving a built client whose script has a .br and a .gz copy, as `vite build` writes them. */
async function appServingBuild() {
  const siteDir = mkdtempSync(join(folder, 'site-'));
  const clientDir = join(siteDir, 'client');
  mkdirSync(join(clientDir, 'assets'), { recursive: true });
  const script = join(clientDir, 'assets', 'index-abc.js');
  writeFileSync(script, 'plain');
  // The copies' contents name them: the test reads which file was sent without decompressing it.
  writeFileSync(`${script}.br`, 'br copy');
  writeFileSync(`${script}.gz`, 'gzip copy');
  const env = testEnv({ UPLOADS_DIR: join(folder, 'uploads') });
  return buildApp({ db: createTestDb(), env, siteDir, logger: false });
}

describe('the build’s precompressed files (@fastify/static)', () => {
  it('are chosen by the same reading of the header', async () => {
    const app = await appServingBuild();
    try {
      for (const [header, chosen] of CASES) {
        const response = await app.inject({
          method: 'GET',
          url: '/assets/index-abc.js',
          headers: header === undefined ? {} : { 'accept-encoding': header },
        });
        expect(response.statusCode, String(header)).toBe(200);
        expect(response.headers['content-encoding'] ?? null, String(header)).toBe(chosen);
        expect(response.body, String(header)).toBe(
          chosen === 'br' ? 'br copy' : chosen === 'gzip' ? 'gzip copy' : 'plain',
        );
        expect(response.headers.vary, String(header)).toContain('accept-encoding');
      }
    } finally {
      await app.close();
    }
  });
});

describe('plainAcceptEncoding', () => {
  it('names only the offered codings the reader accepts, with their weights', () => {
    expect(plainAcceptEncoding('gzip;q=0, *', ['br', 'gzip'])).toBe('br');
    expect(plainAcceptEncoding('*;q=0.5, BR', ['br', 'gzip'])).toBe('br, gzip;q=0.5');
    expect(plainAcceptEncoding('identity', ['br', 'gzip'])).toBe('');
  });
});
