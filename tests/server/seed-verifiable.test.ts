import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSession } from '@server/auth/sessions';
import { elections, users } from '@server/db/schema';
import { testEnv } from '@server/env';
import { fixDueElectionRecords } from '@server/services/election-record/record';
import { closeVerifiable } from '@server/services/verifiable/tally';
import { demoAccountsBanner, prepareDatabase } from '@server/startup';
import {
  ballotTracker,
  computePartialDecryption,
  encryptBallot,
  parseElection,
  parseEncryptedTally,
  parseTrusteePrivateKey,
  readArchive,
} from '@shared/belenios';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CITIZEN, readDemoTrusteesFile } from '../../seed/demo-accounts';
import { DEMO_ELECTIONS, demoElectionTitles, demoVoters } from '../../seed/elections';
import { buildTestApp, type TestApp } from '../helpers/app';
import { runTool, subDir, tool, toolDir } from '../helpers/belenios-tool';
import { listening, trpc } from '../helpers/verifiable';

/**
 * The demo's verifiable elections, seeded as a fresh start seeds them (SEED_DEMO on, an empty database) and
 * read back the way anyone would: the archive downloaded from its public route and checked by belenios-tool,
 * the demo citizen's ballot cast through /trpc, the open election counted with the trustees' files the seed
 * kept beside the demo accounts.
 */
const dir = toolDir();
let built: TestApp;
let base: string;
let seeded: Awaited<ReturnType<typeof prepareDatabase>>;
const now = new Date();
const titles = demoElectionTitles(now);

beforeAll(async () => {
  built = await buildTestApp();
  base = await listening(built);
  const databasePath = join(dir, 'data', 'codka.db');
  mkdirSync(join(dir, 'data'));
  seeded = await prepareDatabase(
    built.db,
    testEnv({ SEED_DEMO: 'true', DATABASE_PATH: databasePath }),
    pino({ level: 'silent' }),
  );
}, 120_000);
afterAll(() => built.app.close());

const electionIdOf = (title: string) => {
  const row = built.db.select({ id: elections.id }).from(elections).where(eq(elections.title, title)).get();
  if (!row) throw new Error(`no demo election ${title}`);
  return row.id;
};

/** Downloads the archive through its public route into a folder of its own, named as /open-data says. */
async function downloaded(electionId: string, name: string) {
  const folder = subDir(dir, name);
  const response = await fetch(`${base}/api/v1/elections/${electionId}/archive.bel`);
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  writeFileSync(join(folder, 'archive.bel'), bytes);
  return { folder, archive: readArchive(bytes) };
}

/** `belenios-tool election verify --dir`, as /open-data tells a reader to run it: every check passes. */
function toolVerifies(folder: string): void {
  const run = runTool(folder, ['election', 'verify', '--dir', folder]);
  expect(run.stderr).toContain('all checks passed');
  expect(run.status).toBe(0);
}

/** The counts the demo's definition gives its voters' ballots, in the ballot's order. */
function expectedCounts(key: 'verifiableClosed' | 'verifiableOpen'): number[] {
  const demo = DEMO_ELECTIONS.find((e) => e.key === key);
  if (!demo) throw new Error(key);
  const counts = demo.candidates.map(() => 0);
  for (const { choice } of demoVoters(
    demo,
    Array.from({ length: 60 }, (_, i) => `voter-${i}`),
  )) {
    counts[choice] = (counts[choice] ?? 0) + 1;
  }
  return counts;
}

