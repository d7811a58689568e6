import { randomUUID } from 'node:crypto';
import { migrateDb } from '@server/db/client';
import { describe, expect, it } from 'vitest';
import { databaseBefore } from '../helpers/migrations';

describe('the bilingual content migration', () => {
  it('keeps every text as the English, and empties only the poll titles the server wrote itself', () => {
    const db = databaseBefore('0020_bilingual_content');
    const insertPoll = db.$client.prepare(
      `INSERT INTO polls (id, title, month_year, election_type, status, opens_at, closes_at, created_at)
       VALUES (?, ?, ?, ?, 'draft', 0, 1, 0)`,
    );
    const generated = randomUUID();
    const senate = randomUUID();
    const typed = randomUUID();
    const otherMonth = randomUUID();
    insertPoll.run(generated, 'Presidential Poll 2026-11', '2026-11', 'presidential');
    insertPoll.run(senate, 'Senate Poll 2026-12', '2026-12', 'senate');
    insertPoll.run(typed, 'November check-in', '2026-10', 'presidential');
    // A title that looks generated but names another month is an admin's text.
    insertPoll.run(otherMonth, 'Parliamentary Poll 2026-01', '2026-02', 'parliamentary');
    const election = randomUUID();
    db.$client
      .prepare(
        `INSERT INTO elections (id, title, description, start_time, end_time, status, created_at)
         VALUES (?, 'Regional Assembly', 'Choose the assembly', 0, 1, 'Draft', 0)`,
      )
      .run(election);

    migrateDb(db);

    const title = db.$client.prepare('SELECT title, title_so FROM polls WHERE id = ?');
    expect(title.get(generated)).toEqual({ title: '', title_so: '' });
    expect(title.get(senate)).toEqual({ title: '', title_so: '' });
    expect(title.get(typed)).toEqual({ title: 'November check-in', title_so: '' });
    expect(title.get(otherMonth)).toEqual({ title: 'Parliamentary Poll 2026-01', title_so: '' });
    expect(
      db.$client.prepare('SELECT title, title_so, description, description_so FROM elections').get(),
    ).toEqual({
      title: 'Regional Assembly',
      title_so: '',
      description: 'Choose the assembly',
      description_so: null,
    });
  });
});
