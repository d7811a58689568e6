import type { Db } from '@server/db/client';
import { publishDueResultBatches } from '@server/jobs/result-batches';
import { RESULTS_BATCH_MIN_VOTES } from '@shared/election-rules';
import { describe, expect, it } from 'vitest';
import { unlockedAdmin } from '../helpers/admin';
import { callerFor, createTestDeps, type TestDeps } from '../helpers/caller';
import { createElection } from '../helpers/election-factories';
import { createAdmin, type TestUser } from '../helpers/factories';
import { addAccount } from '../helpers/turnout-factories';

// The results read takes its counts from running totals kept by triggers (drizzle/0006) and its queries are
// prepared once (R4): these tests hold it to the ballots themselves, counted afresh, after every write that
// changes what a reader sees. There is no withdrawal of a vote in the product (a cast vote is final).

type Results = { total: number; rows: { candidateId: string; votes: number }[] } | null;

/** The ballots counted from the vote rows, per candidate (zeros included) and in total. */
function recount(db: Db, electionId: string, candidateIds: string[]) {
  const counted = new Map(
    (
      db.$client
        .prepare('SELECT candidate_id, count(*) FROM votes WHERE election_id = ? GROUP BY candidate_id')
        .raw()
        .all(electionId) as [string, number][]
    ).map(([id, votes]) => [id, votes]),
  );
  const byCandidate = Object.fromEntries(candidateIds.map((id) => [id, counted.get(id) ?? 0]));
  return { total: Object.values(byCandidate).reduce((sum, votes) => sum + votes, 0), byCandidate };
}

const shown = (results: Results) => ({
  total: results?.total,
  byCandidate: Object.fromEntries((results?.rows ?? []).map((row) => [row.candidateId, row.votes])),
});

/** An open election whose results voters see while it runs (in batches), with `voters` citizens ready to vote. */
function openElection(deps: TestDeps, voters: number) {
  const { election, candidates } = createElection(deps.db, {
    candidateCount: 4,
    resultsVisible: true,
    hideResultsUntilClose: false,
  });
  const candidateIds = candidates.map((candidate) => candidate.id);
  const citizens = Array.from({ length: voters }, () => {
    const user: TestUser = { id: addAccount(deps.db), email: '', password: '', fullName: '' };
    return callerFor(deps, user).caller;
  });
  const cast = (index: number) =>
    citizens[index]?.votes.cast({ electionId: election.id, candidateId: candidateIds[index % 4] ?? '' });
  return { election, candidateIds, cast };
}

