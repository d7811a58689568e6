// Verifiable ballots arriving at a steady rate, in their own process (as bench/load-worker.mjs runs autocannon):
// ballot i is sent at i / rate seconds whatever the server has answered so far, as voters arrive on their own.
// Autocannon cannot do that: it keeps at most `overallRate` connections, each waiting for its answer, so once the
// server takes more than a second to answer, fewer ballots arrive than asked. Called by bench/verifiable-load.mjs
// with a JSON config as its only argument; prints the result as JSON on its last line. Only 127.0.0.1.
//   config: { url, rate, file (entries { cookie, ballot }: bench/volume-db.ts --verifiable-voters), electionId,
//             maxSeconds }
import { readFileSync } from 'node:fs';

const config = JSON.parse(process.argv[2]);
if (!config.url.startsWith('http://127.0.0.1:')) throw new Error('load runs only against 127.0.0.1');
const voters = JSON.parse(readFileSync(config.file, 'utf8'));

const codes = {};
const latencies = [];
const retryAfter = [];
let errors = 0;
const controller = new AbortController();
const guard = setTimeout(() => controller.abort(), config.maxSeconds * 1000);

async function cast({ cookie, ballot }) {
  const started = performance.now();
  try {
    const response = await fetch(`${config.url}/trpc/votes.castBallot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', cookie },
      body: JSON.stringify({ json: { electionId: config.electionId, ballot } }),
      signal: controller.signal,
    });
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    codes[response.status] = (codes[response.status] ?? 0) + 1;
    const after = response.headers.get('retry-after');
    if (response.status === 429 && after !== null) retryAfter.push(Number(after));
  } catch {
    errors += 1;
  }
}

const started = performance.now();
const pending = [];
for (const [index, voter] of voters.entries()) {
  const due = started + (index * 1000) / config.rate;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  if (controller.signal.aborted) break;
  pending.push(cast(voter));
}
const sendingSeconds = (performance.now() - started) / 1000;
await Promise.all(pending);
const seconds = (performance.now() - started) / 1000;
clearTimeout(guard);

latencies.sort((a, b) => a - b);
const at = (share) =>
  Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0);
const count = (test) =>
  Object.entries(codes)
    .filter(([code]) => test(Number(code)))
    .reduce((sum, [, n]) => sum + n, 0);
console.log(
  JSON.stringify({
    sent: pending.length,
    sendingSeconds,
    seconds,
    sentPerSecond: pending.length / sendingSeconds,
    codes,
    ok: count((code) => code === 200),
    tooMany: count((code) => code === 429),
    serverErrors: count((code) => code >= 500),
    errors,
    retryAfterSeconds:
      retryAfter.length > 0 ? { min: Math.min(...retryAfter), max: Math.max(...retryAfter) } : null,
    latencyMs: { p50: at(0.5), p99: at(0.99), max: Math.round(latencies.at(-1) ?? 0) },
  }),
);
