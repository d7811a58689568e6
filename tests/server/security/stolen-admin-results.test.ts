import { castVote } from '@server/services/voting';
import { describe, expect, it } from 'vitest';
import { buildTestApp, sameOrigin, sessionCookieFrom, stepUpOverHttp, trpcBody } from '../../helpers/app';
import { createTestDeps } from '../../helpers/caller';
import { createElection } from '../../helpers/election-factories';
import { createAdmin } from '../../helpers/factories';
import { createPoll, createVoters, insertPollVote } from '../../helpers/poll-factories';

/**
 * The attack: an admin cookie that never stepped up reads the exact, live counts of an election whose results
 * are hidden through the PUBLIC elections.results (as an admin viewer), and an open poll's live results without
 * voting, although admin.elections.results itself asks for the password. Counts that
 * move one vote at a time let a coercer shown a receipt learn the choice; the step-up must guard them wherever
 * they are read.
 */
describe('a stolen admin cookie reads results as a citizen would', () => {
  it('gets no hidden or live counts from elections.results or polls.results until the session steps up', async () => {
    const deps = createTestDeps();
    const { app } = await buildTestApp({ db: deps.db });
    const admin = await createAdmin(deps.db);
    const { election, candidates } = createElection(deps.db, { hideResultsUntilClose: true });
    const voters = createVoters(deps.db, 3);
    for (const [index, candidate] of [0, 0, 1].entries()) {
      castVote(deps.db, voters[index] ?? '', {
        electionId: election.id,
        candidateId: candidates[candidate]?.id ?? '',
      });
    }
    const { poll, candidates: pollCandidates } = createPoll(deps.db);
    for (const userId of createVoters(deps.db, 3)) {
      insertPollVote(deps.db, { pollId: poll.id, userId, candidateId: pollCandidates[0]?.id ?? '' });
    }

    const signIn = await app.inject({
      method: 'POST',
      url: '/trpc/auth.signIn',
      headers: { 'content-type': 'application/json', ...sameOrigin },
      payload: trpcBody({ email: admin.email, password: admin.password }),
    });
    const stolen = sessionCookieFrom(signIn.headers['set-cookie']);
    const read = (path: string, input: unknown) =>
      app.inject({
        method: 'GET',
        url: `/trpc/${path}?input=${encodeURIComponent(trpcBody(input))}`,
        headers: { cookie: stolen },
      });

    const results = (await read('elections.results', { id: election.id })).json().result.data.json;
    expect(results.results).toBeNull();
    const pollRefused = await read('polls.results', { pollId: poll.id });
    expect(pollRefused.statusCode).toBe(403);

    // The same session after the admin confirmed the password sees everything, as before.
    await stepUpOverHttp(app, stolen, admin.password);
    const exact = (await read('elections.results', { id: election.id })).json().result.data.json;
    expect(exact.results.rows.map((row: { votes: number }) => row.votes)).toEqual([2, 1, 0]);
    expect(
      (await read('polls.results', { pollId: poll.id })).json().result.data.json.results.totalVotes,
    ).toBe(3);
    await app.close();
  });
});