describe('results counts stay exact (R4)', () => {
  it('shows a System Admin a vote the moment it is cast, and every vote of 200 cast at once', async () => {
    const deps = createTestDeps();
    const { caller: admin } = await unlockedAdmin(deps);
    const { election, candidateIds, cast } = openElection(deps, 212);
    const read = async () => (await admin.elections.results({ id: election.id })).results;

    // One at a time: the read right after a vote has it, on the right candidate.
    for (let index = 0; index < 12; index += 1) {
      await cast(index);
      expect(shown(await read())).toEqual(recount(deps.db, election.id, candidateIds));
    }
    expect((await read())?.total).toBe(12);

    // 200 casts and 200 reads interleaved: each read counts at least every vote that had been confirmed when
    // it started and at most those sent before it answered; totals never go back.
    let sent = 12;
    let confirmed = 12;
    const totals: number[] = [];
    await Promise.all(
      Array.from({ length: 200 }, async (_, offset) => {
        const reading = (async () => {
          const floor = confirmed;
          const results = await read();
          const total = results?.total ?? -1;
          expect(total).toBeGreaterThanOrEqual(floor);
          expect(total).toBeLessThanOrEqual(sent);
          expect(results?.rows.reduce((sum, row) => sum + row.votes, 0)).toBe(total);
          totals.push(total);
        })();
        sent += 1;
        await cast(12 + offset);
        confirmed += 1;
        await reading;
      }),
    );
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const after = recount(deps.db, election.id, candidateIds);
    expect(after.total).toBe(212);
    expect(shown(await read())).toEqual(after);
    // Turnout beside the counts has the same total.
    expect((await admin.elections.results({ id: election.id })).turnout?.votes).toBe(212);
  });

  it('gives everyone else the published batch until the timer publishes, the live count to the admin, all exact at close', async () => {
    const deps = createTestDeps();
    const { caller: steppedUp } = await unlockedAdmin(deps);
    // An admin whose session did not step up reads what a citizen reads (docs/security.md).
    const notSteppedUp = callerFor(deps, await createAdmin(deps.db)).caller;
    const visitor = callerFor(deps, null).caller;
    const { election, candidateIds, cast } = openElection(deps, RESULTS_BATCH_MIN_VOTES + 5);
    const totalFor = async (caller: typeof visitor) =>
      (await caller.elections.results({ id: election.id })).results?.total;

    for (let index = 0; index < RESULTS_BATCH_MIN_VOTES; index += 1) await cast(index);
    expect(await totalFor(visitor)).toBe(0);
    expect(await totalFor(notSteppedUp)).toBe(0);
    expect(await totalFor(steppedUp)).toBe(RESULTS_BATCH_MIN_VOTES);

    // The quarter hour's batch: what was cast by then, for everyone.
    expect(publishDueResultBatches(deps.db, new Date())).toBe(1);
    const published = recount(deps.db, election.id, candidateIds);
    for (const caller of [visitor, notSteppedUp])
      expect(shown((await caller.elections.results({ id: election.id })).results)).toEqual(published);

    // Votes after the batch: only the stepped-up admin sees them until the next one (or the close).
    for (let index = RESULTS_BATCH_MIN_VOTES; index < RESULTS_BATCH_MIN_VOTES + 5; index += 1)
      await cast(index);
    expect(await totalFor(visitor)).toBe(RESULTS_BATCH_MIN_VOTES);
    expect(shown((await steppedUp.elections.results({ id: election.id })).results)).toEqual(
      recount(deps.db, election.id, candidateIds),
    );

    // An admin closes it: every reader now reads the exact counts, the same as the ballots.
    await steppedUp.admin.elections.update({
      id: election.id,
      title: election.title,
      startTime: election.startTime,
      endTime: election.endTime,
      status: 'Closed',
      resultsVisible: true,
      hideResultsUntilClose: false,
    });
    const final = recount(deps.db, election.id, candidateIds);
    expect(final.total).toBe(RESULTS_BATCH_MIN_VOTES + 5);
    for (const caller of [visitor, notSteppedUp, steppedUp]) {
      const answer = await caller.elections.results({ id: election.id });
      expect(shown(answer.results)).toEqual(final);
      expect(answer.countsInBatches).toBe(false);
      expect(answer.turnout?.votes).toBe(final.total);
    }
  });

  it('counts a vote row removed or moved outside the app (an operator at the database) at once', async () => {
    const deps = createTestDeps();
    const { caller: admin } = await unlockedAdmin(deps);
    const { election, candidateIds, cast } = openElection(deps, 8);
    for (let index = 0; index < 8; index += 1) await cast(index);
    deps.db.$client
      .prepare('DELETE FROM votes WHERE rowid = (SELECT min(rowid) FROM votes WHERE election_id = ?)')
      .run(election.id);
    deps.db.$client
      .prepare(
        'UPDATE votes SET candidate_id = ? WHERE rowid = (SELECT max(rowid) FROM votes WHERE election_id = ?)',
      )
      .run(candidateIds[0], election.id);
    const answer = await admin.elections.results({ id: election.id });
    expect(shown(answer.results)).toEqual(recount(deps.db, election.id, candidateIds));
    expect(answer.results?.total).toBe(7);
  });
});
