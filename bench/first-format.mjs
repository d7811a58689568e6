// What Intl costs a phone while a page hydrates (Lighthouse's total blocking time), in Debian's Chromium
// at Lighthouse's 4x CPU slowdown (CDP Emulation.setCPUThrottlingRate):
//  1. the first date and number written through Intl (ICU loads its locale data) against the hand-written ones
//     (shared/calendar.ts, client/src/i18n/numbers.ts, bundled here with esbuild), each in a fresh browser;
//  2. the page's long tasks (PerformanceObserver 'longtask', from the first byte) on two running builds side by
//     side, runs alternating so the shared machine's load weighs on both alike: their total, and the part over
//     50 ms each (what total blocking time adds up); and, since wall time on a loaded machine is mostly noise, the
//     same visit unthrottled and traced: the main thread's CPU time and a simulated blocking time from it.
//   npx node bench/first-format.mjs <originA> <originB> [runs=5] [route...]   (default routes / and /polls/presidential)
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, median } from './lib.mjs';

const [originA, originB, runsArg, ...routesArg] = process.argv.slice(2);
if (!originB) throw new Error('usage: first-format.mjs <originA> <originB> [runs] [route...]');
const RUNS = Number(runsArg ?? 5);
const ROUTES = routesArg.length > 0 ? routesArg : ['/', '/polls/presidential'];

const handWritten = (
  await build({
    stdin: {
      contents: `import { ENGLISH, formatCalendar } from './shared/calendar.ts';
        import { writeNumber } from './client/src/i18n/numbers.ts';
        window.hand = { ENGLISH, formatCalendar, writeNumber };`,
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    write: false,
  })
).outputFiles[0].text;

/** A fresh browser (its own ICU state) at 4x slowdown on a page of `origin` that runs no script of the site. */
async function slowPage(browser, origin) {
  const page = await browser.newPage({ bypassCSP: true }); // the hand-written code is injected inline
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`${origin}/robots.txt`);
  return page;
}

// Each probe runs first in its own browser: what the page's first such call costs.
const PROBES = {
  'Intl date (first formatDate on main)': () => {
    const start = performance.now();
    new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Africa/Mogadishu' }).format(new Date());
    return performance.now() - start;
  },
  'hand-written date': () => {
    const start = performance.now();
    window.hand.formatCalendar(Date.now(), { dateStyle: 'long' }, window.hand.ENGLISH, 3 * 3_600_000);
    return performance.now() - start;
  },
  'Intl number': () => {
    const start = performance.now();
    new Intl.NumberFormat('en-GB').format(12345);
    return performance.now() - start;
  },
  'hand-written number': () => {
    const start = performance.now();
    window.hand.writeNumber(12345, {});
    return performance.now() - start;
  },
  'Intl plural rules (i18next, left as is)': () => {
    const start = performance.now();
    new Intl.PluralRules('en').select(2);
    return performance.now() - start;
  },
  "toLocaleUpperCase('en') (shared/initials.ts, left as is)": () => {
    const start = performance.now();
    'a'.toLocaleUpperCase('en');
    return performance.now() - start;
  },
};

async function firstCalls(origin) {
  const results = {};
  for (const [name, probe] of Object.entries(PROBES)) {
    const samples = [];
    for (let run = 0; run < RUNS; run++) {
      const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
      try {
        const page = await slowPage(browser, origin);
        await page.addScriptTag({ content: handWritten });
        samples.push(await page.evaluate(probe));
      } finally {
        await browser.close();
      }
    }
    results[name] = {
      medianMs: Math.round(median(samples) * 10) / 10,
      samples: samples.map((ms) => Math.round(ms)),
    };
  }
  return results;
}

