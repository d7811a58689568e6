// S1: time from spawning the built server to its first 200 from /healthz, on an empty database
// (with and without the demo seed), and its idle memory.
import { readFileSync } from 'node:fs';
import { median, startServer } from './lib.mjs';

// Idle memory: RSS 1 s after the first 200, the median over the runs (one run alone varies by a few MB with
// where the young generation stood). It does not settle lower on its own: the same at 5 s and at 30 s.

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return kb / 1024;
}

async function measure(env, runs) {
  const times = [];
  const idle = [];
  for (let i = 0; i < runs; i++) {
    const server = await startServer(env);
    times.push(server.readyMs);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    idle.push(rssMb(server.pid));
    await server.stop();
  }
  return {
    medianMs: Math.round(median(times)),
    runsMs: times.map(Math.round),
    idleRssMb: Math.round(median(idle)),
    idleRunsMb: idle.map(Math.round),
  };
}

export async function run() {
  return {
    emptyDatabase: await measure({ SEED_DEMO: 'false' }, 5),
    withDemoSeed: await measure({ SEED_DEMO: 'true' }, 3),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await run();
  const empty = result.emptyDatabase;
  console.log(
    `cold start to /healthz 200 (empty db): median ${empty.medianMs} ms (${empty.runsMs.join(', ')}); ` +
      `idle RSS 1 s after it: median ${empty.idleRssMb} MB (${empty.idleRunsMb.join(', ')})`,
  );
  console.log(`cold start to /healthz 200 (seeding demo): median ${result.withDemoSeed.medianMs} ms`);
}
