// F2: Lighthouse (mobile, simulated throttling: Lighthouse's default) on five public pages of the built site,
// served on a free port from a temporary database with the demo seed, in Debian's Chromium. Prints the four
// scores per page and every audit that cost points; run alone, writes bench/results/lighthouse.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
// lib.mjs first: it installs bench/package.json's tools, which are imported when a run starts.
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startServer } from './lib.mjs';

export const ROUTES = ['/', '/parliament-members', '/senators', '/polls/presidential', '/regions'];
export const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const CATEGORIES = Object.keys(TARGETS);
// Runs per page (LIGHTHOUSE_RUNS, default 3); each is a cold load with an empty cache.
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

/** The audits of a category that cost points, worst first, with Lighthouse's own one-line summary. */
function lostPoints(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  return category.auditRefs
    .filter((ref) => ref.weight > 0 || categoryId === 'performance')
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < (categoryId === 'performance' ? 0.9 : 1))
    .filter((audit) => audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual')
    .sort((a, b) => a.score - b.score)
    .map((audit) => ({
      id: audit.id,
      score: audit.score,
      value: audit.displayValue ?? '',
      items: (Array.isArray(audit.details?.items) ? audit.details.items : [])
        .slice(0, 5)
        .map((item) => item.node?.snippet ?? item.url ?? item.source?.url ?? item.description ?? '')
        .filter(Boolean),
    }));
}

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

/**
 * Whether the largest contentful paint's element is in the page's HTML as the server sends it (fetched without
 * JavaScript): the element Lighthouse names (its CSS path) with the same start of text, or the same image.
 */
async function inServerHtml(url, node) {
  if (!node?.selector) return false;
  const { load } = await import('cheerio');
  const html = await (await fetch(url, { headers: { 'accept-language': 'en-US,en' } })).text();
  const $ = load(html);
  const label = (node.nodeLabel ?? '').replace(/…$/, '').trim();
  const source = /\ssrc="([^"]+)"/.exec(node.snippet ?? '')?.[1];
  let candidates;
  try {
    candidates = $(node.selector).toArray();
  } catch {
    return false;
  }
  return candidates.some((element) => {
    const text = $(element).text().replace(/\s+/g, ' ').trim();
    return (label && text.startsWith(label)) || (source && $(element).attr('src') === source);
  });
}

/**
 * One Lighthouse report of a page as every bench run measures it: mobile, simulated throttling, four categories.
 * A run whose trace failed (NO_NAVSTART, NO_FCP and the like, on a busy machine: every score 0) is run again,
 * up to three times in all, so that a broken trace is not taken for a slow page; the third one stands, zeros
 * and all, for the median to weigh.
 */
export async function lighthouseReport(url, port, tries = 3) {
  const { default: lighthouse } = await import('lighthouse');
  const { lhr } = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
  });
  if (!lhr.runtimeError || tries <= 1) return lhr;
  return lighthouseReport(url, port, tries - 1);
}

async function audit(url, port) {
  const lhr = await lighthouseReport(url, port);
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id].score ?? 0) * 100)]),
  );
  const metrics = Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.displayValue ?? '']));
  // Which element the largest contentful paint was: where to look first when LCP is slow.
  const lcpTable = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0];
  const lcpNode = lcpTable?.items?.[0]?.node;
  metrics.lcpElement = lcpNode?.snippet ?? '';
  metrics.lcpInServerHtml = await inServerHtml(url, lcpNode);
  const failed = Object.fromEntries(CATEGORIES.map((id) => [id, lostPoints(lhr, id)]));
  const runWarnings = lhr.runWarnings ?? [];
  return { scores, metrics, failed, runWarnings };
}

/**
 * Every page's scores on each build in `trees` (the working directory's by default; the reference's beside it
 * when the bench compares), one result per tree in the same order. The runs alternate between the builds, so
 * that the machine's load weighs on each alike.
 */
export async function run({ trees = [process.cwd()] } = {}) {
  const servers = [];
  const chromeLauncher = await import('chrome-launcher');
  let chrome;
  const pages = trees.map(() => ({}));
  try {
    for (const tree of trees) servers.push(await startServer({ SEED_DEMO: 'true' }, tree));
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: CHROMIUM_FLAGS,
      logLevel: 'silent',
    });
    for (const route of ROUTES) {
      const runs = trees.map(() => []);
      for (let i = 0; i < RUNS; i++) {
        // Each round in the other order (A B, B A, ...): neither build always goes first.
        const order = [...servers.keys()];
        if (i % 2) order.reverse();
        for (const build of order)
          runs[build].push(await audit(`${servers[build].origin}${route}`, chrome.port));
      }
      for (const [build, list] of runs.entries()) {
        // Performance varies from run to run with the machine's load: the run with the median score stands.
        list.sort((a, b) => a.scores.performance - b.scores.performance);
        pages[build][route] = {
          ...list[Math.floor(list.length / 2)],
          performanceRuns: list.map((r) => r.scores.performance),
          lcpInServerHtmlRuns: list.map((r) => r.metrics.lcpInServerHtml),
        };
      }
    }
  } finally {
    chrome?.kill();
    for (const server of servers) await server.stop();
  }
  const date = new Date().toISOString();
  return pages.map((byRoute) => ({
    date,
    lighthouse: lighthouseVersion(),
    targets: TARGETS,
    pages: byRoute,
  }));
}

function lighthouseVersion() {
  return JSON.parse(readFileSync(new URL('./node_modules/lighthouse/package.json', import.meta.url), 'utf8'))
    .version;
}

/** True when every page meets every target. */
export function meetsTargets(result) {
  return Object.values(result.pages).every((page) =>
    CATEGORIES.every((id) => page.scores[id] >= TARGETS[id]),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [result] = await run();
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/lighthouse.json', `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    '| page | performance | accessibility | best practices | SEO |\n| --- | --- | --- | --- | --- |',
  );
  for (const [route, page] of Object.entries(result.pages)) {
    console.log(`| ${route} | ${CATEGORIES.map((id) => page.scores[id]).join(' | ')} |`);
  }
  for (const [route, page] of Object.entries(result.pages)) {
    const metrics = Object.entries(page.metrics)
      .map(([id, value]) => `${id} ${value}`)
      .join(', ');
    console.log(`\n${route}: ${metrics} (performance per run: ${page.performanceRuns.join(', ')})`);
    for (const warning of page.runWarnings) console.log(`  warning: ${warning}`);
    for (const id of CATEGORIES) {
      for (const lost of page.failed[id]) {
        const items = lost.items.length ? `: ${lost.items.join(' | ').slice(0, 300)}` : '';
        console.log(
          `  ${id}: ${lost.id} (score ${lost.score}${lost.value ? `, ${lost.value}` : ''})${items}`,
        );
      }
    }
  }
  console.log(
    `\ntargets ${meetsTargets(result) ? 'met' : 'NOT met'}; written: bench/results/lighthouse.json`,
  );
}
