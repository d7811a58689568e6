import { isVotingOpen } from '@shared/election-rules';
import { generateReceiptId } from '@shared/receipts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { candidates, electionRecords, elections, votes } from '../db/schema';
import { isUniqueViolation } from '../db/unique';
import { DomainError } from '../errors/domain-error';
import { messageText } from '../errors/texts';
import { withTexts } from './bilingual';
import { electionRecordSummary } from './election-record/record';
import { requireEligible } from './eligibility';

export const ALREADY_VOTED = messageText({ key: 'vote.alreadyCast' });
export const VOTING_CLOSED = messageText({ key: 'vote.closed' });
export const NOT_A_CANDIDATE = messageText({ key: 'vote.notACandidate' });

const electionForVote = preparedOnce((db) =>
  db
    .select({
      id: elections.id,
      status: elections.status,
      startTime: elections.startTime,
      endTime: elections.endTime,
      eligibility: elections.eligibility,
      eligibleRegions: elections.eligibleRegions,
      // A record fixed at close is never rewritten: an election reopened after it takes no more votes.
      sealed: sql<number>`exists (select 1 from ${electionRecords} where ${electionRecords.electionId} = ${elections.id})`,
    })
    .from(elections)
    .where(eq(elections.id, sql.placeholder('electionId')))
    .prepare(),
);

const candidateOfElection = preparedOnce((db) =>
  db
    .select({ id: candidates.id })
    .from(candidates)
    .where(
      and(
        eq(candidates.id, sql.placeholder('candidateId')),
        eq(candidates.electionId, sql.placeholder('electionId')),
      ),
    )
    .prepare(),
);

/**
 * Records one vote and returns its receipt. The unique index on (user, election) is the arbiter: of any
 * number of simultaneous casts by one citizen exactly one insert commits; the others answer CONFLICT.
 * A voter the election's rule does not allow is refused with FORBIDDEN before anything is written.
 */
export function castVote(
  db: Db,
  userId: string,
  input: { electionId: string; candidateId: string },
  now = new Date(),
) {
  const election = electionForVote(db).get({ electionId: input.electionId });
  if (!election) throw new DomainError('election.notFound', { id: input.electionId });
  if (!isVotingOpen(election, now) || election.sealed) throw new DomainError('vote.closed');
  // Who may vote comes after "is it open": a closed election says so to everyone, eligible or not.
  requireEligible(db, userId, election, 'election');
  const candidate = candidateOfElection(db).get({ candidateId: input.candidateId, electionId: election.id });
  if (!candidate) throw new DomainError('vote.notACandidate');

  const receiptId = generateReceiptId(now.getTime());
  try {
    db.insert(votes)
      .values({
        userId,
        electionId: election.id,
        questionId: election.id,
        candidateId: candidate.id,
        receiptId,
        // The one canonical shape written; readers also accept the older shapes (selectionCandidateId).
        selections: JSON.stringify({ candidate_id: candidate.id }),
        createdAt: now,
      })
      .run();
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('vote.alreadyCast');
    throw error;
  }
  return { receiptId };
}

/** The signed-in citizen's votes: which elections, with their receipts (never shown to anyone else). */
export function myVotes(db: Db, userId: string) {
  return db
    .select({ electionId: votes.electionId, receiptId: votes.receiptId, createdAt: votes.createdAt })
    .from(votes)
    .where(eq(votes.userId, userId))
    .orderBy(desc(votes.createdAt))
    .all();
}

/** A time cut down to its minute: what /verify may tell about when a vote was cast. */
export function toTheMinute(time: Date): Date {
  return new Date(Math.floor(time.getTime() / 60_000) * 60_000);
}

/**
 * Confirms that a receipt was recorded, with its election and time, but never the choice or the voter.
 * The time is given to the minute only (docs/product.md#receipts-and-verification): the receipt itself carries the
 * millisecond, and this answer goes to anyone holding the receipt, a coercer or vote buyer included.
 */
export function verifyReceipt(db: Db, receiptId: string) {
  const row = db
    .select({
      receiptId: votes.receiptId,
      recordedAt: votes.createdAt,
      electionId: elections.id,
      electionTitle: elections.title,
      electionTitleSo: elections.titleSo,
    })
    .from(votes)
    .innerJoin(elections, eq(elections.id, votes.electionId))
    .where(eq(votes.receiptId, receiptId))
    .get();
  if (!row) throw new DomainError('receipt.notFound');
  // The election's record once public (docs/product.md#election-record): the page checks the receipt against it in
  // the browser.
  return {
    ...withTexts(row, ['electionTitle']),
    recordedAt: toTheMinute(row.recordedAt),
    record: electionRecordSummary(db, row.electionId),
  };
}

/**
 * docs/product.md#votes-as-stored: selections has been stored as a plain id, an array whose first item is used, an
 * object with candidate_id or selected, or a list of such objects. Returns the candidate id, or null when unreadable.
 */
export function selectionCandidateId(selections: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(selections);
  } catch {
    return selections.trim() || null;
  }
  const fromItem = (item: unknown): string | null => {
    if (typeof item === 'string') return item || null;
    if (item && typeof item === 'object') {
      const record = item as Record<string, unknown>;
      const id = record.candidate_id ?? record.selected;
      return typeof id === 'string' && id ? id : null;
    }
    return null;
  };
  return Array.isArray(value) ? fromItem(value[0]) : fromItem(value);
}
