import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@server/app';
import { testEnv } from '@server/env';
import { fileRouteOptions } from '@server/http/built-files';
import { registerErrorHandler } from '@server/http/errors';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPageHtml, writeTestSite } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { REPO_ROOT } from '../helpers/security/server-process';

/**
 * The built client’s files (server/http/built-files.ts), listed when the server starts: each one is sent as written;
 * every other address is a page, and nothing outside the files the build wrote is sent.
 */
const folder = mkdtempSync(join(tmpdir(), 'codka-static-'));
let app: Awaited<ReturnType<typeof buildApp>>;
let clientDir: string;

beforeAll(async () => {
  const siteDir = writeTestSite(mkdtempSync(join(folder, 'site-')));
  clientDir = join(siteDir, 'client');
  const script = join(clientDir, 'assets', 'index-abc.js');
  writeFileSync(script, 'plain');
  writeFileSync(`${script}.br`, 'br copy');
  writeFileSync(`${script}.gz`, 'gzip copy');
  writeFileSync(join(clientDir, 'robots.txt'), 'User-agent: *\n');
  mkdirSync(join(clientDir, '.vite'));
  writeFileSync(join(clientDir, '.vite', 'manifest.json'), '{"client/root.tsx":{}}');
  // The worker as the build writes it, with its compressed copies, which its own route replaces.
  copyFileSync(join(REPO_ROOT, 'client', 'public', 'sw.js'), join(clientDir, 'sw.js'));
  writeFileSync(join(clientDir, 'sw.js.br'), 'stale br copy');
  writeFileSync(join(clientDir, 'sw.js.gz'), 'stale gzip copy');
  const env = testEnv({ UPLOADS_DIR: join(folder, 'uploads') });
  app = await buildApp({ db: createTestDb(), env, siteDir, logger: false });
});

afterAll(async () => {
  await app.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('the built client’s files', () => {
  it('are sent, compressed copy first, cached for a year under assets/ and revalidated elsewhere', async () => {
    const script = await app.inject({
      method: 'GET',
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('br copy');
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toBe('User-agent: *\n');
    expect(robots.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('answer HEAD with the headers and no body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/assets/index-abc.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String('plain'.length));
    expect(response.body).toBe('');
  });

  it('keep the worker’s own route, with its offline reads written in, not the build’s copies', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/sw.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/\/\* offline reads \*\/ \["/);
    const compressed = await app.inject({
      method: 'GET',
      url: '/sw.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.body).not.toContain('stale');
  });

  it.each([
    ['the build manifest in a dot folder', '/.vite/manifest.json'],
    ['another spelling of a file’s name', '/assets/INDEX-abc.js'],
    ['parent folders out of the client folder', '/assets/../../server/index.cjs'],
    ['encoded parent folders', '/assets/%2e%2e/%2e%2e/server/index.cjs'],
    ['an encoded slash', '/assets%2findex-abc.js'],
    ['an empty segment', '/assets//index-abc.js'],
    ['a compressed copy by its own name', '/assets/index-abc.js.br'],
    ['a trailing dot segment', '/robots.txt/.'],
    ['the assets folder itself', '/assets/'],
    ['a file outside the client folder', '/../server/index.cjs'],
  ])('send nothing for %s (%s): the address is a page’s', async (_what, url) => {
    // The test site's page handler answers every page alike (tests/helpers/app.ts); a built site's answers 404.
    const response = await app.inject({ method: 'GET', url });
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toBe(testPageHtml('en'));
  });

  it('are the files the release held when the server started: one written later is not sent', async () => {
    writeFileSync(join(clientDir, 'assets', 'later-xyz.js'), 'written later');
    const response = await app.inject({ method: 'GET', url: '/assets/later-xyz.js' });
    expect(response.body).toBe(testPageHtml('en'));
  });
});

describe('a reader who goes away before a file is sent', () => {
  it('is neither answered nor logged as the server’s failure; another error still is', async () => {
    const logged: { level: number; msg: string }[] = [];
    const server = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
    });
    registerErrorHandler(server);
    const options = fileRouteOptions(server);
    const failure = (code: string) => Object.assign(new Error('stream failed'), { code });
    server.get('/gone', options, async () => {
      throw failure('ERR_STREAM_PREMATURE_CLOSE');
    });
    server.get('/broken', options, async () => {
      throw failure('EMFILE');
    });
    try {
      const origin = await server.listen({ port: 0, host: '127.0.0.1' });
      // The server closes the connection without an answer, as when the reader's own side has gone.
      await expect(fetch(`${origin}/gone`)).rejects.toThrow();
      const broken = await fetch(`${origin}/broken`);
      expect(broken.status).toBe(500);
      const failures = logged.filter((line) => line.level >= 50).map((line) => line.msg);
      expect(failures).toEqual(['request failed']);
    } finally {
      await server.close();
    }
  });
});
