import { electionRecords, elections, votes } from '@server/db/schema';
import { merkleRoot, recordEntryOf } from '@server/services/election-record/merkle';
import {
  checkElectionRecord,
  fixDueElectionRecords,
  fixElectionRecord,
  publishedElectionRecord,
} from '@server/services/election-record/record';
import { electionRecordSchema } from '@shared/schemas/election-record';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCaller } from '../helpers/admin-elections';
import { insertBulkVotes } from '../helpers/bulk-votes';
import { callerFor, createTestDeps, type TestDeps } from '../helpers/caller';
import { createElection } from '../helpers/election-factories';
import { runVerifyScript, votedElection, votesOf } from '../helpers/election-record';
import { createUser } from '../helpers/factories';

const HOUR = 3_600_000;

/** Closes an election the way an admin does (the edit form sends every field). */
async function closeAsAdmin(
  deps: TestDeps,
  election: { id: string; title: string; startTime: Date; endTime: Date },
) {
  const { caller } = await adminCaller(deps);
  await caller.admin.elections.update({
    id: election.id,
    title: election.title,
    startTime: election.startTime,
    endTime: election.endTime,
    status: 'Closed',
    resultsVisible: true,
    hideResultsUntilClose: false,
  });
  return caller;
}

const recordOf = (deps: TestDeps, electionId: string) =>
  electionRecordSchema.parse(JSON.parse(publishedElectionRecord(deps.db, electionId).document));

