import { plainText, textOf } from '@shared/bilingual';
import { hasEnded, resultsVisibleToVoters } from '@shared/election-rules';
import {
  ELECTION_RECORD_ABOUT,
  ELECTION_RECORD_FORMAT,
  type ElectionRecord,
  type ElectionRecordSummary,
} from '@shared/schemas/election-record';
import { and, asc, eq, inArray, lt, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { candidates, electionRecords, elections } from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import { eligibleVoterCounter } from '../turnout';
import { inTurns, merkleRoot, merkleRootInTurns, recordEntryOf } from './merkle';

/**
 * better-sqlite3's transactions nest (a savepoint inside another transaction, drizzle's included), and every
 * query through `db` runs on the one connection, so what is read inside one is one snapshot.
 */
const inOneTransaction = <T>(db: Db, work: () => T): T => db.$client.transaction(work)();

/**
 * The ballot box as it is now: every vote row of the election (receipt and choice only) and its ballot, read in
 * one transaction so the entries and the totals describe one moment.
 */
function readBallotBox(db: Db, electionId: string) {
  return inOneTransaction(db, () => ({
    // Plain rows, not objects: a million of them are read while the server waits.
    rows: db.$client
      .prepare('SELECT receipt_id, candidate_id FROM votes WHERE election_id = ?')
      .raw()
      .all(electionId) as [receiptId: string, candidateId: string][],
    ballot: db
      .select({
        candidateId: candidates.id,
        name: candidates.name,
        party: candidates.party,
        partySo: candidates.partySo,
      })
      .from(candidates)
      .where(eq(candidates.electionId, electionId))
      .orderBy(asc(candidates.orderIndex), asc(candidates.id))
      .all()
      // The record's format keeps one text per field: the plain one every answer gives, the English, else the
      // Somali (docs/decisions/021-bilingual-content.md).
      .map(({ partySo, ...candidate }) => ({
        ...candidate,
        party: plainText(textOf(candidate.party, partySo)),
      })),
    voteCount: db.select({ n: elections.voteCount }).from(elections).where(eq(elections.id, electionId)).get()
      ?.n,
  }));
}

type BallotBox = ReturnType<typeof readBallotBox>;

/** Each candidate in ballot order with the votes counted from the rows themselves. */
function totalsOf(box: BallotBox) {
  const counted = new Map<string, number>();
  for (const [, candidateId] of box.rows) counted.set(candidateId, (counted.get(candidateId) ?? 0) + 1);
  return box.ballot.map((candidate) => ({ ...candidate, votes: counted.get(candidate.candidateId) ?? 0 }));
}

/** The receipts' hashes, sorted: never the casting order (the rows' order follows their insertion). */
const sortedEntries = (entries: string[]) => entries.sort();

const electionOf = (db: Db, id: string) =>
  db
    .select({
      id: elections.id,
      title: elections.title,
      titleSo: elections.titleSo,
      status: elections.status,
      startTime: elections.startTime,
      endTime: elections.endTime,
      resultsVisible: elections.resultsVisible,
      hideResultsUntilClose: elections.hideResultsUntilClose,
      eligibility: elections.eligibility,
      eligibleRegions: elections.eligibleRegions,
      counting: elections.counting,
    })
    .from(elections)
    .where(eq(elections.id, id))
    .get();

const storedRecord = (db: Db, electionId: string) =>
  db.select().from(electionRecords).where(eq(electionRecords.electionId, electionId)).get();

/**
 * The stored record without its document: whether it is public, and its root (the ETag), are decided on
 * this. The document of a large election is 20 MB (300,000 votes); a 304 or a results page must not read it.
 */
const storedRecordHead = (db: Db, electionId: string) =>
  db
    .select({ root: electionRecords.root, votesCast: electionRecords.votesCast })
    .from(electionRecords)
    .where(eq(electionRecords.electionId, electionId))
    .get();

/** The record's document as it was fixed, byte for byte (read only to send it). */
export const storedRecordDocument = (db: Db, electionId: string): string =>
  db
    .select({ document: electionRecords.document })
    .from(electionRecords)
    .where(eq(electionRecords.electionId, electionId))
    .get()?.document ?? '';

/**
 * Fixes an election's record when it closes (an admin's close, before the answer; or its end passing:
 * server/jobs/election-records.ts). Once fixed it is never rewritten: closing again, or a change to the votes
 * afterwards, leaves it as it was, so the stored root then disagrees with a recount (checkElectionRecord).
 * The hashing runs in turns so the server keeps answering; the record is written only if nothing moved
 * meanwhile (no vote in or out, still closed), else the next check starts over. Returns whether it fixed one.
 */
export async function fixElectionRecord(db: Db, electionId: string): Promise<boolean> {
  const read = inOneTransaction(db, () => {
    const election = electionOf(db, electionId);
    // A verifiable election has no receipts: its record is its Belenios archive (docs/election-record.md).
    if (!election || election.status === 'Draft' || election.counting === 'verifiable') return null;
    if (storedRecordHead(db, electionId)) return null;
    if (!hasEnded(election, new Date())) return null;
    return {
      election,
      box: readBallotBox(db, electionId),
      eligibleVoters: eligibleVoterCounter(db)(election),
    };
  });
  if (!read) return false;
  const { election, box, eligibleVoters } = read;
  const entries = sortedEntries(
    await inTurns(box.rows.length, (index) => recordEntryOf(box.rows[index]?.[0] ?? '')),
  );
  const root = await merkleRootInTurns(entries);
  const record: ElectionRecord = {
    format: ELECTION_RECORD_FORMAT,
    about: ELECTION_RECORD_ABOUT,
    election: { id: election.id, title: plainText(textOf(election.title, election.titleSo)) ?? '' },
    candidates: totalsOf(box),
    eligibleVoters,
    votesCast: entries.length,
    hash: 'SHA-256',
    tree: 'rfc6962',
    root,
    entries,
  };
  return inOneTransaction(db, () => {
    const now = electionOf(db, electionId);
    const voteCount = db
      .select({ n: elections.voteCount })
      .from(elections)
      .where(eq(elections.id, electionId))
      .get()?.n;
    if (!now || storedRecordHead(db, electionId) || !hasEnded(now, new Date()) || voteCount !== box.voteCount)
      return false;
    db.insert(electionRecords)
      .values({
        electionId,
        root,
        votesCast: entries.length,
        document: JSON.stringify(record),
        fixedAt: new Date(),
      })
      .run();
    return true;
  });
}

/**
 * Elections that have closed without a record yet: Closed or Archived by an admin, or Active past their end.
 * Drafts never get one (they were never published). One at a time; returns how many were fixed.
 */
export async function fixDueElectionRecords(db: Db, now = new Date()): Promise<number> {
  const due = db
    .select({ id: elections.id })
    .from(elections)
    .where(
      and(
        eq(elections.counting, 'standard'),
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
  let fixed = 0;
  for (const election of due) if (await fixElectionRecord(db, election.id)) fixed += 1;
  return fixed;
}

/** What deciding whether a record is public needs of its election (a results read has it already). */
type RecordElection = Pick<
  NonNullable<ReturnType<typeof electionOf>>,
  'id' | 'status' | 'startTime' | 'endTime' | 'resultsVisible' | 'hideResultsUntilClose'
>;

/** storedRecordHead for the reads every results page makes, prepared once. */
const recordHeadById = preparedOnce((db) =>
  db
    .select({ root: electionRecords.root, votesCast: electionRecords.votesCast })
    .from(electionRecords)
    .where(eq(electionRecords.electionId, sql.placeholder('electionId')))
    .prepare(),
);

/**
 * Whether the record may be shown: a published election that has ended, whose results voters may see, and
 * whose record is fixed. Never before the results themselves are public (docs/product.md#results-visibility,
 * shared/election-rules.ts). Undefined: no such published election; null: its record is not public (yet).
 */
function publicRecordOf(db: Db, election: RecordElection | undefined, now: Date) {
  if (!election || election.status === 'Draft') return undefined;
  if (!hasEnded(election, now) || !resultsVisibleToVoters(election, now)) return null;
  return recordHeadById(db).get({ electionId: election.id }) ?? null;
}

/** The published record's root (its ETag), without reading its document; refused like the record itself. */
export function publishedRecordRoot(db: Db, electionId: string, now = new Date()): string {
  const record = publicRecordOf(db, electionOf(db, electionId), now);
  if (record === undefined) throw new DomainError('election.notFound', { id: electionId });
  if (!record) throw new DomainError('election.recordNotPublished');
  return record.root;
}

/** The record's JSON as published (GET /api/v1/elections/{id}/record), with its root for the ETag. */
export function publishedElectionRecord(db: Db, electionId: string, now = new Date()) {
  const root = publishedRecordRoot(db, electionId, now);
  return { document: storedRecordDocument(db, electionId), root };
}

/**
 * What the results page and /verify show: the root and the number of entries, or null while the record is not
 * public (or for a draft, which has none).
 */
export function electionRecordSummary(
  db: Db,
  electionId: string,
  now = new Date(),
): ElectionRecordSummary | null {
  return recordSummaryOf(db, electionOf(db, electionId), now);
}

/** electionRecordSummary for an election row the caller has just read (the results read: one query fewer). */
export function recordSummaryOf(
  db: Db,
  election: RecordElection | undefined,
  now = new Date(),
): ElectionRecordSummary | null {
  const record = publicRecordOf(db, election, now);
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
  const box = readBallotBox(db, electionId);
  const entries = sortedEntries(box.rows.map(([receiptId]) => recordEntryOf(receiptId)));
  const root = merkleRoot(entries);
  const totals = (list: { candidateId: string; votes: number }[]) =>
    JSON.stringify(list.map((candidate) => [candidate.candidateId, candidate.votes]));
  return {
    matches:
      root === stored.root &&
      entries.length === stored.votesCast &&
      totals(totalsOf(box)) === totals(fixed.candidates),
    stored: { root: stored.root, votesCast: stored.votesCast },
    recount: { root, votesCast: entries.length },
  };
}
