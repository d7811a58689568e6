// V2: R1's public reads while verifiable ballots arrive. The built server on the volume database with an open
// verifiable election (bench/volume-db.ts --verifiable-voters): R1 alone first, then R1 again while another process
// (bench/cast-worker.mjs) casts valid ballots (votes.castBallot, one per distinct voter, each with the voter's
// Codka credential and session) arriving at `rate` per second whatever the server answers: the rate one core
// verifies (V1, bench/ballot-verify.ts). The server's verification pool answers 429 with Retry-After when its line
// is full; those are counted, not hidden.
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { load, startLoadServer } from './lib.mjs';
import { R1_SECONDS, r1PublicUrls, r1Reads } from './server-load.mjs';

/** Ballots start this long before R1 and end about as long after it, so that R1 runs under them throughout. */
const MARGIN_SECONDS = 1;

const run$ = promisify(execFile);
async function castBallots(config) {
  const { stdout } = await run$(process.execPath, ['bench/cast-worker.mjs', JSON.stringify(config)], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1));
}

const loadAverage = () => Number(loadavg()[0].toFixed(1));

export async function run({ rate, log = (line) => console.error(`  ${line}`) }) {
  const perSecond = Math.max(1, Math.round(rate));
  const voters = perSecond * (R1_SECONDS + 2 * MARGIN_SECONDS);
  log(
    `building the volume database with a verifiable election of ${voters} voters (their ballots encrypted)`,
  );
  const { server, volume, stop } = await startLoadServer('bench/volume-db.ts', [
    `--verifiable-voters=${voters}`,
  ]);
  try {
    const urls = r1PublicUrls(volume);
    const reads = (config) => r1Reads(server, urls, { config });
    log('warming up');
    await load(reads({ duration: 3 }));
    log('R1 public reads alone');
    const loadBefore = loadAverage();
    const alone = await load(reads());
    // The same rate of standard votes (votes.cast, in the volume database's standard election): each accepted
    // write empties the public cache as a ballot does, without a ballot's verification.
    log(`R1 public reads while ${voters} standard votes arrive at ${perSecond}/s`);
    const [votes, duringVotes] = await Promise.all([
      load({
        url: server.origin,
        connections: perSecond,
        amount: voters,
        overallRate: perSecond,
        maxSeconds: R1_SECONDS + 60,
        requests: [],
        citizens: {
          file: volume.citizensFile,
          kind: 'votes.cast',
          electionId: volume.electionId,
          electionCandidateIds: volume.electionCandidateIds,
        },
      }),
      new Promise((resolve) => setTimeout(resolve, MARGIN_SECONDS * 1000)).then(() => load(reads())),
    ]);
    log(`R1 public reads while ${voters} ballots arrive at ${perSecond}/s`);
    const loadDuring = loadAverage();
    const [ballots, during] = await Promise.all([
      castBallots({
        url: server.origin,
        rate: perSecond,
        file: volume.verifiable.ballotsFile,
        electionId: volume.verifiable.electionId,
        maxSeconds: R1_SECONDS + 60,
      }),
      new Promise((resolve) => setTimeout(resolve, MARGIN_SECONDS * 1000)).then(() => load(reads())),
    ]);
    const db = new Database(volume.databasePath, { readonly: true });
    const stored = db
      .prepare('SELECT count(*) FROM encrypted_ballots WHERE election_id = ?')
      .pluck()
      .get(volume.verifiable.electionId);
    db.close();
    return {
      rate: perSecond,
      voters,
      alone,
      during,
      ballots: { ...ballots, stored },
      duringVotes,
      votes,
      loadAverage: { before: loadBefore, during: loadDuring, after: loadAverage() },
    };
  } finally {
    await stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rate = Number(process.argv[2]);
  if (!(rate > 0)) throw new Error('usage: node bench/verifiable-load.mjs <ballots per second>');
  console.log(JSON.stringify(await run({ rate }), null, 2));
}

const rate = (n) => `${Math.round(n).toLocaleString('en-US')}/s`;

/** V1's and V2's rows: `verify` is bench/ballot-verify.ts's summary, `reads` this file's run. */
export function rowsOf({ verify, reads: v2 }) {
  const { codka, beleniosTool: tool, floor } = verify;
  const { alone, during, ballots } = v2;
  const clean = (run) => run.non2xx === 0 && run.errors === 0 && run.timeouts === 0;
  const others = ballots.sent - ballots.ok - ballots.tooMany - ballots.errors;
  const retry = ({ retryAfterSeconds: after }) =>
    after ? ` (Retry-After ${after.min === after.max ? after.min : `${after.min} to ${after.max}`} s)` : '';
  return [
    [
      'V1',
      `verified ${verify.candidates}-candidate ballots per second per core: ${verify.ballots} ballots (${verify.ballots - verify.toolBallots} from the core's encryptBallot, ${verify.toolBallots} from belenios-tool generate-ballot) through the server's verification pool (one worker, OpenSSL), CPU time of the whole process (load average ${verify.loadAverage.before} to ${verify.loadAverage.afterCodka}, shared machine)`,
      `${rate(codka.perCoreRate)} per core (${codka.cpuMsPerBallot.toFixed(1)} ms CPU a ballot; one worker: ${rate(codka.oneWorkerWallRate)} wall clock)`,
      '>= 100/s per core',
      codka.perCoreRate >= 100 && codka.wrongTrackers === 0,
    ],
    [
      'V1',
      `where a ballot's time goes: the same ballots verified on one thread with the worker's engines took ${floor.perBallot.threadMs.toFixed(1)} ms of CPU each, of which ${floor.perBallot.variablePowers} variable-base powers by OpenSSL (${floor.perBallot.membershipPowers} of them group-membership checks) ${floor.perBallot.variableMs.toFixed(1)} ms, timed as they ran, and ${floor.perBallot.gPowers} powers of g and ${floor.perBallot.keyPowers} of the election key from tables about ${floor.perBallot.tableMs.toFixed(1)} ms, timed apart: what a core could give if parsing, hashing and the hand-off to the worker cost nothing`,
      `${rate(floor.perCoreRate)} per core at most (${floor.msPerBallot.toFixed(1)} ms of powers a ballot)`,
      '',
      null,
    ],
    [
      'V1',
      'for comparison: belenios-tool 2.0 `election verify` on the same ballots (CPU time with them less without them)',
      `${rate(tool.perCoreRate)} per core (${tool.cpuMsPerBallot.toFixed(1)} ms CPU a ballot)`,
      '',
      null,
    ],
    [
      'V2',
      `R1's public reads p99 while valid verifiable ballots arrive at ${v2.rate}/s (V1's rate; distinct voters with Codka credentials, each ballot sent on time whatever the server answered), beside R1 alone in the same run (load average ${v2.loadAverage.before} alone, ${v2.loadAverage.during} as the ballots start, shared machine)`,
      `${during.latencyMs.p99} ms (${rate(during.requestsPerSecond)}); R1 alone ${alone.latencyMs.p99} ms (${rate(alone.requestsPerSecond)})`,
      '<= 25 ms',
      during.latencyMs.p99 <= 25 && clean(during),
    ],
    [
      'V2',
      `for comparison: R1's public reads p99 while standard votes (votes.cast) arrive at the same rate: each accepted one empties the public cache as a ballot does, and costs no verification (${v2.votes.ok} of ${v2.votes.requests} accepted, ${v2.votes.serverErrors} 5xx)`,
      `${v2.duringVotes.latencyMs.p99} ms (${rate(v2.duringVotes.requestsPerSecond)})`,
      '',
      null,
    ],
    [
      'V2',
      `ballots during V2: ${ballots.sent} sent at ${rate(ballots.sentPerSecond)} over ${ballots.sendingSeconds.toFixed(1)} s`,
      `${ballots.ok} accepted (${ballots.stored} stored), ${ballots.tooMany} answered 429${retry(ballots)}, ${others} other answers (${ballots.serverErrors} of them 5xx), ${ballots.errors} without an answer; answered in p50 ${ballots.latencyMs.p50} ms, p99 ${ballots.latencyMs.p99} ms`,
      'no 5xx, every accepted ballot stored',
      ballots.serverErrors === 0 && ballots.errors === 0 && ballots.stored === ballots.ok,
    ],
  ];
}
