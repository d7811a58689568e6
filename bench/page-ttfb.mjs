// P1: time to the first byte of a server-rendered page while R1's public reads load the server (target:
// at most 20 ms p50). The built server on the volume database (bench/volume-db.ts, as server-load.mjs), R1's
// four public reads from an autocannon child process (50 connections) and, as on election day, poll votes by
// distinct citizens arriving VOTES_PER_SECOND (each one a write after which pages must not all be rendered
// again); meanwhile, from this process, one page request after another: /parliament-members and /, each
// "cached" (the same address again: the page cache's copy, kept or refreshed in the background after a vote)
// and "fresh" (a new query string each time: a render with its first view's data, which no cache can spare;
// shown for what a render costs). The same samples on the idle server (no reads, no votes) are taken first,
// side by side. A page answered with the shell (render queue full) is counted, not hidden.
import { load, median, startLoadServer } from './lib.mjs';

const LOAD_SECONDS = 10;
const CONNECTIONS = 50;
const PAGES = ['/parliament-members', '/'];
const VOTES_PER_SECOND = 100;
export const TARGET_P50_MS = 20;

const batchUrl = (procedure, input) =>
  `/trpc/${procedure}?batch=1&input=${encodeURIComponent(JSON.stringify(input === undefined ? {} : { 0: { json: input } }))}`;

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** One GET: milliseconds until the response's headers (the first byte), and whether the server rendered it. */
async function sample(origin, path) {
  const started = performance.now();
  const response = await fetch(origin + path, { headers: { 'accept-language': 'en' } });
  const ttfb = performance.now() - started;
  const html = await response.text();
  // A page the server rendered carries its first view's data: React Router's context, or the hand-built
  // pipeline's state block in a reference build from before it.
  const rendered = html.includes('__reactRouterContext') || html.includes('id="codka-state"');
  return { ttfb, rendered: response.status === 200 && rendered };
}

/** Samples every (page, kind) in turn until `until()` says stop; at least `minimum` rounds. */
async function samples(origin, until, minimum = 20) {
  const series = {};
  let round = 0;
  while (round < minimum || !until()) {
    for (const page of PAGES) {
      for (const kind of ['cached', 'fresh']) {
        const path = kind === 'fresh' ? `${page}${page.includes('?') ? '&' : '?'}ttfb=${round}` : page;
        const { ttfb, rendered } = await sample(origin, path);
        const key = `${page} ${kind}`;
        series[key] ??= { ttfbMs: [], shells: 0 };
        const entry = series[key];
        entry.ttfbMs.push(ttfb);
        if (!rendered) entry.shells += 1;
      }
    }
    round += 1;
  }
  return Object.fromEntries(
    Object.entries(series).map(([key, { ttfbMs, shells }]) => [
      key,
      {
        samples: ttfbMs.length,
        p50Ms: Number(median(ttfbMs).toFixed(1)),
        p99Ms: Number(percentile(ttfbMs, 99).toFixed(1)),
        shells,
      },
    ]),
  );
}

/** P1 on the build in `tree` (the working directory's by default). */
export async function run({ log = (line) => console.error(`  ${line}`), tree } = {}) {
  log('building the volume database');
  const { server, volume, stop } = await startLoadServer('bench/volume-db.ts', [], tree);
  try {
    const publicUrls = [
      batchUrl('directory.members', { page: 1 }),
      batchUrl('elections.active'),
      batchUrl('polls.current'),
      batchUrl('polls.results', { pollId: volume.closedPollId }),
    ];
    // Warm the pages (the renderer's first call loads its module) and the reads.
    for (const page of PAGES) await sample(server.origin, page);
    log('page TTFB on the idle server');
    const idle = await samples(server.origin, () => true, 40);
    log(`page TTFB while R1's reads run (${CONNECTIONS} connections, ${LOAD_SECONDS} s)`);
    let loading = true;
    const reads = load({
      url: server.origin,
      connections: CONNECTIONS,
      duration: LOAD_SECONDS,
      maxSeconds: LOAD_SECONDS + 20,
      requests: publicUrls.map((path) => ({ method: 'GET', path })),
    }).finally(() => {
      loading = false;
    });
    log(`and poll votes by distinct citizens, ${VOTES_PER_SECOND} a second`);
    const votes = load({
      url: server.origin,
      connections: 4,
      duration: LOAD_SECONDS,
      overallRate: VOTES_PER_SECOND,
      maxSeconds: LOAD_SECONDS + 20,
      requests: [],
      citizens: {
        file: volume.citizensFile,
        kind: 'polls.vote',
        pollId: volume.openPollId,
        pollCandidateIds: volume.openPollCandidateIds,
      },
    });
    // Give autocannon a second to open its connections before sampling.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const underLoad = await samples(server.origin, () => !loading, 10);
    const [r1, cast] = await Promise.all([reads, votes]);
    return {
      idle,
      underLoad,
      r1: { requestsPerSecond: Math.round(r1.requestsPerSecond), p99Ms: r1.latencyMs?.p99 },
      votes: { perSecond: Math.round(cast.okPerSecond), ok: cast.ok, refused: cast.non2xx },
    };
  } finally {
    await stop();
  }
}

/**
 * The bench table's rows (scripts/bench.mjs): one per page and kind, under load, the idle figure beside; the
 * reference build's p50 in the sixth cell when it was measured.
 */
export function rowsOf(result, reference) {
  const votes = result.votes ? ` and ${result.votes.perSecond} votes/s` : '';
  return Object.entries(result.underLoad).map(([key, figures]) => {
    const idle = result.idle[key];
    const shells = figures.shells ? `, ${figures.shells} shell answers` : '';
    // A new address is a render whatever the cache does: shown for its cost, not held to the target.
    const fresh = key.endsWith(' fresh');
    return [
      'P1',
      `TTFB of ${key} page under R1's reads${votes} (p50; p99 ${figures.p99Ms} ms; idle p50 ${idle?.p50Ms} ms${shells})`,
      `${figures.p50Ms} ms`,
      fresh ? '' : `<= ${TARGET_P50_MS} ms`,
      fresh ? null : figures.p50Ms <= TARGET_P50_MS && figures.shells === 0,
      reference && `${reference.underLoad[key]?.p50Ms} ms`,
    ];
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await run();
  for (const row of rowsOf(result))
    console.log(
      `${row[1]}: ${row[2]} (${row[3] || 'no target'}) ${row[4] === null ? '' : row[4] ? 'PASS' : 'FAIL'}`,
    );
  console.log(`R1 meanwhile: ${result.r1.requestsPerSecond} req/s, p99 ${result.r1.p99Ms} ms`);
  console.log(`votes meanwhile: ${JSON.stringify(result.votes)}`);
}
