// The database the load benchmarks (R1, R2, R3) run against: the demo seed (329 members of both houses,
// elections, this month's and last month's polls) plus realistic volume written directly, not through
// the API, so that building it takes seconds:
//   - 20,000 bench citizens, each with a live session (the cookies are written to a JSON file for the load
//     generator) and the same password hash (one argon2id hash at the server's cost, computed once: the
//     sign-in storm verifies it for real; hashing 20,000 distinct ones would take minutes of CPU);
//   - a month's poll votes: every one of them voted in last month's closed poll, whose public results R1 reads;
//   - an Active election with four candidates, for votes.cast in R2 (this month's open poll takes polls.vote);
//   - every bench citizen enrolled on the voter roll, spread over the demo districts of all 18
//     regions, so R2's votes pass the eligibility check of an 'enrolled' election for real;
//   - one System Admin with a session: its reads always go through tRPC (R1's comparison without the cache);
//   - with `--verifiable-voters=N` (bench/verifiable-load.mjs), an open verifiable election with five candidates
//     whose voters, with Codka as credential authority, are the first N bench citizens (and the accounts made
//     before them), and one valid ballot for each of those N, encrypted with their credential by the core's
//     encryptBallot as the browser does, written to a JSON file with the citizen's cookie.
// Run: node --import tsx bench/volume-db.ts <folder> [--verifiable-voters=N]; prints a JSON summary on its last line.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashPassword } from '@server/auth/passwords';
import { createSession } from '@server/auth/sessions';
import { derivedCredential } from '@server/belenios/credential-source';
import { closeVerifyPool } from '@server/belenios/verify-pool';
import { closeDb, createDb, migrateDb } from '@server/db/client';
import { loadKeys } from '@server/db/key-file';
import {
  districts,
  houseMembers,
  pollCandidates,
  polls,
  pollVotes,
  profiles,
  senators,
  users,
  voters,
} from '@server/db/schema';
import { defaultKeysFile } from '@server/env';
import { encryptBallot } from '@shared/belenios';
import { addMonths, monthKey } from '@shared/months';
import { and, eq, sql } from 'drizzle-orm';
import { seedDemo } from '../seed/seed';
import { createElection } from '../tests/helpers/election-factories';
import { beleniosElection, verifiableElection } from '../tests/helpers/verifiable-factories';
import { choiceOf } from './verifiable-setup';

export const BENCH_CITIZENS = 20_000;
export const BENCH_PASSWORD = 'bench citizen password 2026';

const folder = process.argv[2];
if (!folder) throw new Error('usage: bench/volume-db.ts <folder> [--verifiable-voters=N]');
const verifiableVoters = Number(
  process.argv.find((arg) => arg.startsWith('--verifiable-voters='))?.split('=')[1] ?? 0,
);
if (!Number.isInteger(verifiableVoters) || verifiableVoters < 0 || verifiableVoters > BENCH_CITIZENS)
  throw new Error(`--verifiable-voters: a whole number from 0 to ${BENCH_CITIZENS}`);
const databasePath = join(folder, 'codka.db');
const db = createDb(databasePath);
migrateDb(db);
// The key file where the server started on this database looks for it (beside it), as `npm start` makes it.
loadKeys(db, defaultKeysFile(databasePath));
await seedDemo(db);

const passwordHash = await hashPassword(BENCH_PASSWORD);
const month = monthKey(new Date());
const pollOf = (key: string) =>
  db
    .select({ id: polls.id })
    .from(polls)
    .where(and(eq(polls.monthYear, key), eq(polls.electionType, 'presidential')))
    .get();
const closedPoll = pollOf(addMonths(month, -1));
const openPoll = pollOf(month);
if (!closedPoll || !openPoll) throw new Error('the demo seed did not create the two presidential polls');
const candidatesOf = (pollId: string) =>
  db
    .select({ id: pollCandidates.id })
    .from(pollCandidates)
    .where(eq(pollCandidates.pollId, pollId))
    .all()
    .map((row) => row.id);
const closedCandidates = candidatesOf(closedPoll.id);
const openCandidates = candidatesOf(openPoll.id);

const districtIds = db
  .select({ id: districts.id })
  .from(districts)
  .all()
  .map((row) => row.id);