describe('the election record', () => {
  it('holds one sorted SHA-256 entry per vote, totals that add up, and a root the script recomputes', async () => {
    const deps = createTestDeps();
    const { election, receipts } = await votedElection(deps, { cast: 4, bulk: 21 });
    await closeAsAdmin(deps, election);

    const record = recordOf(deps, election.id);
    const rows = votesOf(deps, election.id);
    expect(record.votesCast).toBe(25);
    expect(record.entries).toHaveLength(rows.length);
    expect(record.entries).toEqual(rows.map((row) => recordEntryOf(row.receiptId)).sort());
    expect(record.candidates.reduce((sum, candidate) => sum + candidate.votes, 0)).toBe(rows.length);
    expect(record.root).toBe(merkleRoot(record.entries));
    expect(record.eligibleVoters).toBeGreaterThanOrEqual(4);

    const checked = runVerifyScript(record, receipts[2]);
    expect(checked.output).toContain(`OK: 25 entries, totals add up, root ${record.root}`);
    expect(checked.output).toContain(`OK: receipt's entry ${recordEntryOf(receipts[2] ?? '')} is entry`);
    expect(checked.status).toBe(0);
  });

  it('fails the script after an entry is tampered with, added or removed, or a receipt is not in it', async () => {
    const deps = createTestDeps();
    const { election } = await votedElection(deps, { cast: 1, bulk: 8 });
    await closeAsAdmin(deps, election);
    const record = recordOf(deps, election.id);
    const entries = record.entries;
    const first = record.candidates[0];
    if (!first) throw new Error('no candidate');
    // Each change keeps the counts consistent, so it is the root that gives it away.
    const withVotes = (list: string[], delta: number) => ({
      ...record,
      entries: list,
      votesCast: list.length,
      candidates: [{ ...first, votes: first.votes + delta }, ...record.candidates.slice(1)],
    });
    const tampered = entries
      .map((entry, index) => (index === 3 ? recordEntryOf('V1795000000000-forged000') : entry))
      .sort();
    const added = [...entries, recordEntryOf('V1795000000000-added0000')].sort();
    const removed = entries.filter((_, index) => index !== 5);

    for (const changed of [withVotes(tampered, 0), withVotes(added, 1), withVotes(removed, -1)]) {
      const checked = runVerifyScript(changed);
      expect(checked.status).toBe(1);
      expect(checked.output).toContain(`not ${record.root}`);
    }
    const unsorted = runVerifyScript({ ...record, entries: [...entries].reverse() });
    expect(unsorted.status).toBe(1);
    expect(unsorted.output).toContain('out of order or repeated');
    const miscounted = runVerifyScript({ ...record, votesCast: record.votesCast + 1 });
    expect(miscounted.status).toBe(1);
    expect(miscounted.output).toContain(
      `${entries.length} entries, but the record says ${entries.length + 1} votes`,
    );
    const stranger = runVerifyScript(record, 'V1795000000000-notinthis');
    expect(stranger.status).toBe(1);
    expect(stranger.output).toContain('is not in this record');
    expect(runVerifyScript('{not json').status).toBe(2);
  });

  it('never holds a receipt id, a time, a choice per entry or a voter id', async () => {
    const deps = createTestDeps();
    const { election } = await votedElection(deps, { cast: 3, bulk: 4 });
    await closeAsAdmin(deps, election);
    const document = publishedElectionRecord(deps.db, election.id).document;
    for (const vote of votesOf(deps, election.id)) {
      expect(document).not.toContain(vote.receiptId);
      expect(document).not.toContain(vote.userId);
      expect(document).not.toContain(vote.id);
      expect(document).not.toContain(String(vote.createdAt.getTime()));
      expect(document).not.toContain(vote.createdAt.toISOString().slice(0, 16));
    }
    const record = JSON.parse(document);
    expect(Object.keys(record).sort()).toEqual(
      [
        'about',
        'candidates',
        'election',
        'eligibleVoters',
        'entries',
        'format',
        'hash',
        'root',
        'tree',
        'votesCast',
      ].sort(),
    );
    // Entries are bare hashes: nothing beside them says which candidate or when.
    expect(record.entries.every((entry: unknown) => typeof entry === 'string')).toBe(true);
    expect(document).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    // No number in it could be a time in milliseconds (or seconds): they are all counts.
    const numbers: number[] = [];
    JSON.parse(document, (_key, value) => {
      if (typeof value === 'number') numbers.push(value);
      return value;
    });
    expect(numbers.every((value) => value < 1_000_000_000)).toBe(true);
  });

  it('is fixed once: closing again leaves it as it was, and the reopened election takes no vote', async () => {
    const deps = createTestDeps();
    const { election, candidates } = await votedElection(deps, { cast: 2, bulk: 5 });
    const admin = await closeAsAdmin(deps, election);
    const fixed = publishedElectionRecord(deps.db, election.id).document;

    await closeAsAdmin(deps, { ...election, title: `${election.title} (final)` });
    expect(await fixDueElectionRecords(deps.db, new Date(Date.now() + 2 * HOUR))).toBe(0);
    expect(await fixElectionRecord(deps.db, election.id)).toBe(false);
    expect(publishedElectionRecord(deps.db, election.id).document).toBe(fixed);

    // Status is set freely (docs/product.md#election-statuses), but the record is a promise: an election reopened
    // after it takes no vote.
    await admin.admin.elections.update({
      id: election.id,
      title: election.title,
      startTime: election.startTime,
      endTime: new Date(Date.now() + 2 * HOUR),
      status: 'Active',
      resultsVisible: true,
      hideResultsUntilClose: false,
    });
    const late = await createUser(deps.db);
    await expect(
      callerFor(deps, late).caller.votes.cast({
        electionId: election.id,
        candidateId: candidates[0]?.id ?? '',
      }),
    ).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'This election is not open for voting.',
    });
    expect(checkElectionRecord(deps.db, election.id)?.matches).toBe(true);
  });

  it('is fixed once when 50 closes race (an admin and the timer at the same moment): one record, one row', async () => {
    const deps = createTestDeps();
    const { election } = await votedElection(deps, { cast: 3, bulk: 2000 });
    deps.db
      .update(elections)
      .set({ status: 'Closed', endTime: new Date(Date.now() - 1000) })
      .where(eq(elections.id, election.id))
      .run();
    // Each hashes in turns, so they interleave; only the first to write keeps its record.
    const fixed = await Promise.all(
      Array.from({ length: 50 }, () => fixElectionRecord(deps.db, election.id)),
    );
    expect(fixed.filter(Boolean)).toHaveLength(1);
    const rows = deps.db
      .select()
      .from(electionRecords)
      .where(eq(electionRecords.electionId, election.id))
      .all();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.votesCast).toBe(2003);
    expect(checkElectionRecord(deps.db, election.id)?.matches).toBe(true);
  });

  it('disagrees with a recount once a vote is added, removed or changed after close', async () => {
    const deps = createTestDeps();
    const { election, candidates } = await votedElection(deps, { cast: 2, bulk: 6 });
    await closeAsAdmin(deps, election);
    expect(checkElectionRecord(deps.db, election.id)).toMatchObject({ matches: true });
    const [first, second] = votesOf(deps, election.id);
    if (!first || !second) throw new Error('no votes');

    // Removed: straight in the database, as an intruder would, past every check of the app.
    deps.db.delete(votes).where(eq(votes.id, first.id)).run();
    expect(checkElectionRecord(deps.db, election.id)).toMatchObject({
      matches: false,
      stored: { votesCast: 8 },
      recount: { votesCast: 7 },
    });
    // Added back, it agrees again; then a choice changed, then a receipt changed.
    deps.db.insert(votes).values(first).run();
    expect(checkElectionRecord(deps.db, election.id)?.matches).toBe(true);
    const other = candidates.find((candidate) => candidate.id !== second.candidateId);
    deps.db
      .update(votes)
      .set({ candidateId: other?.id ?? '' })
      .where(eq(votes.id, second.id))
      .run();
    const changedChoice = checkElectionRecord(deps.db, election.id);
    expect(changedChoice?.matches).toBe(false);
    expect(changedChoice?.recount.root).toBe(changedChoice?.stored.root);
    deps.db
      .update(votes)
      .set({ candidateId: second.candidateId, receiptId: 'V1795000000000-rewritten' })
      .where(eq(votes.id, second.id))
      .run();
    const changedReceipt = checkElectionRecord(deps.db, election.id);
    expect(changedReceipt?.matches).toBe(false);
    expect(changedReceipt?.recount.root).not.toBe(changedReceipt?.stored.root);
  });

  it('is fixed by the timer once the end has passed; never for a draft, never before the end', async () => {
    const deps = createTestDeps();
    const ended = createElection(deps.db, {
      endTime: new Date(Date.now() - 1000),
      startTime: new Date(Date.now() - HOUR),
    });
    const draft = createElection(deps.db, {
      status: 'Draft',
      endTime: new Date(Date.now() - 1000),
      startTime: new Date(Date.now() - HOUR),
    });
    const running = createElection(deps.db);
    expect(await fixDueElectionRecords(deps.db)).toBe(1);
    const fixed = deps.db.select().from(electionRecords).all();
    expect(fixed.map((row) => row.electionId)).toEqual([ended.election.id]);
    // An election nobody voted in has the empty list's root: SHA-256 of nothing.
    expect(fixed[0]).toMatchObject({
      votesCast: 0,
      root: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    });
    expect(await fixDueElectionRecords(deps.db)).toBe(0);
    // The draft and the running election get theirs only when they end as published elections.
    expect(checkElectionRecord(deps.db, draft.election.id)).toBeNull();
    expect(checkElectionRecord(deps.db, running.election.id)).toBeNull();
  });
  it('lets other requests through while a large record is hashed, and is not written if a vote moved meanwhile', async () => {
    const deps = createTestDeps();
    const { election, candidates } = await votedElection(deps, { cast: 0, bulk: 20_000 });
    deps.db.update(elections).set({ status: 'Closed' }).where(eq(elections.id, election.id)).run();

    let turns = 0;
    const ticking = setInterval(() => {
      turns += 1;
    }, 0);
    const fixing = fixElectionRecord(deps.db, election.id);
    // A vote slipped in (straight into the table) after the ballot box was read: this run must not write.
    insertBulkVotes(deps.db, { electionId: election.id, candidateIds: [candidates[0]?.id ?? ''], count: 1 });
    expect(await fixing).toBe(false);
    clearInterval(ticking);
    expect(turns).toBeGreaterThan(0);
    expect(checkElectionRecord(deps.db, election.id)).toBeNull();

    expect(await fixElectionRecord(deps.db, election.id)).toBe(true);
    expect(checkElectionRecord(deps.db, election.id)).toMatchObject({
      matches: true,
      stored: { votesCast: 20_001 },
    });
  });
});
