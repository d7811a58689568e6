import { hasEnded, resultsVisibleToVoters } from '@shared/election-rules';
import {
  ELECTION_RECORD_ABOUT,
  ELECTION_RECORD_FORMAT,
  type ElectionRecord,
  type ElectionRecordSummary,
} from '@shared/schemas/election-record';
import { and, asc, eq, inArray, lt, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { candidates, electionRecords, elections, votes } from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import { eligibleVoterCounter } from '../turnout';
import { merkleRoot, recordEntryOf } from './merkle';

/**
 * better-sqlite3's transactions nest (a savepoint inside another transaction, drizzle's included), and every
 * query through `db` runs on the one connection, so the reads and the write below are one snapshot wherever
 * they are called from (an admin's close runs this inside its own update).
 */
const inOneTransaction = <T>(db: Db, work: () => T): T => db.$client.transaction(work)();

/**
 * The ballot box as it is now, counted the way the record counts it: every vote row of the election, its
 * receipt hashed and the hashes sorted (never the casting order), each candidate's votes counted from the
 * same rows, all read in one transaction so the entries and the totals describe one moment.
 */
function countBallotBox(db: Db, electionId: string) {
  return inOneTransaction(db, () => {
    const rows = db
      .select({ receiptId: votes.receiptId, candidateId: votes.candidateId })
      .from(votes)
      .where(eq(votes.electionId, electionId))
      .all();
    const ballot = db
      .select({ candidateId: candidates.id, name: candidates.name, party: candidates.party })
      .from(candidates)
      .where(eq(candidates.electionId, electionId))
      .orderBy(asc(candidates.orderIndex), asc(candidates.id))
      .all();
    const counted = new Map<string, number>();
    for (const row of rows) counted.set(row.candidateId, (counted.get(row.candidateId) ?? 0) + 1);
    const entries = rows.map((row) => recordEntryOf(row.receiptId)).sort();
    return {
      candidates: ballot.map((candidate) => ({
        ...candidate,
        votes: counted.get(candidate.candidateId) ?? 0,
      })),
      entries,
      root: merkleRoot(entries),
    };
  });
}

const electionOf = (db: Db, id: string) =>
  db
    .select({
      id: elections.id,
      title: elections.title,
      status: elections.status,
      startTime: elections.startTime,
      endTime: elections.endTime,
      resultsVisible: elections.resultsVisible,
      hideResultsUntilClose: elections.hideResultsUntilClose,
      eligibility: elections.eligibility,
      eligibleRegions: elections.eligibleRegions,
    })
    .from(elections)
    .where(eq(elections.id, id))
    .get();

const storedRecord = (db: Db, electionId: string) =>
  db.select().from(electionRecords).where(eq(electionRecords.electionId, electionId)).get();

/**
 * Fixes an election's record when it closes (an admin's close, or its end passing: server/jobs/election-records.ts).
 * Once fixed it is never rewritten: closing again, or a change to the votes afterwards, leaves it as it was,
 * so the stored root then disagrees with a recount (checkElectionRecord). Returns whether it fixed one now.
 */
export function fixElectionRecord(db: Db, electionId: string, now = new Date()): boolean {
  return inOneTransaction(db, () => {
    if (storedRecord(db, electionId)) return false;
    const election = electionOf(db, electionId);
    if (!election || election.status === 'Draft') return false;
    const box = countBallotBox(db, electionId);
    const record: ElectionRecord = {
      format: ELECTION_RECORD_FORMAT,
      about: ELECTION_RECORD_ABOUT,
      election: { id: election.id, title: election.title },
      candidates: box.candidates,
      eligibleVoters: eligibleVoterCounter(db)(election),
      votesCast: box.entries.length,
      hash: 'SHA-256',
      tree: 'rfc6962',
      root: box.root,
      entries: box.entries,
    };
    db.insert(electionRecords)
      .values({
        electionId,
        root: record.root,
        votesCast: record.votesCast,
        document: JSON.stringify(record),
        fixedAt: now,
      })
      .run();
    return true;
  });
}

/**
 * Elections that have closed without a record yet: Closed or Archived by an admin, or Active past their end.
 * Drafts never get one (they were never published).
 */
export function fixDueElectionRecords(db: Db, now = new Date()): number {
  const due = db
    .select({ id: elections.id })
    .from(elections)
    .where(
      and(
        or(
          inArray(elections.status, ['Closed', 'Archived']),
          and(eq(elections.status, 'Active'), lt(elections.endTime, now)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(electionRecords)
            .where(eq(electionRecords.electionId, elections.id)),
        ),
      ),
    )
    .all();
  return due.filter((election) => fixElectionRecord(db, election.id, now)).length;
}

/**
 * Whether the record may be shown: a published election that has ended, whose results voters may see, and
 * whose record is fixed. Never before the results themselves are public (SPEC §4's rule, shared/election-rules.ts).
 */
function publicRecordOf(db: Db, electionId: string, now: Date) {
  const election = electionOf(db, electionId);
  if (!election || election.status === 'Draft')
    throw new DomainError('election.notFound', { id: electionId });
  if (!hasEnded(election, now) || !resultsVisibleToVoters(election, now)) return null;
  return storedRecord(db, electionId) ?? null;
}

/** The record's JSON as published (GET /api/v1/elections/{id}/record), with its root for the ETag. */
export function publishedElectionRecord(db: Db, electionId: string, now = new Date()) {
  const record = publicRecordOf(db, electionId, now);
  if (!record) throw new DomainError('election.recordNotPublished');
  return { document: record.document, root: record.root };
}

/** What the results page shows: the root and the number of entries, or null while the record is not public. */
export function electionRecordSummary(
  db: Db,
  electionId: string,
  now = new Date(),
): ElectionRecordSummary | null {
  const record = publicRecordOf(db, electionId, now);
  return record ? { root: record.root, votesCast: record.votesCast } : null;
}

/**
 * Recounts the votes as they are now and compares them with the stored record: a vote added, removed or changed
 * after close (a receipt or a choice) makes them disagree. For operators and tests; null when no record is fixed.
 */
export function checkElectionRecord(db: Db, electionId: string) {
  const stored = storedRecord(db, electionId);
  if (!stored) return null;
  const fixed = JSON.parse(stored.document) as ElectionRecord;
  const now = countBallotBox(db, electionId);
  const totals = (list: { candidateId: string; votes: number }[]) =>
    JSON.stringify(list.map((candidate) => [candidate.candidateId, candidate.votes]));
  return {
    matches:
      now.root === stored.root &&
      now.entries.length === stored.votesCast &&
      totals(now.candidates) === totals(fixed.candidates),
    stored: { root: stored.root, votesCast: stored.votesCast },
    recount: { root: now.root, votesCast: now.entries.length },
  };
}