const citizens: { email: string; cookie: string; userId: string }[] = [];
/** Bench citizens `from` to `to` (excluded), in one transaction. */
const addCitizens = (from: number, to: number) =>
  db.transaction((tx) => {
    for (let index = from; index < to; index += 1) {
      const email = `bench.citizen.${index}@bench.codka.example`;
      const user = tx
        .insert(users)
        .values({ email, passwordHash, emailVerifiedAt: new Date() })
        .returning({ id: users.id })
        .get();
      tx.insert(profiles)
        .values({ userId: user.id, fullName: `Bench Citizen ${index}` })
        .run();
      tx.insert(voters)
        .values({
          voterCardNumber: `BENCH-${index}`,
          fullName: `Bench Citizen ${index}`,
          districtId: districtIds[index % districtIds.length] ?? '',
          status: 'enrolled',
          source: 'import',
          userId: user.id,
        })
        .run();
      // A skewed spread over the five candidates, voted across last month.
      tx.insert(pollVotes)
        .values({
          pollId: closedPoll.id,
          userId: user.id,
          candidateId: closedCandidates[(index * index) % closedCandidates.length] ?? '',
          createdAt: new Date(Date.now() - 40 * 86_400_000 + index * 100_000),
        })
        .run();
      citizens.push({
        email,
        cookie: `codka_session=${createSession(tx as never, user.id).token}`,
        userId: user.id,
      });
    }
  });

// A verifiable election gives credentials at its opening to every account that may vote then: its voters are
// the citizens made before it opens.
addCitizens(0, verifiableVoters);
let verifiable: { electionId: string; ballotsFile: string; voters: number } | null = null;
if (verifiableVoters > 0) {
  const { electionId } = await verifiableElection(db, { candidateCount: 5 });
  await closeVerifyPool();
  const election = beleniosElection(db, electionId);
  const ballots = citizens.slice(0, verifiableVoters).map((citizen, index) => {
    const credential = derivedCredential(db, election.uuid, citizen.userId);
    return { cookie: citizen.cookie, ballot: encryptBallot(election, credential, choiceOf(index)).ballot };
  });
  const ballotsFile = join(folder, 'verifiable-ballots.json');
  writeFileSync(ballotsFile, JSON.stringify(ballots));
  verifiable = { electionId, ballotsFile, voters: ballots.length };
}
addCitizens(verifiableVoters, BENCH_CITIZENS);

const admin = db
  .insert(users)
  .values({ email: 'bench.admin@bench.codka.example', passwordHash, emailVerifiedAt: new Date() })
  .returning({ id: users.id })
  .get();
db.insert(profiles).values({ userId: admin.id, fullName: 'Bench Admin', role: 'System Admin' }).run();
const adminCookie = `codka_session=${createSession(db, admin.id).token}`;

// For enrolled voters, as elections are by default: R2's votes.cast pays for the roll check.
const { election, candidates } = createElection(db, {
  title: 'Bench election',
  candidateCount: 4,
  eligibility: 'enrolled',
});
const counts = {
  citizens: db.select({ n: sql<number>`count(*)` }).from(users).get()?.n ?? 0,
  houseMembers: db.select({ n: sql<number>`count(*)` }).from(houseMembers).get()?.n ?? 0,
  senators: db.select({ n: sql<number>`count(*)` }).from(senators).get()?.n ?? 0,
  enrolledVoters:
    db.select({ n: sql<number>`count(*)` }).from(voters).where(eq(voters.status, 'enrolled')).get()?.n ?? 0,
  closedPollVotes: db
    .select({ n: sql<number>`count(*)` })
    .from(pollVotes)
    .where(eq(pollVotes.pollId, closedPoll.id))
    .get()?.n,
};
closeDb(db);

const citizensFile = join(folder, 'citizens.json');
writeFileSync(citizensFile, JSON.stringify(citizens.map(({ email, cookie }) => ({ email, cookie }))));
console.log(
  JSON.stringify({
    databasePath,
    citizensFile,
    adminCookie,
    password: BENCH_PASSWORD,
    counts,
    closedPollId: closedPoll.id,
    openPollId: openPoll.id,
    openPollCandidateIds: openCandidates,
    electionId: election.id,
    electionCandidateIds: candidates.map((candidate) => candidate.id),
    verifiable,
  }),
);
