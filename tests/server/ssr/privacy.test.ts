import { SESSION_COOKIE } from '@server/auth/cookies';
import { createSession } from '@server/auth/sessions';
import type { Db } from '@server/db/client';
import { profiles } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDb } from '../../helpers/db';
import { createElection } from '../../helpers/election-factories';
import { createAdmin, createUser } from '../../helpers/factories';
import { embeddedQueries } from '../../helpers/hydration-data';
import { createPoll, createVoters, insertPollVote } from '../../helpers/poll-factories';
import { renders, serverRenderingApps, stateBlock } from '../../helpers/ssr';
import { addVote } from '../../helpers/turnout-factories';

/**
 * A page's HTML is rendered as a visitor sees it, whoever asks: one copy serves every reader of a language, so
 * it must never hold one person's data (their name, their vote, results only they or an admin may see). Their
 * own parts are asked for by the browser after hydration, with their session.
 */
const openApp = serverRenderingApps();

// Two renders of one page compare byte for byte only at the same instant ("last updated", query timestamps).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
});
afterEach(() => {
  vi.useRealTimers();
});

const NAME = 'Ubax Xasan Warsame';

async function citizenNamed(db: Db, fullName: string) {
  const user = await createUser(db);
  db.update(profiles).set({ fullName }).where(eq(profiles.userId, user.id)).run();
  return { ...user, fullName, cookie: `${SESSION_COOKIE}=${createSession(db, user.id).token}` };
}

/** An election whose results voters may not see yet, and an open poll: both with votes counted. */
function ballotsWithVotes(db: Db, voterId: string) {
  const hidden = createElection(db, { title: 'Hidden Count Election', hideResultsUntilClose: true });
  const [first, second] = hidden.candidates;
  if (!first || !second) throw new Error('the election has no candidates');
  for (const userId of createVoters(db, 7)) addVote(db, hidden.election.id, first.id, userId);
  addVote(db, hidden.election.id, second.id, voterId);
  const poll = createPoll(db, {
    title: 'Open Poll With Votes',
    candidateNames: ['Poll Hopeful A', 'Poll Hopeful B'],
  });
  const [pollFirst] = poll.candidates;
  if (!pollFirst) throw new Error('the poll has no candidates');
  for (const userId of createVoters(db, 7))
    insertPollVote(db, { pollId: poll.poll.id, userId, candidateId: pollFirst.id });
  // The citizen voted in the poll: their browser may show its results, the HTML may not.
  insertPollVote(db, { pollId: poll.poll.id, userId: voterId, candidateId: pollFirst.id });
  return { hidden, poll };
}

function pagesOf(ballots: ReturnType<typeof ballotsWithVotes>) {
  return [
    '/',
    '/elections',
    '/senators',
    '/polls/presidential',
    '/verified-results',
    `/results/${ballots.hidden.election.id}`,
    `/election/${ballots.hidden.election.id}`,
    `/results/${ballots.poll.poll.id}`,
    `/polls/presidential/history/${ballots.poll.poll.id}`,
  ];
}

describe('server-rendered pages hold no one’s data', () => {
  it('gives a signed-in citizen and an admin the HTML a visitor gets, results hidden from voters included', async () => {
    const db = createTestDb();
    const citizen = await citizenNamed(db, NAME);
    const admin = await createAdmin(db);
    const adminCookie = `${SESSION_COOKIE}=${createSession(db, admin.id).token}`;
    const ballots = ballotsWithVotes(db, citizen.id);
    for (const url of pagesOf(ballots)) {
      // Each reader on an app of their own over the same data: every answer is a fresh render, none a copy.
      const bodies = [];
      for (const cookie of [citizen.cookie, adminCookie, undefined]) {
        const { app } = await openApp({ db });
        const response = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
        expect(response.statusCode, url).toBeLessThan(500);
        bodies.push(response.body);
      }
      expect(renders.asked.filter((asked) => asked === `en ${url}`)).toHaveLength(3);
      const [asCitizen, asAdmin, asVisitor] = bodies;
      expect(asCitizen, url).toBe(asVisitor);
      expect(asAdmin, url).toBe(asVisitor);
      expect(stateBlock(asVisitor ?? ''), url).not.toBeNull();
      for (const secret of [NAME, citizen.email, admin.email, 'Test Admin', SESSION_COOKIE]) {
        expect(asVisitor, url).not.toContain(secret);
      }
    }
  });

  it('keeps the session out of the hydration data: the browser asks who is reading after hydration', async () => {
    const db = createTestDb();
    const citizen = await citizenNamed(db, NAME);
    const { app } = await openApp({ db });
    for (const url of ['/', '/senators', '/polls/presidential']) {
      const response = await app.inject({ method: 'GET', url, headers: { cookie: citizen.cookie } });
      expect(stateBlock(response.body), url).not.toBeNull();
      expect(embeddedQueries(response.body), url).not.toContain('auth.session');
    }
    const response = await app.inject({ method: 'GET', url: '/', headers: { cookie: citizen.cookie } });
    // The header renders "checking" on the server, never Sign Out or the reader's name.
    expect(response.body).not.toContain('Sign Out');
    expect(response.body).not.toContain(NAME);
  });

  it('serves a signed-in citizen the copy a visitor’s visit left in the page cache, and the other way round', async () => {
    const db = createTestDb();
    const citizen = await citizenNamed(db, NAME);
    const { app } = await openApp({ db });
    const first = await app.inject({
      method: 'GET',
      url: '/polls/presidential',
      headers: { cookie: citizen.cookie },
    });
    const second = await app.inject({ method: 'GET', url: '/polls/presidential' });
    const third = await app.inject({
      method: 'GET',
      url: '/polls/presidential',
      headers: { cookie: citizen.cookie },
    });
    // One render for the three readers: the cache is keyed by language and address, never by who asks.
    expect(renders.asked).toEqual(['en /polls/presidential']);
    expect(second.body).toBe(first.body);
    expect(third.body).toBe(first.body);
    expect(first.body).not.toContain(NAME);
  });
});
