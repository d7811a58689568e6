// V1: verified five-candidate ballots per second per core, through the server's own path: the verification pool
// (server/belenios/verify-pool.ts) and its worker with OpenSSL's exponentiation, given each ballot as
// votes.castBallot gives it (the election's text and the voter's public credential). The ballots are made once,
// before the clock starts: most by the core's encryptBallot (the browser's code), a few by
// `belenios-tool election generate-ballot`. The figure is CPU time (the whole process's, every thread: the
// pool's worker and the main thread that feeds it), so the shared machine's other work is not counted as ours.
// The reference is belenios-tool 2.0 verifying the same ballots (`election verify` on an archive holding them,
// less the same archive without them), also in CPU time.
// Run: node --import tsx bench/ballot-verify.ts; prints a JSON summary on its last line.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { opensslPowMod } from '@server/belenios/openssl-modexp';
import { opensslSha256 } from '@server/belenios/openssl-sha256';
import { VerifyPool } from '@server/belenios/verify-pool';
import {
  ArchiveWriter,
  ballotTracker,
  encryptBallot,
  setModularExponentiation,
  setSha256,
  verifyBallot,
} from '@shared/belenios';
import { powG, powKey, Q, randomExponent } from '@shared/belenios/group';
import { benchElection, choiceOf } from './verifiable-setup';

const BALLOTS = 160;
const TOOL_BALLOTS = 5;
/** Verified first and not counted: the worker's start, its first parse of the election, the JIT. */
const WARM_UP = 8;
const BELENIOS_TOOL = '/usr/bin/belenios-tool';
const TIME = '/usr/bin/time';

