// The render-budget attack: a flood of new page addresses against a running server, on loopback only.
// An attacker address (127.0.0.2) asks for `PATH?z=N` (every one a new render) with CONCURRENCY requests in flight,
// optionally paced to RATE a second; a victim address (127.0.0.3) meanwhile reads a cached page, a cached tRPC read
// and /healthz. Prints the attacker's rate and answers (full pages, shells, 429s) and the victim's latencies.
// Usage: npx node bench/page-flood.mjs http://127.0.0.1:3461 /senators SECONDS CONCURRENCY junk [RATE]
import http from 'node:http';

const [
  ,
  ,
  base = 'http://127.0.0.1:3461',
  path = '/senators',
  seconds = '10',
  conc = '16',
  mode = 'junk',
  rate = '0',
] = process.argv;
const url = new URL(base);
function get(p, localAddress, headers = {}) {
  return new Promise((resolve) => {
    const t = performance.now();
    const req = http.request(
      { host: url.hostname, port: url.port, path: p, localAddress, headers, agent: false },
      (res) => {
        let n = 0;
        res.on('data', (c) => {
          n += c.length;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            ms: performance.now() - t,
            bytes: n,
            enc: res.headers['content-encoding'],
          }),
        );
      },
    );
    req.on('error', (e) => resolve({ status: `err ${e.code}`, ms: performance.now() - t }));
    req.end();
  });
}
const until = Date.now() + Number(seconds) * 1000;
const codes = {};
let n = 0;
let i = 0;
const attack = async () => {
  while (Date.now() < until) {
    const r = await get(mode === 'junk' ? `${path}?z=${Date.now()}-${i++}` : path, '127.0.0.2', {
      'accept-encoding': 'br',
    });
    const k = `${r.status}${r.bytes < 5000 ? '-shell' : ''}`;
    codes[k] = (codes[k] ?? 0) + 1;
    n++;
    if (Number(rate))
      await new Promise((res) => setTimeout(res, Math.max(0, (1000 * Number(conc)) / Number(rate) - r.ms)));
  }
};
const victimTimes = { page: [], trpc: [], health: [] };
const victim = async () => {
  while (Date.now() < until) {
    victimTimes.page.push((await get('/polls/history', '127.0.0.3')).ms);
    victimTimes.trpc.push((await get('/trpc/polls.history', '127.0.0.3')).ms);
    victimTimes.health.push((await get('/healthz', '127.0.0.3')).ms);
    await new Promise((r) => setTimeout(r, 20));
  }
};
const pct = (a, p) => {
  const s = [...a].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))]?.toFixed(1);
};
const t0 = Date.now();
await Promise.all([...Array(Number(conc))].map(attack).concat(victim()));
const secs = (Date.now() - t0) / 1000;
console.log(
  JSON.stringify({
    path,
    mode,
    conc: Number(conc),
    attackerRequestsPerSecond: +(n / secs).toFixed(1),
    codes,
    victim: Object.fromEntries(
      Object.entries(victimTimes).map(([k, v]) => [
        k,
        { n: v.length, p50: pct(v, 0.5), p99: pct(v, 0.99), max: pct(v, 1) },
      ]),
    ),
  }),
);
