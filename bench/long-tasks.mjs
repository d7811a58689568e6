// Two builds' long tasks side by side, on a phone slowed like Lighthouse's (4x CPU): what blocks the main thread
// while a server-rendered page starts and hydrates. Runs alternate between the builds, so the shared machine's
// load weighs on both alike. Each folder holds a built dist/ and drizzle/ (as for bench/lighthouse-compare.mjs).
//   npx node bench/long-tasks.mjs <folderA> <folderB> /parliament-members /regions ...
// LONG_TASK_RUNS (default 3) runs per page and build; prints each run's tasks over 50 ms (start:duration, ms) and,
// per page and build, the medians of the longest task and of the blocking time (the sum of each task's part over
// 50 ms, as total blocking time counts it, from navigation to 5 s after load).
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, median, startServer } from './lib.mjs';

const [folderA, folderB, ...routes] = process.argv.slice(2);
if (!folderB || routes.length === 0) throw new Error('usage: long-tasks.mjs <folderA> <folderB> <route>...');
const RUNS = Number(process.env.LONG_TASK_RUNS ?? 3);

/** One cold visit (a fresh context: no cache, no worker) on a Lighthouse-sized phone at 4x slowdown. */
async function visit(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    const tasks = [];
    window.__longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        tasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(5000);
  const tasks = await page.evaluate(() => window.__longTasks);
  const measures = await page.evaluate(() =>
    performance
      .getEntriesByType('measure')
      .filter((entry) => entry.name.startsWith('codka-'))
      .map((entry) => `${entry.name} ${Math.round(entry.startTime)}:${Math.round(entry.duration)}`),
  );
  if (measures.length > 0) console.log('   ', measures.join(', '));
  await context.close();
  return tasks;
}

const servers = [
  await startServer({ SEED_DEMO: 'true' }, folderA),
  await startServer({ SEED_DEMO: 'true' }, folderB),
];
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS.slice(1) });
const results = {};
try {
  for (const route of routes) {
    results[route] = [[], []];
    for (let i = 0; i < RUNS; i++) {
      for (const [build, server] of servers.entries()) {
        const tasks = await visit(browser, `${server.origin}${route}`);
        const longest = Math.max(0, ...tasks.map(([, duration]) => duration));
        const blocking = tasks.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
        results[route][build].push({ longest, blocking });
        const list = tasks.map(([start, duration]) => `${start}:${duration}`).join(' ');
        console.log(route, 'AB'[build], `longest ${longest} blocking ${blocking}`, `[${list}]`);
      }
    }
  }
} finally {
  await browser.close();
  for (const server of servers) await server.stop();
}
console.log('\nmedians (ms)    A: longest blocking    B: longest blocking');
for (const [route, [a, b]] of Object.entries(results)) {
  const cells = [a, b].map((runs) =>
    ['longest', 'blocking'].map((key) => String(median(runs.map((run) => run[key]))).padStart(8)).join(' '),
  );
  console.log(route.padEnd(22), cells.join('      '));
}
