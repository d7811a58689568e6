// R1, R2, R3 and S1's memory: load on the built server over a database with realistic volume
// (bench/volume-db.ts). Every load run is an autocannon child process (bench/load-worker.mjs) against
// 127.0.0.1, bounded in time or count. R1's reference is a bare Fastify route in the same server process
// (BENCH_REFERENCE, bench only) serving the very bytes the tRPC URL answers, measured in the same run.
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { BENCH_USSD_KEY, load, startLoadServer } from './lib.mjs';

export const R1_SECONDS = 10;
export const R1_CONNECTIONS = 50;

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

/** The highest resident memory of a process while `work` runs, sampled every 100 ms. */
async function peakRss(pid, work) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 100);
  try {
    return { result: await work(), peakRssMb: Math.round(peak) };
  } finally {
    clearInterval(timer);
  }
}

const batchUrl = (procedure, input) =>
  `/trpc/${procedure}?batch=1&input=${encodeURIComponent(JSON.stringify(input === undefined ? {} : { 0: { json: input } }))}`;

/** R1: the four public reads, each as the typed client sends it (one query, batch form). */
export function r1PublicUrls(volume) {
  return [
    batchUrl('directory.members', { page: 1 }),
    batchUrl('elections.active'),
    batchUrl('polls.current'),
    batchUrl('polls.results', { pollId: volume.closedPollId }),
  ];
}

/** An R1 load run's config for bench/lib.mjs's load(): `paths` by R1's connections for R1's time. */
export function r1Reads(server, paths, options = {}) {
  return {
    url: server.origin,
    connections: R1_CONNECTIONS,
    duration: R1_SECONDS,
    maxSeconds: R1_SECONDS + 20,
    requests: paths.map((path) => ({ method: 'GET', path, headers: options.headers })),
    ...options.config,
  };
}

/**
 * USSD sessions, one after another, while `work` runs: each a new number that dials, then opens this month's
 * poll, the latest results and where to register, as a phone's gateway posts them. Every screen's answer time.
 */