/** Chromium's own Intl against the hand-written dates, for the option sets the pages pass. */
async function sameInChromium(origin) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({ bypassCSP: true }); // the hand-written code is injected inline
    await page.goto(`${origin}/robots.txt`);
    await page.addScriptTag({ content: handWritten });
    return await page.evaluate(() => {
      const sets = [
        { dateStyle: 'long' },
        { dateStyle: 'medium' },
        { dateStyle: 'medium', timeStyle: 'short' },
        { dateStyle: 'medium', timeStyle: 'medium' },
        { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' },
        { day: 'numeric', month: 'long', year: 'numeric' },
        { month: 'long', year: 'numeric' },
        { year: 'numeric' },
      ];
      const mismatches = [];
      for (let time = Date.UTC(1950, 0, 1); time < Date.UTC(2100, 0, 1); time += 7_919_999_999) {
        for (const options of sets) {
          const intl = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'Africa/Mogadishu' }).format(
            time,
          );
          const hand = window.hand.formatCalendar(time, options, window.hand.ENGLISH, 3 * 3_600_000);
          if (intl !== hand) mismatches.push(`${intl} != ${hand}`);
        }
      }
      return mismatches.slice(0, 5);
    });
  } finally {
    await browser.close();
  }
}

/** One cold visit at 4x: its long tasks once the page has been quiet for a while. */
async function longTasks(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 640 },
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(2000);
  const durations = await page.evaluate(() => window.longTasks);
  await context.close();
  const total = durations.reduce((sum, ms) => sum + ms, 0);
  const blocking = durations.reduce((sum, ms) => sum + Math.max(0, ms - 50), 0);
  return { total, blocking, count: durations.length };
}

/**
 * The same visit unthrottled, traced: each main-thread task's CPU time (tdur, which the machine's other load does
 * not stretch), and Lighthouse's simulated blocking time from it (4x each task, the part over 50 ms).
 */
async function cpuTasks(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 640 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  const trace = JSON.parse((await browser.stopTracing()).toString());
  await context.close();
  const events = trace.traceEvents ?? trace;
  // The page's own renderer: the one that parsed its HTML (the trace holds every process of the browser).
  const pageProcess = events.find(
    (event) => event.name === 'ParseHTML' && event.args?.beginData?.url?.startsWith(url),
  )?.pid;
  const mainThreads = new Set(
    events
      .filter(
        (event) =>
          event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && event.pid === pageProcess,
      )
      .map((event) => `${event.pid}:${event.tid}`),
  );
  let cpu = 0;
  let blocking = 0;
  for (const event of events) {
    if (event.name !== 'RunTask' || event.ph !== 'X' || !mainThreads.has(`${event.pid}:${event.tid}`))
      continue;
    const ms = (event.tdur ?? event.dur) / 1000;
    cpu += ms;
    blocking += Math.max(0, 4 * ms - 50);
  }
  return { cpu, blocking };
}

const report = {
  firstCalls: await firstCalls(originB),
  chromiumMismatches: await sameInChromium(originB),
  pages: {},
};
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  for (const route of ROUTES) {
    const runs = { A: [], B: [] };
    const cpu = { A: [], B: [] };
    for (let run = 0; run < RUNS; run++) {
      for (const [name, origin] of [
        ['A', originA],
        ['B', originB],
      ]) {
        runs[name].push(await longTasks(browser, `${origin}${route}`));
        cpu[name].push(await cpuTasks(browser, `${origin}${route}`));
      }
    }
    report.pages[route] = Object.fromEntries(
      Object.entries(runs).map(([name, list]) => [
        name,
        {
          totalMs: Math.round(median(list.map((run) => run.total))),
          over50Ms: Math.round(median(list.map((run) => run.blocking))),
          runs: list.map((run) => `${Math.round(run.total)}/${Math.round(run.blocking)} (${run.count})`),
          mainThreadCpuMs: Math.round(median(cpu[name].map((run) => run.cpu))),
          simulatedBlockingMs: Math.round(median(cpu[name].map((run) => run.blocking))),
        },
      ]),
    );
  }
} finally {
  await browser.close();
}
console.log(JSON.stringify({ A: originA, B: originB, runs: RUNS, ...report }, null, 2));
