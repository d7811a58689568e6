import { elections } from '@server/db/schema';
import { fixDueElectionRecords } from '@server/services/election-record/record';
import { electionRecordSchema } from '@shared/schemas/election-record';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppsClosedAfterEach } from '../helpers/app';
import { callerFor, createTestDeps } from '../helpers/caller';
import { createElection } from '../helpers/election-factories';
import { runVerifyScript, votedElection } from '../helpers/election-record';

const HOUR = 3_600_000;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const openApp = testAppsClosedAfterEach();

/** An election that ended an hour ago, its record fixed; results public unless told otherwise. */
async function endedElection(db: Parameters<typeof createElection>[0], resultsPublic = true) {
  const made = createElection(db, {
    status: 'Closed',
    startTime: new Date(Date.now() - 3 * HOUR),
    endTime: new Date(Date.now() - HOUR),
    resultsVisible: resultsPublic,
    // Not "until close": hidden until an admin shows them.
    hideResultsUntilClose: false,
  });
  await fixDueElectionRecords(db);
  return made;
}

describe('GET /api/v1/elections/:id/record', () => {
  it('serves the record fixed at close to anyone, cacheable by its root, open to other sites', async () => {
    const { app, db } = await openApp();
    const deps = createTestDeps(db);
    const { election, receipts } = await votedElection(deps, { cast: 2, bulk: 3 });
    db.update(elections).set({ status: 'Closed' }).where(eq(elections.id, election.id)).run();
    expect(await fixDueElectionRecords(db)).toBe(1);

    const answer = await app.inject({ url: `/api/v1/elections/${election.id}/record` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=300');
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    const record = electionRecordSchema.parse(answer.json());
    expect(answer.headers.etag).toBe(`"${record.root}"`);
    expect(record.votesCast).toBe(5);
    expect(runVerifyScript(answer.body, receipts[0]).status).toBe(0);

    const again = await app.inject({
      url: `/api/v1/elections/${election.id}/record`,
      headers: { 'if-none-match': `W/"other", "${record.root}"` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // The results page shows the same root, to everyone.
    const results = await callerFor(deps, null).caller.elections.results({ id: election.id });
    expect(results.record).toEqual({ root: record.root, votesCast: 5 });
  });

  it('is 404 in the reader’s language for an unknown, malformed or draft election', async () => {
    const { app, db } = await openApp();
    const draft = createElection(db, { status: 'Draft', endTime: new Date(Date.now() - 1000) });
    for (const id of [MISSING_ID, 'not-an-id', draft.election.id]) {
      const answer = await app.inject({ url: `/api/v1/elections/${id}/record` });
      expect(answer.statusCode).toBe(404);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.json().error).toMatchObject({
        errorCode: 'election.notFound',
        message: `No election with id ${id}.`,
      });
    }
    const somali = await app.inject({
      url: `/api/v1/elections/${MISSING_ID}/record`,
      headers: { 'accept-language': 'so' },
    });
    expect(somali.json().error.message).toBe(`Ma jirto doorasho leh aqoonsiga ${MISSING_ID}.`);
  });

  it('is 404 while the election is open, and while its results are hidden even once it is fixed', async () => {
    const { app, db } = await openApp();
    const deps = createTestDeps(db);
    const open = createElection(db, { resultsVisible: true, hideResultsUntilClose: false });
    const hidden = await endedElection(db, false);
    for (const id of [open.election.id, hidden.election.id]) {
      const answer = await app.inject({
        url: `/api/v1/elections/${id}/record`,
        headers: { 'accept-language': 'so' },
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error).toMatchObject({
        errorCode: 'election.recordNotPublished',
        message:
          'Diiwaanka doorashadan waxaa la daabacaa marka doorashadu xirmato oo natiijooyinkeeda la shaaciyo.',
      });
      const results = await callerFor(deps, null).caller.elections.results({ id });
      expect(results.record).toBeNull();
    }
    // Fixed all along: it appears the moment the results are made public, and not before.
    db.update(elections).set({ resultsVisible: true }).where(eq(elections.id, hidden.election.id)).run();
    const shown = await app.inject({ url: `/api/v1/elections/${hidden.election.id}/record` });
    expect(shown.statusCode).toBe(200);
    expect(electionRecordSchema.parse(shown.json())).toMatchObject({ votesCast: 0, entries: [] });
  });
});