const load = () => Number((loadavg()[0] ?? 0).toFixed(1));
const loadBefore = load();
const folder = mkdtempSync(join(tmpdir(), 'codka-ballot-verify-'));
try {
  const made = benchElection(BALLOTS + WARM_UP);
  const archiveName = `${made.uuid}.bel`;
  const toolDir = join(folder, 'generate');
  mkdirSync(toolDir);
  writeFileSync(join(toolDir, archiveName), made.archive);

  // The tool reads /dev/random by default, which can block on an idle machine; urandom is what its demo uses.
  const toolEnv = { ...process.env, BELENIOS_USE_URANDOM: '1' };
  const toolBallot = (index: number) => {
    writeFileSync(join(toolDir, 'cred'), made.credentials[index] ?? '');
    writeFileSync(join(toolDir, 'vote'), JSON.stringify(choiceOf(index)));
    return execFileSync(
      BELENIOS_TOOL,
      ['election', 'generate-ballot', '--privcred', 'cred', '--ballot', 'vote'],
      // Its progress lines ("I: loading vote...") go to its stderr, kept out of the bench's output.
      { cwd: toolDir, env: toolEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    ).trim();
  };
  const ballots = made.credentials.map((credential, index) =>
    index < TOOL_BALLOTS
      ? toolBallot(index)
      : encryptBallot(made.election, credential, choiceOf(index)).ballot,
  );
  const measured = ballots.slice(0, BALLOTS);
  const warmUp = ballots.slice(BALLOTS);

  // One worker: its CPU time per ballot is what one core gives, whatever the pool's size on a larger machine.
  const pool = new VerifyPool({ size: 1, queueLimit: ballots.length });
  const verify = (ballot: string, index: number) =>
    pool.run({
      kind: 'ballot',
      electionText: made.electionText,
      credentials: [made.publics[index] ?? ''],
      ballot,
    });
  await Promise.all(warmUp.map((ballot, i) => verify(ballot, BALLOTS + i)));
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  const verified = await Promise.all(measured.map((ballot, i) => verify(ballot, i)));
  const wallSeconds = (performance.now() - wallStart) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  await pool.close();
  const loadAfterCodka = load();
  const wrongTrackers = verified.filter((v, i) => v.tracker !== ballotTracker(measured[i] ?? '')).length;
  // The same ballots checked again by the core on this thread: a pool that accepted a ballot the core refuses
  // would make the figure meaningless.
  for (const ballot of measured) verifyBallot(ballot, made.election, made.credentialList);
  const floor = exponentiationFloor(measured, made);

  // belenios-tool: the setup alone, then the setup and the measured ballots, each `election verify`'d once.
  const withBallots = ArchiveWriter.resume(made.archive);
  for (const ballot of measured) withBallots.addBallot(ballot);
  const toolVerify = (name: string, bytes: Uint8Array) => {
    const dir = join(folder, name);
    mkdirSync(dir);
    writeFileSync(join(dir, archiveName), bytes);
    const run = spawnSync(TIME, ['-f', 'cpu %U %S', BELENIOS_TOOL, 'election', 'verify'], {
      cwd: dir,
      env: toolEnv,
      encoding: 'utf8',
    });
    if (run.status !== 0 || !run.stderr.includes('all checks passed'))
      throw new Error(`belenios-tool election verify failed (${run.status}): ${run.stderr}`);
    const [user, system] = (/cpu (\S+) (\S+)/.exec(run.stderr)?.slice(1) ?? []).map(Number);
    return (user ?? 0) + (system ?? 0);
  };
  const setupSeconds = toolVerify('setup', made.archive);
  const ballotsSeconds = toolVerify('ballots', withBallots.bytes());
  const toolPerBallot = (ballotsSeconds - setupSeconds) / BALLOTS;

  console.log(
    JSON.stringify({
      ballots: BALLOTS,
      toolBallots: TOOL_BALLOTS,
      candidates: made.election.questions[0]?.answers.length,
      codka: {
        cpuSeconds,
        cpuMsPerBallot: (cpuSeconds * 1000) / BALLOTS,
        perCoreRate: BALLOTS / cpuSeconds,
        wallSeconds,
        oneWorkerWallRate: BALLOTS / wallSeconds,
        wrongTrackers,
      },
      floor,
      beleniosTool: {
        setupCpuSeconds: setupSeconds,
        withBallotsCpuSeconds: ballotsSeconds,
        cpuMsPerBallot: toolPerBallot * 1000,
        perCoreRate: 1 / toolPerBallot,
      },
      loadAverage: { before: loadBefore, afterCodka: loadAfterCodka, after: load() },
    }),
  );
} finally {
  rmSync(folder, { recursive: true, force: true });
}

/** CPU milliseconds one call of `run` takes, over about a second of CPU time. */
function cpuMsEach(run: () => void): number {
  const start = process.cpuUsage();
  const used = () => {
    const { user, system } = process.cpuUsage(start);
    return (user + system) / 1000;
  };
  let calls = 0;
  while (used() < 1000) {
    run();
    calls++;
  }
  return used() / calls;
}

/**
 * Where a ballot's time goes, with the worker's engines on this thread: the ballots are verified again, the
 * variable-base powers (OpenSSL) counted and timed as they run; the table powers are one of g and one of the key
 * per disjunct of every proof, and one of g for the signature (proofs.ts, ballot-verify.ts), timed right after.
 * Their sum is what a core could give if parsing, hashing and the hand-off to the worker were free.
 */
function exponentiationFloor(ballots: readonly string[], made: ReturnType<typeof benchElection>) {
  let variablePowers = 0;
  let membershipPowers = 0;
  let variableMs = 0;
  setModularExponentiation((base, exponent) => {
    variablePowers++;
    // group.ts's isElement raises to q - 1: the membership checks among the powers.
    if (exponent === Q - 1n) membershipPowers++;
    const start = performance.now();
    const power = opensslPowMod(base, exponent);
    variableMs += performance.now() - start;
    return power;
  });
  setSha256(opensslSha256);
  const cpuStart = process.cpuUsage();
  for (const ballot of ballots) verifyBallot(ballot, made.election, made.credentialList);
  const { user, system } = process.cpuUsage(cpuStart);
  const disjuncts = made.election.questions.reduce(
    (sum, q) => sum + q.answers.length * 2 + (q.max - q.min + 1),
    0,
  );
  const y = made.election.publicKey;
  // Exponents drawn before the clocks start, so that drawing them is not counted.
  const exponents = Array.from({ length: 64 }, randomExponent);
  let i = 0;
  const next = () => exponents[i++ % exponents.length] as bigint;
  const gMs = cpuMsEach(() => powG(next()));
  const keyMs = cpuMsEach(() => powKey(y, next()));
  const n = ballots.length;
  const perBallot = {
    threadMs: (user + system) / 1000 / n,
    variablePowers: variablePowers / n,
    membershipPowers: membershipPowers / n,
    variableMs: variableMs / n,
    gPowers: disjuncts + 1,
    keyPowers: disjuncts,
    tableMs: (disjuncts + 1) * gMs + disjuncts * keyMs,
  };
  const msPerBallot = perBallot.variableMs + perBallot.tableMs;
  return { perBallot, msPerBallot, perCoreRate: 1000 / msPerBallot };
}
