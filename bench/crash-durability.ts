// D1: the long crash test. Thousands of citizens vote against the built server, which is killed with SIGKILL
// twenty times mid-load and restarted on the same file; every confirmed vote must survive. Run by
// `npm run bench`, or alone: node --import tsx bench/crash-durability.ts [--json]
import { runCrashDurability } from '../tests/helpers/security/crash-run';

async function run() {
  return runCrashDurability({
    citizens: 3000,
    crashes: 20,
    concurrency: 64,
    entry: 'built',
    // One address sends every request here; the limits are for the real world's many addresses.
    env: { RATE_LIMITS: 'off' },
    log: (line) => console.error(`  ${line}`),
  });
}

const result = await run();
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(result));
} else {
  console.log(
    `crash durability: ${result.crashes} SIGKILLs, ${result.requests} requests from ${result.citizens} citizens, ` +
      `${result.acknowledgedVotes + result.acknowledgedPollVotes} confirmed votes, ${result.lostVotes} lost, ` +
      `integrity_check ${result.integrity}, ${(result.elapsedMs / 1000).toFixed(1)} s`,
  );
}
