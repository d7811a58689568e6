import { electionRecords, elections } from '@server/db/schema';
import { BYTES_PER_CALL } from '@server/http/trpc-calls';
import { fixDueElectionRecords } from '@server/services/election-record/record';
import { API_ROUTES } from '@server/services/open-data/api';
import { openDataOf } from '@server/services/open-data/store';
import { DATASET_FORMATS, DATASET_NAMES } from '@shared/schemas/open-data';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { testAppsClosedAfterEach } from '../../helpers/app';
import { createTestDeps } from '../../helpers/caller';
import { createElection } from '../../helpers/election-factories';
import { votedElection } from '../../helpers/election-record';
import { openDataWorld } from '../../helpers/open-data-factories';
import { insertPollVote } from '../../helpers/poll-factories';
import { addAccount, addVote } from '../../helpers/turnout-factories';

const HOUR = 3_600_000;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const openApp = testAppsClosedAfterEach();

describe('attacks on the open data API and the election record', () => {
  it('a flood of record downloads and 304s reads the stored document once, not per request', async () => {
    // Measured on the built server with a 300,000-vote record (20 MB): every 304 read the whole document,
    // 69 answers a second from 8 connections, and a neighbour's p99 went from 30 ms to 295 ms.
    const { app, db } = await openApp();
    const { election } = await votedElection(createTestDeps(db), { cast: 1, bulk: 3 });
    db.update(elections).set({ status: 'Closed' }).where(eq(elections.id, election.id)).run();
    expect(await fixDueElectionRecords(db)).toBe(1);
    const url = `/api/v1/elections/${election.id}/record`;

    const statements = vi.spyOn(db.$client, 'prepare');
    const documentReads = () =>
      statements.mock.calls.filter(([sql]) => /"document"/.test(String(sql)) && !/^insert/i.test(String(sql)))
        .length;
    const first = await app.inject({ url });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    for (let i = 0; i < 5; i += 1) {
      expect((await app.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
      const again = await app.inject({ url });
      expect(again.body).toBe(first.body);
      expect(again.headers['content-length']).toBe(first.headers['content-length']);
    }
    expect(statements).toHaveBeenCalled();
    expect(documentReads()).toBe(1);
  });

  it('refusals are never kept by a cache and say their language varies, so published results show up', async () => {
    const { app, db } = await openApp();
    const hidden = createElection(db, {
      status: 'Closed',
      startTime: new Date(Date.now() - 3 * HOUR),
      endTime: new Date(Date.now() - HOUR),
      resultsVisible: false,
      hideResultsUntilClose: false,
    });
    await fixDueElectionRecords(db);
    const refused = [
      `/api/v1/elections/${hidden.election.id}/results`,
      `/api/v1/elections/${hidden.election.id}/record`,
      `/api/v1/elections/${MISSING_ID}/results`,
      `/api/v1/polls/${MISSING_ID}/results`,
      '/api/v1/elections/not-an-id/results',
      '/api/v1/members?cursor=forged',
      '/api/v1/members?limit=100000',
      '/api/v1/datasets/..%2f..%2fetc%2fpasswd.csv',
    ];
    for (const url of refused) {
      const answer = await app.inject({ url, headers: { 'accept-language': 'so' } });
      expect([400, 404], url).toContain(answer.statusCode);
      expect(answer.headers['cache-control'], url).toBe('no-store');
      expect(String(answer.headers.vary), url).toMatch(/accept-language/i);
      expect(answer.headers.etag, url).toBeUndefined();
    }
    // The moment an admin shows the results, both answer, cacheable for everyone.
    db.update(elections).set({ resultsVisible: true }).where(eq(elections.id, hidden.election.id)).run();
    for (const url of refused.slice(0, 2)) {
      const answer = await app.inject({ url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toMatch(/^public/);
    }
  });

  it('a large download is charged by its size: one address cannot be sent 10,000 records a minute', async () => {
    const { app, db } = await openApp();
    const { election } = await votedElection(createTestDeps(db), { cast: 1 });
    db.update(elections).set({ status: 'Closed' }).where(eq(elections.id, election.id)).run();
    expect(await fixDueElectionRecords(db)).toBe(1);
    // Stands for a record of about 100,000 votes: one call for the request, 100 for its bytes.
    const large = `${' '.repeat(100 * BYTES_PER_CALL - 2)}{}`;
    db.update(electionRecords)
      .set({ document: large })
      .where(eq(electionRecords.electionId, election.id))
      .run();
    const url = `/api/v1/elections/${election.id}/record`;
    const flooder = { remoteAddress: '203.0.113.20' };

    let served = 0;
    let refused = null;
    while (!refused && served < 200) {
      const answer = await app.inject({ ...flooder, url });
      if (answer.statusCode === 429) refused = answer;
      else served += 1;
    }
    // 99 downloads of 101 calls fill the 10,000 calls of a minute: 650 MB, not 65 GB.
    expect(served).toBe(99);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused?.headers.etag).toBeUndefined();
    expect(refused?.json().error.errorCode).toBe('request.tooManyRequests');
    // Refused at the door now, like any refusal: never kept by a cache, in the reader's language.
    const door = await app.inject({
      ...flooder,
      url: '/api/v1/regions',
      headers: { 'accept-language': 'so' },
    });
    expect(door.statusCode).toBe(429);
    expect(door.headers['cache-control']).toBe('no-store');
    expect(String(door.headers.vary)).toMatch(/accept-language/i);
    const neighbour = await app.inject({ remoteAddress: '198.51.100.20', url });
    expect(neighbour.statusCode).toBe(200);
    expect(neighbour.body).toBe(large);
  }, 60_000);

  it('no ETag, Last-Modified, size or catalogue entry moves when a hidden election or an open poll gets votes', async () => {
    const { app, db, env } = await openApp();
    const openData = openDataOf({ db, env });
    const world = openDataWorld(db);
    const urls = [
      ...API_ROUTES.filter((route) => !route.params).map((route) => `${route.path}?limit=500`),
      ...DATASET_NAMES.flatMap((name) =>
        DATASET_FORMATS.map((format) => `/api/v1/datasets/${name}.${format}`),
      ),
      `/api/v1/elections/${world.publicElection.id}/results`,
      `/api/v1/elections/${world.hiddenElection.id}/results`,
      `/api/v1/polls/${world.openPoll.id}/results`,
    ];
    const look = async () => {
      openData.invalidate();
      const seen: Record<string, unknown> = {};
      for (const url of urls) {
        const answer = await app.inject({ url });
        seen[url] = [answer.statusCode, answer.headers.etag, answer.headers['last-modified'], answer.body];
      }
      seen.catalogue = openData.catalogue();
      return seen;
    };
    // Voters who exist before the first look: a new account changes the public election's turnout, rightly.
    const voters = Array.from({ length: 5 }, () => addAccount(db));
    const before = await look();
    const hidden = db.query.candidates.findMany({
      where: (c, { eq }) => eq(c.electionId, world.hiddenElection.id),
    });
    const openPoll = db.query.pollCandidates.findFirst({
      where: (c, { eq }) => eq(c.pollId, world.openPoll.id),
    });
    for (const [i, voter] of voters.entries()) {
      const candidate = (await hidden)[i % 2];
      if (candidate) addVote(db, world.hiddenElection.id, candidate.id, voter);
      const chosen = await openPoll;
      if (chosen) insertPollVote(db, { pollId: world.openPoll.id, userId: voter, candidateId: chosen.id });
    }
    const counted = db.select().from(elections).where(eq(elections.id, world.hiddenElection.id)).get();
    expect(counted?.voteCount).toBe(2 + voters.length);
    expect(await look()).toEqual(before);
  });
});