async function ussdDuring(server, work) {
  const times = [];
  let failed = 0;
  let running = true;
  const dial = async (session) => {
    const phoneNumber = `+25261${String(5_000_000 + session).padStart(7, '0')}`;
    for (const text of ['', '1', '4', '3']) {
      const started = performance.now();
      const response = await fetch(`${server.origin}/api/ussd?key=${BENCH_USSD_KEY}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ sessionId: `bench-${session}`, serviceCode: '*123#', phoneNumber, text }),
      });
      const answer = await response.text();
      times.push(performance.now() - started);
      if (response.status !== 200 || !/^(CON|END) /.test(answer)) failed += 1;
    }
  };
  const sessions = (async () => {
    for (let session = 1; running; session += 1) await dial(session);
  })();
  const result = await work();
  running = false;
  await sessions;
  times.sort((a, b) => a - b);
  const at = (share) => Math.round(times[Math.min(times.length - 1, Math.floor(times.length * share))]);
  return {
    result,
    ussd: { screens: times.length, failed, p50: at(0.5), p99: at(0.99), max: Math.round(times.at(-1)) },
  };
}

/** R2: every bench citizen casts one vote (votes.cast), then one poll vote (polls.vote); counts read after. */
async function voteLoad(server, volume, log) {
  const db = new Database(volume.databasePath, { readonly: true });
  const countVotes = () =>
    db.prepare('SELECT count(*) FROM votes WHERE election_id = ?').pluck().get(volume.electionId);
  const countPollVotes = () =>
    db.prepare('SELECT count(*) FROM poll_votes WHERE poll_id = ?').pluck().get(volume.openPollId);
  // The first and last vote's own time: autocannon ends an `amount` run on a whole-second tick, so its clock
  // alone puts 20,000 votes at 9.0 or 10.0 s (2,217 or 1,996/s) whatever happened in between.
  const span = (table, column, id, since) =>
    db
      .prepare(
        `SELECT (max(created_at) - min(created_at)) / 1000.0 FROM ${table} WHERE ${column} = ? AND created_at >= ?`,
      )
      .pluck()
      .get(id, since);
  const citizens = JSON.parse(readFileSync(volume.citizensFile, 'utf8')).length;
  const votesBefore = countVotes();
  const pollVotesBefore = countPollVotes();
  const voting = (kind) =>
    load({
      url: server.origin,
      connections: R1_CONNECTIONS,
      amount: citizens,
      maxSeconds: 120,
      requests: [],
      citizens: {
        file: volume.citizensFile,
        kind,
        electionId: volume.electionId,
        electionCandidateIds: volume.electionCandidateIds,
        pollId: volume.openPollId,
        pollCandidateIds: volume.openPollCandidateIds,
      },
    });
  log(`R2 votes.cast by ${citizens} distinct signed-in citizens`);
  const votesStart = Date.now();
  const votesCast = await voting('votes.cast');
  const votesRecorded = countVotes() - votesBefore;
  const votesSpan = span('votes', 'election_id', volume.electionId, votesStart);
  log(`R2 polls.vote by ${citizens} distinct signed-in citizens`);
  const pollVotesStart = Date.now();
  const pollVotes = await voting('polls.vote');
  const pollVotesRecorded = countPollVotes() - pollVotesBefore;
  const pollVotesSpan = span('poll_votes', 'poll_id', volume.openPollId, pollVotesStart);
  db.close();
  return {
    votesCast: { ...votesCast, citizens, recorded: votesRecorded, firstToLastSeconds: votesSpan },
    pollVotes: { ...pollVotes, citizens, recorded: pollVotesRecorded, firstToLastSeconds: pollVotesSpan },
  };
}

/**
 * `only: 'r2'` runs the votes alone (node bench/server-load.mjs --r2), `only: 'r1'` the reads alone (--r1): the
 * rest of the run is skipped. `tree`: the worktree whose build is measured (the working directory's by default).
 */
export async function run({ log = (line) => console.error(`  ${line}`), only = null, tree } = {}) {
  log('building the volume database (20,000 citizens with sessions, a month of poll votes)');
  const { server, volume, stop } = await startLoadServer('bench/volume-db.ts', [], tree);
  try {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idleRssMb = Math.round(rssMb(server.pid));
    if (only === 'r2') return { volume: volume.counts, r2: await voteLoad(server, volume, log) };

    const publicUrls = r1PublicUrls(volume);
    const referenceUrls = publicUrls.map((url) => `/bench/reference?of=${encodeURIComponent(url)}`);
    // A bench citizen (who voted in the closed poll R1 reads) and the bench System Admin (never cached).
    const [reader] = JSON.parse(readFileSync(volume.citizensFile, 'utf8'));
    const signedIn = { cookie: reader.cookie };
    const admin = { cookie: volume.adminCookie };
    for (const [index, url] of publicUrls.entries()) {
      const [trpc, reference, citizen] = await Promise.all(
        [[url], [referenceUrls[index]], [url, signedIn]].map(([u, headers]) =>
          fetch(server.origin + u, { headers }).then(async (r) => [r.status, await r.text()]),
        ),
      );
      if (trpc[0] !== 200 || trpc[1] !== reference[1] || citizen[1] !== trpc[1])
        throw new Error(
          `${url}: ${trpc[0]}, reference ${reference[0]}, same bytes: ${trpc[1] === reference[1]}, signed in ${citizen[0]} same: ${citizen[1] === trpc[1]}`,
        );
    }
    const reads = (paths, options) => r1Reads(server, paths, options);
    log('warming up');
    await load(reads([...publicUrls, ...referenceUrls], { config: { duration: 3 } }));
    await load(reads(publicUrls, { headers: signedIn, config: { duration: 2 } }));
    log(`R1 reference: bare Fastify route, same bytes, ${R1_CONNECTIONS} connections, ${R1_SECONDS} s`);
    const reference = await load(reads(referenceUrls));
    log('R1 public reads through /trpc');
    const { result: publicReads, peakRssMb: loadRssMb } = await peakRss(server.pid, () =>
      load(reads(publicUrls)),
    );
    log('R1 the same reads by a signed-in citizen (a real session cookie)');
    const signedInReads = await load(reads(publicUrls, { headers: signedIn }));
    log('R1 (for comparison) the same reads through tRPC, bypassing the cache');
    // A System Admin's reads always go through tRPC (drafts; every result once stepped up).
    const uncached = await load(reads(publicUrls, { headers: admin }));
    const r1 = {
      seconds: R1_SECONDS,
      connections: R1_CONNECTIONS,
      urls: publicUrls,
      reference,
      publicReads,
      signedInReads,
      uncached,
    };
    if (only === 'r1') return { volume: volume.counts, r1 };

    log('USSD sessions while R1 public reads run');
    const { ussd } = await ussdDuring(server, () => load(reads(publicUrls)));

    log('R3 sign-in storm (argon2id) at the same time as R1');
    const { result: storm, peakRssMb: stormRssMb } = await peakRss(server.pid, () =>
      Promise.all([
        load(reads(publicUrls)),
        load({
          url: server.origin,
          connections: 16,
          duration: R1_SECONDS,
          maxSeconds: R1_SECONDS + 30,
          requests: [],
          citizens: { file: volume.citizensFile, kind: 'auth.signIn', password: volume.password },
        }),
      ]),
    );
    const [stormReads, signIns] = storm;

    const r2 = await voteLoad(server, volume, log);

    return {
      volume: volume.counts,
      idleRssMb,
      r1,
      r2,
      r3: { reads: stormReads, signIns },
      ussd,
      memory: { idleRssMb, loadRssMb, stormRssMb },
    };
  } finally {
    await stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = ['r1', 'r2'].find((part) => process.argv.includes(`--${part}`)) ?? null;
  console.log(JSON.stringify(await run({ only }), null, 2));
}

const rate = (n) => `${Math.round(n).toLocaleString('en-US')}/s`;

/** R1's reads against the bare route: each throughput, its share of the route's, whether every answer was clean. */
function r1Figures({ reference, publicReads, signedInReads, uncached }) {
  const clean = (run) => run.non2xx === 0 && run.errors === 0 && run.timeouts === 0;
  const share = (run) => run.requestsPerSecond / reference.requestsPerSecond;
  const versus = (run) =>
    `${rate(run.requestsPerSecond)} vs ${rate(reference.requestsPerSecond)} = ${Math.round(share(run) * 100)}%`;
  return {
    public: versus(publicReads),
    publicP99: `${publicReads.latencyMs.p99} ms (bare route ${reference.latencyMs.p99} ms)`,
    signedIn: `${versus(signedInReads)}, p99 ${signedInReads.latencyMs.p99} ms`,
    uncached: `${rate(uncached.requestsPerSecond)}, p99 ${uncached.latencyMs.p99} ms`,
    publicPass: share(publicReads) >= 0.5 && clean(publicReads),
    publicP99Pass: publicReads.latencyMs.p99 <= 25 && clean(publicReads),
    signedInPass: share(signedInReads) >= 0.5 && signedInReads.latencyMs.p99 <= 25 && clean(signedInReads),
    clean,
  };
}

/**
 * The table rows for R1, R2, R3 and S1's memory: [id, what, measured, target, pass], and R1's figures on the
 * reference build (a run with `only: 'r1'`) in a sixth cell when it was measured.
 */
export function rowsOf(result, reference) {
  const { publicReads } = result.r1;
  const r1 = r1Figures(result.r1);
  const before = reference && r1Figures(reference.r1);
  const { clean } = r1;
  const storm = result.r3.reads;
  // Autocannon ends an `amount` run on a whole-second tick, so its own rate can only be 20,000 / 9, / 10, / 11 s
  // (2,222, 2,000 or 1,818 per second): the rate judged is the recorded votes over the time from the first to the
  // last vote stored, and autocannon's is printed beside it.
  const accepted = (run) =>
    run.firstToLastSeconds > 0 ? run.recorded / run.firstToLastSeconds : run.okPerSecond;
  const votesRow = (name, run) => [
    'R2',
    `${name} by ${run.citizens.toLocaleString('en-US')} distinct signed-in citizens (50 connections)`,
    `${rate(accepted(run))} accepted (first to last stored vote; autocannon's whole-second clock: ${rate(run.okPerSecond)}); ${run.recorded} recorded; ${run.serverErrors} 5xx`,
    '>= 2,000/s, exact count, no 5xx',
    accepted(run) >= 2000 &&
      run.recorded === run.citizens &&
      run.ok === run.citizens &&
      run.serverErrors === 0,
  ];
  return [
    [
      'R1',
      `public reads, ${result.r1.connections} connections, ${result.r1.seconds} s: throughput vs bare Fastify route (same bytes, same process, same run)`,
      r1.public,
      '>= 50%',
      r1.publicPass,
      before?.public,
    ],
    ['R1', 'public reads p99 latency', r1.publicP99, '<= 25 ms', r1.publicP99Pass, before?.publicP99],
    [
      'R1',
      'signed-in reads (R1 with a session cookie) vs bare route',
      r1.signedIn,
      '>= 50%, p99 <= 25 ms',
      r1.signedInPass,
      before?.signedIn,
    ],
    [
      'R1',
      "for comparison: the same reads through the tRPC adapter without the public cache (a System Admin's session)",
      r1.uncached,
      '',
      null,
      before?.uncached,
    ],
    [
      'R1',
      `USSD screens answered while R1's public reads run (sessions one after another: menu, poll, results, centres)`,
      `p50 ${result.ussd.p50} ms, p99 ${result.ussd.p99} ms, max ${result.ussd.max} ms over ${result.ussd.screens} screens; ${result.ussd.failed} failed`,
      '<= 1,000 ms each',
      result.ussd.max <= 1000 && result.ussd.failed === 0 && result.ussd.screens > 0,
    ],
    votesRow('votes.cast', result.r2.votesCast),
    votesRow('polls.vote', result.r2.pollVotes),
    [
      'R3',
      `R1's p99 during a sign-in storm (argon2id, 16 connections: ${rate(result.r3.signIns.okPerSecond)} sign-ins, ${result.r3.signIns.non2xx} refused)`,
      `${storm.latencyMs.p99} ms (${rate(storm.requestsPerSecond)}; ${publicReads.latencyMs.p99} ms without the storm)`,
      '< 50 ms',
      storm.latencyMs.p99 < 50 && clean(storm) && result.r3.signIns.non2xx === 0,
    ],
    [
      'S1',
      `idle memory (RSS) on the volume database (${result.volume.citizens.toLocaleString('en-US')} accounts)`,
      `${result.memory.idleRssMb} MB`,
      '<= 100 MB',
      result.memory.idleRssMb <= 100,
    ],
    [
      'S1',
      'peak memory (RSS) under the R1 load',
      `${result.memory.loadRssMb} MB`,
      '<= 200 MB',
      result.memory.loadRssMb <= 200,
    ],
    ['S1', 'peak memory (RSS) under R1 plus the sign-in storm', `${result.memory.stormRssMb} MB`, '', null],
  ];
}
