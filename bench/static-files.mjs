// S2: the server's own time for the built client's files, the scripts a first visit to / names (its script tags
// and preload links), each asked for with Brotli as a browser asks: CONCURRENCY requests at a time, REQUESTS in
// all, in turn over the scripts, after a warm-up. The server's CPU time (its process's user and system time from
// /proc) per request is the figure: on a shared 2-core machine it varies far less than the wall time, which is
// shown beside it as requests per second.
import { readFileSync } from 'node:fs';
import { median, startServer } from './lib.mjs';

const CONCURRENCY = 8;
const REQUESTS = 4000;
const WARM_UP = 400;
const RUNS = 3;

/** The process's CPU time in milliseconds (user + system; the kernel counts in hundredths of a second). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The scripts the HTML of / names, each once. */
async function scriptsOf(origin) {
  const html = await (await fetch(`${origin}/`, { headers: { 'accept-language': 'en' } })).text();
  const found = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
  const scripts = [...new Set(found)];
  if (scripts.length === 0) throw new Error('the HTML of / names no script under /assets/');
  return scripts;
}

async function requests(origin, scripts, count) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const path = scripts[next++ % scripts.length];
        const response = await fetch(origin + path, { headers: { 'accept-encoding': 'br, gzip' } });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      }
    }),
  );
}

/** S2 on the build in `tree` (the working directory's by default). */
export async function run({ tree } = {}) {
  const server = await startServer({ SEED_DEMO: 'false' }, tree);
  try {
    const scripts = await scriptsOf(server.origin);
    await requests(server.origin, scripts, WARM_UP);
    const cpuPerRequest = [];
    const perSecond = [];
    for (let i = 0; i < RUNS; i++) {
      const cpuBefore = cpuMs(server.pid);
      const started = performance.now();
      await requests(server.origin, scripts, REQUESTS);
      const seconds = (performance.now() - started) / 1000;
      cpuPerRequest.push((cpuMs(server.pid) - cpuBefore) / REQUESTS);
      perSecond.push(REQUESTS / seconds);
    }
    return {
      scripts: scripts.length,
      requests: REQUESTS,
      concurrency: CONCURRENCY,
      cpuMsPerRequest: Number(median(cpuPerRequest).toFixed(2)),
      cpuMsRuns: cpuPerRequest.map((ms) => Number(ms.toFixed(2))),
      requestsPerSecond: Math.round(median(perSecond)),
    };
  } finally {
    await server.stop();
  }
}

export function rowsOf(result, reference) {
  return [
    [
      'S2',
      `server CPU per script request, the ${result.scripts} scripts / names, Brotli, ${result.concurrency} at a time (median of ${result.cpuMsRuns.length} runs of ${result.requests}: ${result.cpuMsRuns.join(', ')} ms)`,
      `${result.cpuMsPerRequest} ms`,
      '',
      null,
      reference && `${reference.cpuMsPerRequest} ms`,
    ],
    [
      'S2',
      'script requests per second meanwhile (median)',
      String(result.requestsPerSecond),
      '',
      null,
      reference && String(reference.requestsPerSecond),
    ],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of rowsOf(await run())) console.log(`${row[1]}: ${row[2]}`);
}
