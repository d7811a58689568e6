// R4: elections.results with 1,000,000 votes in one election, against the bare reference route in the
// same server and run (as R1 does). The read comes from running per-candidate counts kept by triggers, so
// its cost does not grow with the votes. Anonymous reads are served by the public
// cache; the signed-in row (a System Admin's session: admins are never served from the cache) goes through
// tRPC every time, so it shows the read itself.
// Run on its own: node bench/results-read.mjs (builds first if needed); `npm run bench` runs it too.
import { execSync } from 'node:child_process';
import { load, startLoadServer } from './lib.mjs';

const VOTES = 1_000_000;
const SECONDS = 10;
const CONNECTIONS = 50;

export async function run({ log = (line) => console.error(`  ${line}`) } = {}) {
  log(`building the database (${VOTES.toLocaleString('en-US')} votes in one election)`);
  const { server, volume, stop } = await startLoadServer('bench/results-db.ts', [String(VOTES)]);
  try {
    // The URL the typed client sends for the results page.
    const url = `/trpc/elections.results?batch=1&input=${encodeURIComponent(
      JSON.stringify({ 0: { json: { id: volume.electionId } } }),
    )}`;
    const referenceUrl = `/bench/reference?of=${encodeURIComponent(url)}`;
    // The signed-in row's yardstick: a one-row read (kindOf: the election's primary key) through tRPC too,
    // so what is left between the two is the results read itself, not the adapter.
    const oneRowUrl = `/trpc/elections.kindOf?batch=1&input=${encodeURIComponent(
      JSON.stringify({ 0: { json: { id: volume.electionId } } }),
    )}`;
    const signedIn = { cookie: volume.cookie };
    const [answer, reference, mine] = await Promise.all([
      fetch(server.origin + url).then(async (r) => [r.status, await r.text()]),
      fetch(server.origin + referenceUrl).then(async (r) => [r.status, await r.text()]),
      fetch(server.origin + url, { headers: signedIn }).then(async (r) => [r.status, await r.text()]),
    ]);
    if (answer[0] !== 200 || answer[1] !== reference[1] || mine[0] !== 200)
      throw new Error(
        `${url}: ${answer[0]} (signed in ${mine[0]}), same bytes as reference: ${answer[1] === reference[1]}`,
      );
    const reads = (path, headers) => ({
      url: server.origin,
      connections: CONNECTIONS,
      duration: SECONDS,
      maxSeconds: SECONDS + 20,
      requests: [{ method: 'GET', path, headers }],
    });
    log('warming up');
    await load({ ...reads(url), duration: 3 });
    await load({ ...reads(referenceUrl), duration: 3 });
    log(`bare reference route, ${CONNECTIONS} connections, ${SECONDS} s`);
    const bare = await load(reads(referenceUrl));
    log('elections.results, anonymous');
    const anonymous = await load(reads(url));
    log('elections.results, signed in as a System Admin (through tRPC, never cached)');
    const citizen = await load(reads(url, signedIn));
    log('elections.kindOf, signed in (a one-row read through tRPC, for comparison)');
    const oneRow = await load(reads(oneRowUrl, signedIn));
    return {
      votes: volume.votes,
      insertMs: volume.insertMs,
      seconds: SECONDS,
      connections: CONNECTIONS,
      bare,
      anonymous,
      citizen,
      oneRow,
    };
  } finally {
    await stop();
  }
}

const rate = (n) => `${Math.round(n).toLocaleString('en-US')}/s`;

/** The table rows: [id, what, measured, target, pass]. */
export function rowsOf(result) {
  const clean = (run) => run.non2xx === 0 && run.errors === 0 && run.timeouts === 0;
  const votes = result.votes.toLocaleString('en-US');
  const share = result.anonymous.requestsPerSecond / result.bare.requestsPerSecond;
  const againstOneRow = result.citizen.requestsPerSecond / result.oneRow.requestsPerSecond;
  return [
    [
      'R4',
      `elections.results with ${votes} votes in one election (anonymous), ${result.connections} connections, ${result.seconds} s: throughput vs bare Fastify route (same bytes, same run)`,
      `${rate(result.anonymous.requestsPerSecond)} vs ${rate(result.bare.requestsPerSecond)} = ${Math.round(share * 100)}%`,
      '>= 50%',
      share >= 0.5 && clean(result.anonymous),
    ],
    [
      'R4',
      `elections.results with ${votes} votes (anonymous) p99 latency`,
      `${result.anonymous.latencyMs.p99} ms (bare route ${result.bare.latencyMs.p99} ms)`,
      '<= 25 ms',
      result.anonymous.latencyMs.p99 <= 25 && clean(result.anonymous),
    ],
    [
      'R4',
      `elections.results with ${votes} votes, signed in as a System Admin (through tRPC, never cached) vs a one-row read (elections.kindOf) through tRPC`,
      `${rate(result.citizen.requestsPerSecond)} vs ${rate(result.oneRow.requestsPerSecond)} = ${Math.round(againstOneRow * 100)}%, p99 ${result.citizen.latencyMs.p99} ms vs ${result.oneRow.latencyMs.p99} ms`,
      '>= 50%',
      againstOneRow >= 0.5 && clean(result.citizen),
    ],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
  const result = await run();
  const verdict = (pass) => (pass === null ? '' : pass ? 'PASS' : 'FAIL');
  console.log('| id | what | target | measured | result |\n| --- | --- | --- | --- | --- |');
  for (const [id, what, measured, target, pass] of rowsOf(result))
    console.log(`| ${id} | ${what} | ${target} | ${measured} | ${verdict(pass)} |`);
}
