// F1: what a first visit to / costs in JavaScript, all of it: every script the browser downloads,
// from the HTML to the last lazy chunk and the other pages' prefetches, until the page has been quiet for a
// while after it was scrolled to its end. Measured in Debian's Chromium (a phone's viewport, empty cache, no
// service worker yet) against the built server on a temporary seeded database; each script is counted at its
// size gzip level 9, as the server sends it (vite.config.ts writes the .gz copies), whatever the browser asked
// for: its bytes are fetched again from the server, so the count holds whatever folder a build writes them to.
// The whole transfer (photos included, data saver off and on) is reported beside it, without a target.
import { mkdirSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

/** A script's size at gzip level 9 (0 when the server no longer has it). */
async function gzipSize(url) {
  const response = await fetch(url);
  return response.ok ? gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length : 0;
}

/** A first visit to /: every request until the network is quiet, the page scrolled to its end and idle. */
async function firstVisit(browser, origin, dataSaver) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 640 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-GB',
  });
  await context.addInitScript((setting) => window.localStorage.setItem('data-saver', setting), dataSaver);
  const requests = [];
  context.on('requestfinished', (request) => {
    requests.push(
      request.sizes().then((sizes) => ({
        path: new URL(request.url()).pathname,
        type: request.resourceType(),
        bytes: sizes.responseHeadersSize + sizes.responseBodySize,
      })),
    );
  });
  const page = await context.newPage();
  await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
  // Below-the-fold parts load when scrolled to or when the browser is idle: both count.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(3000);
  await page.waitForLoadState('networkidle');
  const done = await Promise.all(requests);
  await context.close();
  const sum = (list) => list.reduce((total, request) => total + request.bytes, 0);
  // Each script once (a module preloaded and then imported is one download), at its gzip size.
  const paths = [...new Set(done.filter((r) => r.type === 'script').map((r) => r.path))];
  const scripts = (
    await Promise.all(paths.map(async (path) => ({ path, gzipBytes: await gzipSize(origin + path) })))
  ).sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    dataSaver,
    requests: done.length,
    totalBytes: sum(done),
    withoutImagesBytes: sum(done.filter((request) => request.type !== 'image')),
    jsGzipBytes: scripts.reduce((total, script) => total + script.gzipBytes, 0),
    scripts,
  };
}

/** Everything F1 measures, on the build in `tree` (the working directory's by default). */
export async function run({ tree } = {}) {
  const { chromium } = await import('playwright-core');
  const { CHROMIUM_FLAGS, CHROMIUM_PATH, startServer } = await import('./lib.mjs');
  const server = process.env.BENCH_ORIGIN ? null : await startServer({ SEED_DEMO: 'true' }, tree);
  const origin = process.env.BENCH_ORIGIN ?? server.origin;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  let report;
  try {
    const dataSaverOff = await firstVisit(browser, origin, 'off');
    const dataSaverOn = await firstVisit(browser, origin, 'on');
    const html = await (await fetch(`${origin}/`, { headers: { 'accept-language': 'en' } })).text();
    report = {
      jsGzipBytes: dataSaverOff.jsGzipBytes,
      scripts: dataSaverOff.scripts.length,
      htmlGzipBytes: gzipSync(html, { level: 9 }).length,
      transfer: { dataSaverOff, dataSaverOn },
    };
  } finally {
    await browser.close();
    await server?.stop();
  }
  return report;
}

/** At most this much JavaScript (gzip) on a first visit to /. */
export const TARGET_JS_KB = 200;

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await run();
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/landing-size.json', `${JSON.stringify(report, null, 2)}\n`);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `first visit to /: ${kb(report.jsGzipBytes)} of JavaScript (gzip) in ${report.scripts} scripts (target <= ${TARGET_JS_KB} KB); HTML ${kb(report.htmlGzipBytes)}`,
  );
  for (const script of report.transfer.dataSaverOff.scripts)
    console.log(`  ${kb(script.gzipBytes)} ${script.path}`);
  for (const measured of [report.transfer.dataSaverOff, report.transfer.dataSaverOn]) {
    console.log(
      `data saver ${measured.dataSaver}: ${kb(measured.totalBytes)} transferred in ${measured.requests} requests, ${kb(measured.withoutImagesBytes)} without images`,
    );
  }
}
