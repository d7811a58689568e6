// F1: what the landing page downloads on a first visit (no cache).
// - From the build: the scripts and styles the first render needs (index.html's and everything the entry
//   imports statically: what loads before the page can render), gzip level 9 as the server sends them
//   (vite.config.ts writes .gz copies). Code loaded on demand (other pages, the map, menus, toasts) is not
//   part of it.
// - From a real browser (Debian's Chromium) against the built server on a temporary seeded database: every
//   byte transferred until the network is quiet, photos included, with the data saver on and off
//   (localStorage 'data-saver'), and the same without images (the F1 "whole transfer without photos").
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = 'dist/client';

function staticSizes() {
  const gz = (path) => gzipSync(readFileSync(path), { level: 9 }).length;
  const html = readFileSync(join(root, 'index.html'), 'utf8');
  const referenced = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const firstRender = { js: 0, css: 0, files: [] };
  const seen = new Set();
  // Follow static imports of the entry chunk: they load before first render too.
  function visit(url) {
    if (seen.has(url)) return;
    seen.add(url);
    const path = join(root, url);
    const size = gz(path);
    firstRender.files.push({ url, gzipBytes: size });
    if (url.endsWith('.css')) firstRender.css += size;
    else {
      firstRender.js += size;
      const source = readFileSync(path, 'utf8');
      for (const m of source.matchAll(
        /(?:^|[;\s}])import\s*(?:[^"'()]*?from\s*)?["'](\.\/[^"']+\.js)["']/g,
      )) {
        visit(`/assets/${m[1].slice(2)}`);
      }
    }
  }
  for (const url of referenced) visit(url);
  const htmlBytes = gzipSync(html, { level: 9 }).length;
  let allJs = 0;
  for (const file of readdirSync(join(root, 'assets')))
    if (file.endsWith('.js')) allJs += gz(join(root, 'assets', file));
  return {
    htmlGzipBytes: htmlBytes,
    firstRenderJsGzipBytes: firstRender.js,
    firstRenderCssGzipBytes: firstRender.css,
    firstRenderTotalGzipBytes: htmlBytes + firstRender.js + firstRender.css,
    allJsGzipBytes: allJs,
    files: firstRender.files,
  };
}

/** The build's figures, computed on import (scripts/bench.mjs and older callers read these). */
export const result = staticSizes();

/** Bytes a first visit to / transfers (headers and bodies as sent, service worker fetches included). */
async function transfer(browser, origin, dataSaver) {
  // A phone, as most readers are; a fresh context has an empty cache and no service worker.
  const context = await browser.newContext({
    viewport: { width: 360, height: 640 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-GB',
  });
  await context.addInitScript((setting) => {
    window.localStorage.setItem('data-saver', setting);
  }, dataSaver);
  const requests = [];
  context.on('requestfinished', (request) => {
    requests.push(
      request.sizes().then((sizes) => ({
        url: request.url().replace(origin, ''),
        type: request.resourceType(),
        bytes: sizes.responseHeadersSize + sizes.responseBodySize,
      })),
    );
  });
  const page = await context.newPage();
  await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
  // Below-the-fold content that loads when scrolled to (lazy images) counts too.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const done = await Promise.all(requests);
  await context.close();
  const sum = (list) => list.reduce((total, request) => total + request.bytes, 0);
  const byType = {};
  for (const request of done) byType[request.type] = (byType[request.type] ?? 0) + request.bytes;
  return {
    dataSaver,
    requests: done.length,
    totalBytes: sum(done),
    withoutImagesBytes: sum(done.filter((request) => request.type !== 'image')),
    bytesByType: byType,
    largest: done
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 8)
      .map(({ url, bytes }) => ({ url, bytes })),
  };
}

/** Everything F1 measures; writes bench/results/landing-size.json. */
export async function run() {
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const { chromium } = await import('playwright-core');
  const { CHROMIUM_FLAGS, CHROMIUM_PATH, startServer } = await import('./lib.mjs');
  const server = await startServer({ SEED_DEMO: 'true' });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  let browserTransfer;
  try {
    browserTransfer = {
      dataSaverOff: await transfer(browser, server.origin, 'off'),
      dataSaverOn: await transfer(browser, server.origin, 'on'),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
  const report = { ...staticSizes(), transfer: browserTransfer };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/landing-size.json', `${JSON.stringify(report, null, 2)}\n`);
  return report;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await run();
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `landing first render (build, gzip): JS ${kb(report.firstRenderJsGzipBytes)} (target <= 150 KB), CSS ${kb(report.firstRenderCssGzipBytes)} (<= 30 KB), HTML ${kb(report.htmlGzipBytes)}`,
  );
  for (const measured of [report.transfer.dataSaverOff, report.transfer.dataSaverOn]) {
    console.log(
      `first visit to / in Chromium, data saver ${measured.dataSaver}: ${kb(measured.totalBytes)} transferred in ${measured.requests} requests, ${kb(measured.withoutImagesBytes)} without images (target <= 300 KB)`,
    );
  }
  console.log(
    `all JS in the build: ${kb(report.allJsGzipBytes)} gzip; written: bench/results/landing-size.json`,
  );
}
