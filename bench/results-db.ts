// The database the results-read benchmark (bench/results-read.mjs) runs against: one Active election
// whose results are public while it runs, 1,000,000 votes in it (written with one INSERT ... SELECT, through
// the same triggers as a real vote) by as many accounts with their profiles, and one signed-in System Admin (not
// stepped up) for the signed-in row: a citizen's reads are served by the public cache too, an
// admin's always go through tRPC.
// Run: node --import tsx bench/results-db.ts <folder> [votes]; prints a JSON summary on its last line.
import { join } from 'node:path';
import { createSession } from '@server/auth/sessions';
import { closeDb, createDb, migrateDb } from '@server/db/client';
import { profiles, users } from '@server/db/schema';
import { insertBulkVotes } from '../tests/helpers/bulk-votes';
import { createElection } from '../tests/helpers/election-factories';

const folder = process.argv[2];
if (!folder) throw new Error('usage: bench/results-db.ts <folder> [votes]');
const voteCount = Number(process.argv[3] ?? 1_000_000);
const databasePath = join(folder, 'codka.db');
const db = createDb(databasePath);
migrateDb(db);
const { election, candidates } = createElection(db, {
  title: 'Bench results election',
  candidateCount: 8,
  resultsVisible: true,
  hideResultsUntilClose: false,
});
const startedAt = performance.now();
insertBulkVotes(db, {
  electionId: election.id,
  candidateIds: candidates.map((candidate) => candidate.id),
  count: voteCount,
});
const insertMs = Math.round(performance.now() - startedAt);
// Every voter's account has its profile, as sign-up makes it: turnout's eligible count is over these accounts
// (a million of them, as a million votes need), not over the one admin.
db.$client
  .prepare(
    `INSERT INTO profiles (id, user_id, full_name, created_at)
     SELECT 'bulk-profile-' || id, id, 'Bench Voter', created_at FROM users WHERE id LIKE 'bulk-%'`,
  )
  .run();
const citizen = db
  .insert(users)
  .values({ email: 'bench.results.reader@bench.codka.example', emailVerifiedAt: new Date() })
  .returning({ id: users.id })
  .get();
db.insert(profiles).values({ userId: citizen.id, fullName: 'Bench Admin', role: 'System Admin' }).run();
const cookie = `codka_session=${createSession(db, citizen.id).token}`;
const votes = db.$client.prepare('SELECT count(*) FROM votes WHERE election_id = ?').pluck().get(election.id);
closeDb(db);
console.log(JSON.stringify({ databasePath, electionId: election.id, votes, insertMs, cookie }));
