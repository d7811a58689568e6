import { candidates, elections, pollCandidates, polls, pollVotes, votes } from '@server/db/schema';
import { describe, expect, it } from 'vitest';
import { createTestDb } from '../helpers/db';
import { createUser } from '../helpers/factories';

describe('database rules', () => {
  it('applies the pragmas the app relies on', () => {
    const db = createTestDb();
    expect(db.$client.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.$client.pragma('busy_timeout', { simple: true })).toBe(5000);
  });

  it('allows one vote per user per election, whatever the code does', async () => {
    const db = createTestDb();
    const user = await createUser(db);
    const election = db
      .insert(elections)
      .values({ title: 'E', startTime: new Date(), endTime: new Date() })
      .returning()
      .get();
    const candidate = db.insert(candidates).values({ electionId: election.id, name: 'C' }).returning().get();
    const vote = (receiptId: string) =>
      db
        .insert(votes)
        .values({
          userId: user.id,
          electionId: election.id,
          questionId: election.id,
          candidateId: candidate.id,
          receiptId,
          selections: '{}',
        })
        .run();
    vote('V1-aaaaaaaaa');
    expect(() => vote('V2-bbbbbbbbb')).toThrow(/UNIQUE constraint failed: votes.user_id, votes.election_id/);
  });

  it('allows one poll vote per user per poll', async () => {
    const db = createTestDb();
    const user = await createUser(db);
    const poll = db
      .insert(polls)
      .values({ title: 'P', monthYear: '2026-11', opensAt: new Date(), closesAt: new Date() })
      .returning()
      .get();
    const candidate = db.insert(pollCandidates).values({ pollId: poll.id, name: 'C' }).returning().get();
    const vote = () =>
      db.insert(pollVotes).values({ pollId: poll.id, userId: user.id, candidateId: candidate.id }).run();
    vote();
    expect(vote).toThrow(/UNIQUE constraint failed: poll_votes.poll_id, poll_votes.user_id/);
  });

  it('refuses a vote for a candidate that does not exist', async () => {
    const db = createTestDb();
    const user = await createUser(db);
    const election = db
      .insert(elections)
      .values({ title: 'E', startTime: new Date(), endTime: new Date() })
      .returning()
      .get();
    expect(() =>
      db
        .insert(votes)
        .values({
          userId: user.id,
          electionId: election.id,
          questionId: election.id,
          candidateId: 'nope',
          receiptId: 'r',
          selections: '{}',
        })
        .run(),
    ).toThrow(/FOREIGN KEY constraint failed/);
  });
});
