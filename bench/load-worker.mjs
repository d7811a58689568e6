// One autocannon run in its own process, so the load generator never shares the server's event loop (nor
// the bench's). Called by bench/server-load.mjs with a JSON config as its only argument; prints the result
// as JSON on its last line. Only 127.0.0.1, bounded by duration or amount, and stopped after maxSeconds
// whatever happens.
//   config: { url, connections, duration?, amount?, overallRate?, maxSeconds, requests: [{ method, path, headers?, body? }],
//             citizens?: { file, body: 'votes.cast' | 'polls.vote' | 'auth.signIn', ...ids } }
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const config = JSON.parse(process.argv[2]);
if (!config.url.startsWith('http://127.0.0.1:')) throw new Error('load runs only against 127.0.0.1');

let requests = config.requests;
if (config.citizens) {
  // Each request belongs to the next citizen: distinct signed-in citizens, one request each.
  const citizens = JSON.parse(readFileSync(config.citizens.file, 'utf8'));
  const { kind, password, electionId, electionCandidateIds, pollId, pollCandidateIds } = config.citizens;
  let next = 0;
  const bodyFor = (citizen, index) => {
    if (kind === 'votes.cast')
      return { electionId, candidateId: electionCandidateIds[index % electionCandidateIds.length] };
    if (kind === 'polls.vote')
      return { pollId, candidateId: pollCandidateIds[index % pollCandidateIds.length] };
    return { email: citizen.email, password };
  };
  requests = [
    {
      method: 'POST',
      path: `/trpc/${kind}`,
      setupRequest(request) {
        const index = next % citizens.length;
        next += 1;
        const citizen = citizens[index];
        return {
          ...request,
          headers: {
            ...request.headers,
            'content-type': 'application/json',
            'sec-fetch-site': 'same-origin',
            // Sign-ins arrive without a session; votes carry the citizen's own.
            ...(kind === 'auth.signIn' ? {} : { cookie: citizen.cookie }),
          },
          body: JSON.stringify({ json: bodyFor(citizen, index) }),
        };
      },
    },
  ];
}

// Our own clock: autocannon's duration counts whole seconds, which made a 20,000-vote run's rate jump by 12%.
const started = performance.now();
const instance = autocannon({
  url: config.url,
  connections: config.connections,
  ...(config.amount ? { amount: config.amount } : { duration: config.duration }),
  requests,
  timeout: 10,
  // A steady stream (page-ttfb.mjs's votes), when asked: requests per second over all connections.
  ...(config.overallRate ? { overallRate: config.overallRate } : {}),
});
const guard = setTimeout(() => instance.stop(), config.maxSeconds * 1000);
const result = await instance;
const seconds = (performance.now() - started) / 1000;
clearTimeout(guard);
const codes = Object.fromEntries(
  Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]),
);
const serverErrors = Object.entries(codes)
  .filter(([code]) => Number(code) >= 500)
  .reduce((sum, [, count]) => sum + count, 0);
console.log(
  JSON.stringify({
    seconds,
    requests: result.requests.total,
    ok: result['2xx'],
    non2xx: result.non2xx,
    serverErrors,
    errors: result.errors,
    timeouts: result.timeouts,
    codes,
    requestsPerSecond: result.requests.total / seconds,
    okPerSecond: result['2xx'] / seconds,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    bytesPerSecond: result.throughput.average,
  }),
);
