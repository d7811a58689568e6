import { createSession } from '@server/auth/sessions';
import { pollVotes, votes } from '@server/db/schema';
import { describe, expect, it } from 'vitest';
import { sameOrigin, testAppsClosedAfterEach } from '../../helpers/app';
import { createElection } from '../../helpers/election-factories';
import { CONFIRM_EMAIL_POLL, NOT_ON_ROLL } from '../../helpers/eligibility';
import { createUser } from '../../helpers/factories';
import { createPoll } from '../../helpers/poll-factories';

const openApp = testAppsClosedAfterEach();

// An extra query parameter sends the same call through tRPC's own adapter instead of the vote fast path
// (server/http/vote-fast-path.ts answers only the exact URLs).
const ADAPTER = '&via=adapter';

async function setUp() {
  const built = await openApp();
  const election = createElection(built.db, { eligibility: 'enrolled' });
  const poll = createPoll(built.db, { eligibility: 'verifiedContact' });
  // Neither on the roll nor with a confirmed e-mail address: refused by both ballots.
  const user = await createUser(built.db, { verified: false });
  const cookie = `codka_session=${createSession(built.db, user.id).token}`;
  const post = (url: string, body: unknown, language: string) =>
    built.app.inject({
      method: 'POST',
      url,
      headers: { ...sameOrigin, 'content-type': 'application/json', 'accept-language': language, cookie },
      payload: JSON.stringify(body),
    });
  const castBody = {
    0: { json: { electionId: election.election.id, candidateId: election.candidates[0]?.id } },
  };
  const pollBody = { 0: { json: { pollId: poll.poll.id, candidateId: poll.candidates[0]?.id } } };
  return { ...built, post, castBody, pollBody };
}

describe('eligibility over HTTP', () => {
  it('answers 403 with the sentence and code, on the fast path and through the adapter alike', async () => {
    const { db, post, castBody, pollBody } = await setUp();
    const cases = [
      ['/trpc/votes.cast?batch=1', castBody, 'eligibility.notOnRoll', NOT_ON_ROLL],
      ['/trpc/polls.vote?batch=1', pollBody, 'eligibility.emailUnverified', CONFIRM_EMAIL_POLL],
    ] as const;
    for (const [url, body, code, sentence] of cases) {
      const fast = await post(url, body, 'en');
      expect(fast.statusCode, url).toBe(403);
      const [answer] = JSON.parse(fast.body);
      expect(answer.error.json.message).toBe(sentence);
      expect(answer.error.json.data).toMatchObject({ code: 'FORBIDDEN', errorCode: code });
      const adapter = await post(`${url}${ADAPTER}`, body, 'en');
      expect(adapter.statusCode).toBe(403);
      expect(adapter.body).toBe(fast.body);
    }
    expect(db.select().from(votes).all()).toEqual([]);
    expect(db.select().from(pollVotes).all()).toEqual([]);
  });

  it('says it in Somali to a Somali reader', async () => {
    const { post, castBody, pollBody } = await setUp();
    const cast = JSON.parse((await post('/trpc/votes.cast?batch=1', castBody, 'so')).body)[0];
    expect(cast.error.json.message).toBe(
      'Kuma jirtid diiwaanka codbixiyeyaasha ee doorashadan. Ka qaado koodhka diiwaangelinta bogga akoonkaaga, kadibna isaga iyo kaarkaaga codbixinta geey xarunta diiwaangelinta.',
    );
    const vote = JSON.parse((await post('/trpc/polls.vote?batch=1', pollBody, 'so')).body)[0];
    expect(vote.error.json.message).toBe(
      "Fadlan xaqiiji cinwaanka iimaylkaaga ka hor intaadan ka codayn ra'yi ururintan.",
    );
  });
});
