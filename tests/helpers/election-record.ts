import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { votes } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { insertBulkVotes } from './bulk-votes';
import { callerFor, type TestDeps } from './caller';
import { createElection } from './election-factories';
import { createUser } from './factories';

const HOUR = 3_600_000;
export const VERIFY_SCRIPT = resolve('scripts/verify-election-record.mjs');

/**
 * An open election whose results voters see once it ends, with `cast` votes through votes.cast (real receipts)
 * and `bulk` more written in bulk, spread over its candidates.
 */
export async function votedElection(deps: TestDeps, options: { cast?: number; bulk?: number } = {}) {
  const { election, candidates } = createElection(deps.db, {
    resultsVisible: true,
    hideResultsUntilClose: false,
    startTime: new Date(Date.now() - HOUR),
    endTime: new Date(Date.now() + HOUR),
  });
  const receipts: string[] = [];
  for (let index = 0; index < (options.cast ?? 3); index += 1) {
    const voter = await createUser(deps.db);
    const candidate = candidates[index % candidates.length];
    const { receiptId } = await callerFor(deps, voter).caller.votes.cast({
      electionId: election.id,
      candidateId: candidate?.id ?? '',
    });
    receipts.push(receiptId);
  }
  if (options.bulk) {
    insertBulkVotes(deps.db, {
      electionId: election.id,
      candidateIds: candidates.map((candidate) => candidate.id),
      count: options.bulk,
    });
  }
  return { election, candidates, receipts };
}

/** Every vote row of an election, as stored. */
export const votesOf = (deps: TestDeps, electionId: string) =>
  deps.db.select().from(votes).where(eq(votes.electionId, electionId)).all();

/** Runs the repo's verification script on a record (as a file), as anyone would; its exit code and output. */
export function runVerifyScript(record: unknown, receiptId?: string) {
  const file = join(mkdtempSync(join(tmpdir(), 'codka-record-')), 'record.json');
  writeFileSync(file, typeof record === 'string' ? record : JSON.stringify(record));
  try {
    const stdout = execFileSync(process.execPath, [VERIFY_SCRIPT, file, ...(receiptId ? [receiptId] : [])], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { status: 0, output: stdout };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { status: failed.status, output: `${failed.stdout}${failed.stderr}` };
  }
}
