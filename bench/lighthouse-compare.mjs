// Two builds side by side under Lighthouse (mobile, simulated throttling, as bench/lighthouse.mjs runs it): runs
// alternate between them, so the shared machine's load weighs on both alike. Each folder holds a built dist/ and
// drizzle/ (a worktree, or a copy of its dist/ with links to its drizzle/, data/ and node_modules/).
//   npx node bench/lighthouse-compare.mjs <folderA> <folderB> /parliament-members /regions ...
// LIGHTHOUSE_RUNS (default 3) runs per page and build; prints each run and the medians; every report is kept in
// the system's temporary folder (codka-lighthouse-compare/) for reading which audits cost points.
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, median, startServer } from './lib.mjs';
import { lighthouseReport } from './lighthouse.mjs';

const [folderA, folderB, ...routes] = process.argv.slice(2);
if (!folderB || routes.length === 0)
  throw new Error('usage: lighthouse-compare.mjs <folderA> <folderB> <route>...');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const OUT = join(tmpdir(), 'codka-lighthouse-compare');
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
};

const chromeLauncher = await import('chrome-launcher');

function summary(lhr) {
  const scores = Object.fromEntries(
    Object.entries(lhr.categories).map(([id, category]) => [id, Math.round(category.score * 100)]),
  );
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([key, id]) => [key, Math.round(lhr.audits[id].numericValue * 1000) / 1000]),
  );
  return { ...scores, ...metrics };
}

mkdirSync(OUT, { recursive: true });
const servers = [
  await startServer({ SEED_DEMO: 'true' }, folderA),
  await startServer({ SEED_DEMO: 'true' }, folderB),
];
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: CHROMIUM_FLAGS,
  logLevel: 'silent',
});
const runs = {};
try {
  for (const route of routes) {
    runs[route] = [[], []];
    for (let i = 0; i < RUNS; i++) {
      for (const [build, server] of servers.entries()) {
        const lhr = await lighthouseReport(`${server.origin}${route}`, chrome.port);
        writeFileSync(`${OUT}/${route.replaceAll('/', '_')}-${'AB'[build]}${i}.json`, JSON.stringify(lhr));
        runs[route][build].push(summary(lhr));
        console.log(route, 'AB'[build], JSON.stringify(runs[route][build].at(-1)));
      }
    }
  }
} finally {
  chrome.kill();
  for (const server of servers) await server.stop();
}

for (const [route, builds] of Object.entries(runs)) {
  console.log(route);
  for (const [build, list] of builds.entries()) {
    const medians = ['performance', ...Object.keys(METRICS)]
      .map((key) => `${key} ${median(list.map((run) => run[key]))}`)
      .join(', ');
    console.log(
      `  ${'AB'[build]}: ${medians} (performance per run: ${list.map((r) => r.performance).join('/')})`,
    );
  }
}
