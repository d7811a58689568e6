import { describe, expect, it } from 'vitest';
import { runCrashDurability } from '../../helpers/security/crash-run';
import { reportFigures } from '../../helpers/security/figures';

/**
 * The short version of the crash test: the server runs from the sources under test (bundled for the run, so no
 * build is needed beforehand), is killed with SIGKILL three times with votes in flight and restarted on the same file. The long version,
 * against the built server with thousands of citizens and twenty crashes, is `npm run bench`.
 */
describe('crash durability', () => {
  it('keeps every vote it confirmed through three SIGKILLs mid-load', async () => {
    const result = await runCrashDurability({ citizens: 150, crashes: 3, concurrency: 24, entry: 'sources' });
    expect(result.lostVotes).toBe(0);
    expect(result.serverErrors).toBe(0);
    expect(result.integrity).toBe('ok');
    expect(
      result.inFlightAtKills.every((count) => count > 0),
      'each kill hit requests in flight',
    ).toBe(true);
    reportFigures(
      'crash-durability',
      `crash durability: ${result.crashes} SIGKILLs mid-load (${result.inFlightAtKills.join(', ')} requests in flight), ` +
        `${result.requests} requests from ${result.citizens} citizens, ${result.acknowledgedVotes + result.acknowledgedPollVotes} ` +
        `confirmed votes all found after restart, ${result.confirmedByRetry} retries answered "already voted", ` +
        `0 lost, integrity_check ${result.integrity}`,
      { ...result },
    );
  }, 120_000);
});