describe('the demo’s verifiable elections', () => {
  it('hold a closed election, tallied, whose archive belenios-tool verifies and counts as the results page does', {
    timeout: 60_000,
  }, async () => {
    const id = electionIdOf(titles.verifiableClosed.en);
    const { folder, archive } = await downloaded(id, 'closed');
    toolVerifies(folder);
    const counts = expectedCounts('verifiableClosed');
    expect(archive.result).toBe(`{"result":[[${counts.join(',')}]]}`);
    expect(tool(folder, ['election', 'compute-result', '--dir', folder]).trim()).toBe(archive.result);
    expect(archive.ballots).toHaveLength(counts.reduce((a, b) => a + b, 0));

    const results = await trpc(base, 'elections.results', { id }, { query: true });
    const answer = results.result as {
      verifiable: boolean;
      results: { rows: { name: string; votes: number }[] };
    };
    expect(answer.verifiable).toBe(true);
    const demo = DEMO_ELECTIONS.find((e) => e.key === 'verifiableClosed');
    expect(Object.fromEntries(answer.results.rows.map((row) => [row.name, row.votes]))).toEqual(
      Object.fromEntries(demo?.candidates.map((c, i) => [c.name, counts[i]]) ?? []),
    );
    // Listed with the same counts where every visitor reads results.
    const verified = await trpc(base, 'elections.verified', undefined, { query: true });
    const listed = (verified.result as { id: string; results: { total: number } | null }[]).find(
      (e) => e.id === id,
    );
    expect(listed?.results?.total).toBe(archive.ballots.length);
    // Its record is the archive: the records' timer fixes no receipt record for it, and none is served.
    await fixDueElectionRecords(built.db);
    expect((await fetch(`${base}/api/v1/elections/${id}/record`)).status).toBe(404);
    expect(answer).toMatchObject({ record: null, archive: `/api/v1/elections/${id}/archive.bel` });
  });

  it('hold an open election the demo citizen votes in, and keep its trustees 0600 so it can be counted', {
    timeout: 90_000,
  }, async () => {
    const id = electionIdOf(titles.verifiableOpen.en);
    const citizen = built.db.select().from(users).where(eq(users.email, DEMO_CITIZEN.email)).get();
    if (!citizen) throw new Error('no demo citizen');
    const cookie = `codka_session=${createSession(built.db, citizen.id).token}`;
    const before = await downloaded(id, 'open');
    toolVerifies(before.folder);
    const election = parseElection(before.archive.setup.election);
    const credential = await trpc(base, 'votes.credential', { electionId: id }, { cookie, query: true });
    expect(credential.status, credential.error?.message).toBe(200);
    const { ballot } = encryptBallot(election, (credential.result as { credential: string }).credential, [
      [1, 0, 0],
    ]);
    const cast = await trpc(base, 'votes.castBallot', { electionId: id, ballot }, { cookie });
    expect(cast.status, cast.error?.message).toBe(200);
    expect(cast.result).toEqual({ tracker: ballotTracker(ballot) });

    // The trustees' tokens and private keys, beside the demo accounts, readable by their owner only.
    const file = seeded.demoAccounts?.trusteesFile ?? '';
    expect(file).toBe(join(dir, 'data', 'demo-trustees.txt'));
    const kept = readdirSync(join(dir, 'data')).filter((name) => name.startsWith('demo-'));
    expect(kept.sort()).toEqual([
      'demo-accounts.txt',
      'demo-trustee-1-private-key.txt',
      'demo-trustee-2-private-key.txt',
      'demo-trustees.txt',
    ]);
    for (const name of kept) expect(statSync(join(dir, 'data', name)).mode & 0o777, name).toBe(0o600);
    expect(
      demoAccountsBanner(seeded.demoAccounts ?? { credentials: [], file: null, trusteesFile: null }),
    ).toContain(file);
    const trustees = readDemoTrusteesFile(file);
    expect(trustees.electionId).toBe(id);

    // Counted as the demo would be: closed, then each trustee's share made from their key file and sent with
    // their token; the archive then verifies and holds the citizen's ballot among the demo voters'.
    built.db.update(elections).set({ status: 'Closed' }).where(eq(elections.id, id)).run();
    expect(await closeVerifiable(built.db, id)).toBe(true);
    const closed = await downloaded(id, 'open-closed');
    const tally = parseEncryptedTally(closed.archive.encryptedTally?.tally ?? '', election);
    for (const trustee of trustees.trustees) {
      const share = await trpc(base, 'trustees.submitPartialDecryption', {
        token: trustee.token,
        partialDecryption: computePartialDecryption(
          election,
          tally,
          parseTrusteePrivateKey(trustee.privateKey),
        ),
      });
      expect(share.status, share.error?.message).toBe(200);
    }
    const counted = await downloaded(id, 'open-counted');
    toolVerifies(counted.folder);
    expect(counted.archive.ballots).toContain(ballot);
    const counts = expectedCounts('verifiableOpen');
    counts[0] = (counts[0] ?? 0) + 1;
    expect(counted.archive.result).toBe(`{"result":[[${counts.join(',')}]]}`);
    expect(tool(counted.folder, ['election', 'compute-result', '--dir', counted.folder]).trim()).toBe(
      counted.archive.result,
    );
  });
});
