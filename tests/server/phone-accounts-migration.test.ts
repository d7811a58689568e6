import { randomUUID } from 'node:crypto';
import { createSession } from '@server/auth/sessions';
import { type createDb, migrateDb } from '@server/db/client';
import { describe, expect, it } from 'vitest';
import { databaseBefore } from '../helpers/migrations';
import { insertPollVote } from '../helpers/poll-factories';
import { addAccount } from '../helpers/turnout-factories';

/**
 * An open verified-e-mail poll with one candidate, in the columns its tables had then: the factories write
 * today's columns, which later migrations add.
 */
function pollOfThatTime(db: ReturnType<typeof createDb>) {
  const poll = { id: randomUUID() };
  const candidate = { id: randomUUID() };
  const now = Date.now();
  db.$client
    .prepare(
      `INSERT INTO polls (id, title, month_year, election_type, status, opens_at, closes_at, created_at, eligibility)
       VALUES (?, 'Poll', '2026-01', 'presidential', 'open', ?, ?, ?, 'verifiedEmail')`,
    )
    .run(poll.id, now - 3_600_000, now + 86_400_000, now);
  db.$client
    .prepare("INSERT INTO poll_candidates (id, poll_id, name, order_index) VALUES (?, ?, 'Candidate 1', 1)")
    .run(candidate.id, poll.id);
  return { poll, candidates: [candidate] };
}

describe('the phone accounts migration', () => {
  it('rebuilds users without losing a row that references them, and keeps verified-e-mail polls their meaning', () => {
    const db = databaseBefore('0015_phone_accounts');
    const confirmed = addAccount(db);
    const unconfirmed = addAccount(db, { verified: false });
    const session = createSession(db, confirmed);
    const poll = pollOfThatTime(db);
    // In the table's columns of that time (later migrations add more).
    db.$client
      .prepare(
        'INSERT INTO poll_votes (id, poll_id, user_id, candidate_id, created_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(randomUUID(), poll.poll.id, confirmed, poll.candidates[0]?.id ?? '', Date.now());
    const count = (table: string) => db.$client.prepare(`SELECT count(*) FROM ${table}`).pluck().get();
    const before = Object.fromEntries(
      ['users', 'profiles', 'sessions', 'polls', 'poll_votes', 'poll_candidates'].map((table) => [
        table,
        count(table),
      ]),
    );

    migrateDb(db);

    expect(Object.fromEntries(Object.keys(before).map((table) => [table, count(table)]))).toEqual(before);
    expect(db.$client.prepare('SELECT id FROM sessions').pluck().get()).toBe(session.id);
    expect(db.$client.prepare('SELECT eligibility FROM polls WHERE id = ?').pluck().get(poll.poll.id)).toBe(
      'verifiedContact',
    );
    expect(
      db.$client.prepare('SELECT vote_count FROM poll_candidates ORDER BY vote_count DESC').pluck().get(),
    ).toBe(1);
    expect(
      db.$client
        .prepare("SELECT voters FROM eligible_voter_counts WHERE rule = 'verifiedContact'")
        .pluck()
        .get(),
    ).toBe(1);
    // Foreign keys are on again and hold: a vote for an account that does not exist is refused.
    expect(db.$client.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.$client.pragma('foreign_key_check')).toEqual([]);
    expect(() =>
      insertPollVote(db, {
        pollId: poll.poll.id,
        userId: 'nobody',
        candidateId: poll.candidates[0]?.id ?? '',
      }),
    ).toThrow();
    // The rebuilt triggers count a confirmed number as a verified contact.
    db.$client
      .prepare('UPDATE users SET phone = ?, phone_confirmed_at = ? WHERE id = ?')
      .run('+252615000001', Date.now(), unconfirmed);
    expect(
      db.$client
        .prepare("SELECT voters FROM eligible_voter_counts WHERE rule = 'verifiedContact'")
        .pluck()
        .get(),
    ).toBe(2);
    // One account per number, and a phone account needs no e-mail address.
    expect(() =>
      db.$client.prepare('UPDATE users SET phone = ? WHERE id = ?').run('+252615000001', confirmed),
    ).toThrow(/UNIQUE/);
    db.$client.close();
  });
});
