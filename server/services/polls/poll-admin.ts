import type { ErrorCode } from '@shared/errors';
import { monthBounds, monthKey } from '@shared/months';
import { pollWindowWithinMonth } from '@shared/poll-rules';
import type { PollElectionType, PollStatus } from '@shared/polls';
import type { PollCreateInput, pollCandidateInput } from '@shared/schemas/polls';
import { and, asc, count, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { pollCandidates, polls, pollVotes } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique';
import { DomainError } from '../../errors/domain-error';
import { recordAudit, recordBefore } from '../audit';
import { pollNotFound, withPollTitle } from './poll-views';

/**
 * docs/product.md#poll-forms: a new poll is a draft; the title, month and window default from the type and the month.
 */
export function createPoll(db: Db, input: PollCreateInput, actorId: string, now = new Date()) {
  const monthYear = input.monthYear ?? monthKey(now);
  const bounds = monthBounds(monthYear);
  const opensAt = input.opensAt ?? bounds.opensAt;
  const closesAt = input.closesAt ?? bounds.closesAt;
  if (closesAt <= opensAt) throw new DomainError('poll.closesAfterOpens');
  refuseWindowOutsideMonth(monthYear, opensAt, closesAt);
  const values = {
    // Left empty, a title is written when read, in the reader's language (withPollTitle).
    title: input.title,
    titleSo: input.titleSo,
    monthYear,
    electionType: input.electionType,
    status: 'draft' as const,
    opensAt,
    closesAt,
    eligibility: input.eligibility,
  };
  try {
    return db.transaction((tx) => {
      refuseTakenMonth(tx, values.electionType, monthYear, null);
      const poll = tx
        .insert(polls)
        .values({ ...values, createdBy: actorId })
        .returning({
          id: polls.id,
          title: polls.title,
          titleSo: polls.titleSo,
          electionType: polls.electionType,
          monthYear: polls.monthYear,
          status: polls.status,
        })
        .get();
      recordAudit(tx, {
        action: 'create',
        tableName: 'polls',
        recordId: poll.id,
        newValues: values,
        actorId,
      });
      const { electionType: _, ...answer } = withPollTitle(poll);
      return answer;
    });
  } catch (error) {
    // Two admins creating the month's poll at once: the unique index lets one through; the other hears its name.
    if (isUniqueViolation(error)) refuseTakenMonth(db, values.electionType, monthYear, null);
    throw error;
  }
}

/** What a sentence naming a poll reads of it: its title is written from these when the admin gave none. */
const titleColumns = {
  title: polls.title,
  titleSo: polls.titleSo,
  electionType: polls.electionType,
  monthYear: polls.monthYear,
};

/**
 * One poll of a type a month, so a citizen votes once a month: a second one is refused with the name of the
 * poll that holds the month. `ownId` leaves a poll out (one the migration kept as a duplicate, being published).
 */
function refuseTakenMonth(
  db: Pick<Db, 'select'>,
  electionType: PollElectionType,
  monthYear: string,
  ownId: string | null,
) {
  const sameMonth = and(eq(polls.electionType, electionType), eq(polls.monthYear, monthYear));
  const holder = db
    .select(titleColumns)
    .from(polls)
    .where(ownId ? and(sameMonth, ne(polls.id, ownId)) : sameMonth)
    .orderBy(asc(polls.duplicateMonth), asc(polls.createdAt))
    .get();
  if (holder)
    throw new DomainError('poll.monthTaken', { title: withPollTitle(holder).titleText, month: monthYear });
}

/** One poll of a type a month is one voting period a month only when the poll votes within its month. */
function refuseWindowOutsideMonth(monthYear: string, opensAt: Date, closesAt: Date) {
  if (!pollWindowWithinMonth(monthYear, opensAt, closesAt))
    throw new DomainError('poll.windowOutsideMonth', { month: monthYear });
}

/**
 * Belt and braces for the presidential poll, the one the site calls current: a poll about to open whose voting
 * period overlaps another open presidential poll is refused, whatever their months say (a poll made before windows
 * had to lie within their month may reach into this one), so the current poll is never a second one a citizen
 * could vote in again. Other types are reached by their own page only, and their month and window rules suffice.
 */
function refuseOverlappingOpenPoll(
  db: Pick<Db, 'select'>,
  poll: { id: string; electionType: PollElectionType; opensAt: Date; closesAt: Date },
) {
  const other = db
    .select(titleColumns)
    .from(polls)
    .where(
      and(
        eq(polls.electionType, poll.electionType),
        eq(polls.status, 'open'),
        ne(polls.id, poll.id),
        lte(polls.opensAt, poll.closesAt),
        gte(polls.closesAt, poll.opensAt),
      ),
    )
    .get();
  if (other) {
    throw new DomainError('poll.monthTaken', {
      title: withPollTitle(other).titleText,
      month: other.monthYear,
    });
  }
}

/** What an admin is told when a status change does not apply to the poll's current status. */
function wrongStatus(to: 'open' | 'closed', current: PollStatus): ErrorCode {
  if (to === 'open') return current === 'open' ? 'poll.alreadyOpen' : 'poll.closedCannotPublish';
  return current === 'closed' ? 'poll.alreadyClosed' : 'poll.openBeforeClose';
}

type PollState = {
  title: string;
  titleSo: string;
  status: PollStatus;
  electionType: PollElectionType;
  monthYear: string;
  duplicateMonth: boolean;
  opensAt: Date;
  closesAt: Date;
};

function pollState(db: Pick<Db, 'select'>, id: string): PollState {
  const current = db
    .select({
      title: polls.title,
      titleSo: polls.titleSo,
      status: polls.status,
      electionType: polls.electionType,
      monthYear: polls.monthYear,
      duplicateMonth: polls.duplicateMonth,
      opensAt: polls.opensAt,
      closesAt: polls.closesAt,
    })
    .from(polls)
    .where(eq(polls.id, id))
    .get();
  if (!current) throw pollNotFound(id);
  return current;
}

/** Whether a draft may open: checked when an admin asks to publish it and again when a second confirms. */
function refuseUnpublishable(db: Pick<Db, 'select'>, id: string, current: PollState) {
  if (current.status !== 'draft') throw new DomainError(wrongStatus('open', current.status));
  // A second poll of its month, kept by the migration: publishing it would let its month's voters vote again.
  if (current.duplicateMonth) refuseTakenMonth(db, current.electionType, current.monthYear, id);
  // A poll made before its window had to lie within its month is held to it when it is published.
  refuseWindowOutsideMonth(current.monthYear, current.opensAt, current.closesAt);
  if (current.electionType === 'presidential') refuseOverlappingOpenPoll(db, { id, ...current });
  const candidates = db
    .select({ n: count() })
    .from(pollCandidates)
    .where(eq(pollCandidates.pollId, id))
    .get();
  if (!candidates?.n) throw new DomainError('poll.noCandidates');
}

/** The draft an admin asks to publish, refused now with the sentence a confirm would meet. */
export function publishablePoll(db: Pick<Db, 'select'>, id: string): PollState {
  const current = pollState(db, id);
  refuseUnpublishable(db, id, current);
  return current;
}

/**
 * docs/product.md#poll-lifecycle: draft to open by Publish, open to closed by Close, nothing else. The update names
 * the status it expects, so two admins pressing at once cannot both apply a change. `requestedBy`: the System
 * Admin who asked for a publication a second one confirmed, recorded with it.
 */
function changeStatus(
  db: Db,
  id: string,
  from: PollStatus,
  to: 'open' | 'closed',
  actorId: string,
  requestedBy?: string | null,
) {
  return db.transaction((tx) => {
    const current = pollState(tx, id);
    if (to === 'open') refuseUnpublishable(tx, id, current);
    else if (current.status !== from) throw new DomainError(wrongStatus(to, current.status));
    const row = tx
      .update(polls)
      .set({ status: to })
      .where(and(eq(polls.id, id), eq(polls.status, from)))
      .returning({ id: polls.id, status: polls.status })
      .get();
    if (!row) throw new DomainError(from === 'draft' ? 'poll.noLongerDraft' : 'poll.noLongerOpen');
    recordAudit(tx, {
      action: 'update',
      tableName: 'polls',
      recordId: id,
      newValues: requestedBy === undefined ? { status: to } : { status: to, requestedBy },
      before: { status: current.status },
      actorId,
    });
    return row;
  });
}

/** Draft to open at once: what a second System Admin's confirmation does (approvals/poll-publish.ts). */
export const publishPoll = (db: Db, id: string, actorId: string, requestedBy?: string | null) =>
  changeStatus(db, id, 'draft', 'open', actorId, requestedBy);
export const closePoll = (db: Db, id: string, actorId: string) =>
  changeStatus(db, id, 'open', 'closed', actorId);

/** Deletes a poll with its candidates and votes (the admin confirmed it first). */
export function deletePoll(db: Db, id: string, actorId: string) {
  return db.transaction((tx) => {
    const poll = recordBefore(tx, polls, id);
    if (!poll) throw pollNotFound(id);
    // Votes first: they reference the candidates, which refuse to go while votes point at them.
    const votes = tx.delete(pollVotes).where(eq(pollVotes.pollId, id)).returning({ id: pollVotes.id }).all();
    tx.delete(pollCandidates).where(eq(pollCandidates.pollId, id)).run();
    tx.delete(polls).where(eq(polls.id, id)).run();
    recordAudit(tx, {
      action: 'delete',
      tableName: 'polls',
      recordId: id,
      newValues: { title: poll.title, deletedVotes: votes.length },
      before: poll,
      actorId,
    });
    return { id };
  });
}

/** docs/product.md#poll-lifecycle: order_index is the poll's maximum plus one. A closed poll's ballot is final. */
export function addPollCandidate(db: Db, input: z.output<typeof pollCandidateInput>, actorId: string) {
  return db.transaction((tx) => {
    const poll = tx.select({ status: polls.status }).from(polls).where(eq(polls.id, input.pollId)).get();
    if (!poll) throw pollNotFound(input.pollId);
    if (poll.status === 'closed') throw new DomainError('poll.closedNoCandidates');
    const next = tx
      .select({ max: sql<number>`coalesce(max(${pollCandidates.orderIndex}), 0)` })
      .from(pollCandidates)
      .where(eq(pollCandidates.pollId, input.pollId))
      .get();
    const candidate = tx
      .insert(pollCandidates)
      .values({ ...input, orderIndex: (next?.max ?? 0) + 1 })
      .returning({ id: pollCandidates.id, name: pollCandidates.name, orderIndex: pollCandidates.orderIndex })
      .get();
    recordAudit(tx, {
      action: 'create',
      tableName: 'poll_candidates',
      recordId: candidate.id,
      newValues: { ...input, orderIndex: candidate.orderIndex },
      actorId,
    });
    return candidate;
  });
}
