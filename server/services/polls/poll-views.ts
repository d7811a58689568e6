import { plainText, pollTitleText } from '@shared/bilingual';
import { tallyResults, votePercentage } from '@shared/election-rules';
import { isPollVotingOpen, type PollTiming, pollResultsVisible } from '@shared/poll-rules';
import type { PollElectionType } from '@shared/polls';
import { and, asc, desc, eq, gte, inArray, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { pollCandidates, polls, pollVotes } from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import { withTexts } from '../bilingual';

/** Who is looking: results and drafts depend on it. */
export interface PollViewer {
  userId: string | null;
  /** Drafts are shown to System Admins. */
  isAdmin: boolean;
  /**
   * Exact live counts and results hidden from voters: a System Admin whose session stepped up recently. A stolen
   * admin cookie alone must not watch counts move one vote at a time (docs/security.md, step-up).
   */
  seesAllResults: boolean;
}

export const TOP_RESULTS = 3;

const pollColumns = {
  id: polls.id,
  title: polls.title,
  titleSo: polls.titleSo,
  monthYear: polls.monthYear,
  electionType: polls.electionType,
  status: polls.status,
  opensAt: polls.opensAt,
  closesAt: polls.closesAt,
  // Who may vote: the poll's own rule (the page says it); never the viewer's standing, these reads are cached.
  eligibility: polls.eligibility,
};

export const pollNotFound = (id: string) => new DomainError('poll.notFound', { id });

/**
 * A poll row's title as answers give it (docs/decisions/021-bilingual-content.md): `titleText` in both languages,
 * written from its type and month where the admin gave none, and `title` its plain text (the English, else the
 * Somali).
 */
export function withPollTitle<
  T extends { title: string; titleSo: string; electionType: PollElectionType; monthYear: string },
>(row: T) {
  const { titleSo: _, ...rest } = row;
  const titleText = pollTitleText(row);
  return { ...rest, title: plainText(titleText) ?? '', titleText };
}

function candidatesOf(db: Db, pollId: string) {
  return db
    .select({
      id: pollCandidates.id,
      name: pollCandidates.name,
      party: pollCandidates.party,
      partySo: pollCandidates.partySo,
      photoUrl: pollCandidates.photoUrl,
      colorHex: pollCandidates.colorHex,
      orderIndex: pollCandidates.orderIndex,
    })
    .from(pollCandidates)
    .where(eq(pollCandidates.pollId, pollId))
    .orderBy(asc(pollCandidates.orderIndex), asc(pollCandidates.id))
    .all()
    .map((candidate) => withTexts(candidate, ['party']));
}

// Asked for every signed-in read the public cache serves (server/routers/viewer.ts): one step down the
// unique (poll_id, user_id) index, prepared once.
const voteOfUser = preparedOnce((db) =>
  db
    .select({ id: pollVotes.id })
    .from(pollVotes)
    .where(
      and(eq(pollVotes.pollId, sql.placeholder('pollId')), eq(pollVotes.userId, sql.placeholder('userId'))),
    )
    .prepare(),
);

const voteOfNumber = preparedOnce((db) =>
  db
    .select({ id: pollVotes.id })
    .from(pollVotes)
    .where(
      and(
        eq(pollVotes.pollId, sql.placeholder('pollId')),
        eq(pollVotes.phoneHash, sql.placeholder('phoneHash')),
      ),
    )
    .prepare(),
);

/** Whether a vote in this poll came from the number with this hash (pollVotes.phoneHash), on either channel. */
export function hasNumberVoted(db: Db, pollId: string, phoneHash: string): boolean {
  return voteOfNumber(db).get({ pollId, phoneHash }) !== undefined;
}

/** Whether this user voted in this poll (false for a visitor). */
export function hasVoted(db: Db, pollId: string, userId: string | null): boolean {
  if (!userId) return false;
  return voteOfUser(db).get({ pollId, userId }) !== undefined;
}

type PollRow = PollTiming & { id: string };

function pollView<T extends PollRow>(db: Db, poll: T, viewer: PollViewer, now: Date) {
  const userHasVoted = hasVoted(db, poll.id, viewer.userId);
  return {
    poll,
    candidates: candidatesOf(db, poll.id),
    userHasVoted,
    votingOpen: isPollVotingOpen(poll, now),
    resultsVisible: pollResultsVisible(poll, { isAdmin: viewer.seesAllResults, hasVoted: userHasVoted }, now),
  };
}

/** The open presidential poll whose window contains now (the newest if several): the home page's poll. */
// A second poll of a month (kept by the migration that made months unique) is never the current one.
const isCurrentPoll = and(
  eq(polls.electionType, 'presidential'),
  eq(polls.status, 'open'),
  eq(polls.duplicateMonth, false),
  lte(polls.opensAt, sql.placeholder('now')),
  gte(polls.closesAt, sql.placeholder('now')),
);
const currentPollFirst = [desc(polls.opensAt), desc(polls.createdAt)];

const currentPollRow = preparedOnce((db) =>
  db
    .select(pollColumns)
    .from(polls)
    .where(isCurrentPoll)
    .orderBy(...currentPollFirst)
    .limit(1)
    .prepare(),
);

// The same choice, the id alone: asked for every signed-in read of polls.current the public cache serves, where
// mapping the whole row cost three times the query.
const currentPollIdRow = preparedOnce((db) =>
  db
    .select({ id: polls.id })
    .from(polls)
    .where(isCurrentPoll)
    .orderBy(...currentPollFirst)
    .limit(1)
    .prepare(),
);

/** The current poll's id, or null: which poll a reader's vote is asked about (server/routers/viewer.ts). */
export function currentPollId(db: Db, now = new Date()): string | null {
  return currentPollIdRow(db).get({ now: now.getTime() })?.id ?? null;
}

/** The current poll with its candidates, or null. */
export function currentPoll(db: Db, viewer: PollViewer, now = new Date()) {
  const poll = currentPollRow(db).get({ now: now.getTime() });
  return poll ? pollView(db, withPollTitle(poll), viewer, now) : null;
}

/** Drafts exist only for admins: anyone else is told there is no such poll. */
function findPoll(db: Db, id: string, viewer: PollViewer) {
  const poll = db.select(pollColumns).from(polls).where(eq(polls.id, id)).get();
  if (!poll || (poll.status === 'draft' && !viewer.isAdmin)) throw pollNotFound(id);
  return withPollTitle(poll);
}

/** One poll with its candidates, whether the viewer voted, and whether they may see its results. */
export function pollById(db: Db, id: string, viewer: PollViewer, now = new Date()) {
  return pollView(db, findPoll(db, id, viewer), viewer, now);
}

/** Closed polls, newest month first (docs/product.md#poll-pages). */
export function pollHistory(db: Db) {
  return db
    .select({
      id: polls.id,
      monthYear: polls.monthYear,
      title: polls.title,
      titleSo: polls.titleSo,
      status: polls.status,
      closesAt: polls.closesAt,
      electionType: polls.electionType,
      eligibility: polls.eligibility,
    })
    .from(polls)
    .where(eq(polls.status, 'closed'))
    .orderBy(desc(polls.monthYear), desc(polls.createdAt))
    .all()
    .map(withPollTitle);
}

/** The All Polls tab: open and closed polls newest first; admins also see drafts. */
export function pollList(db: Db, viewer: PollViewer) {
  return db
    .select({ ...pollColumns, createdAt: polls.createdAt })
    .from(polls)
    .where(viewer.isAdmin ? undefined : inArray(polls.status, ['open', 'closed']))
    .orderBy(desc(polls.createdAt))
    .all()
    .map(withPollTitle);
}

/**
 * Poll results (docs/product.md#poll-results): every candidate's share sorted by votes (ties keep ballot order), the
 * top three and the others' share. Refused while the viewer may not see them.
 */
export function pollResults(db: Db, pollId: string, viewer: PollViewer, now = new Date()) {
  const poll = findPoll(db, pollId, viewer);
  const userHasVoted = hasVoted(db, poll.id, viewer.userId);
  if (!pollResultsVisible(poll, { isAdmin: viewer.seesAllResults, hasVoted: userHasVoted }, now)) {
    throw viewer.userId ? new DomainError('poll.resultsAfterVote') : new DomainError('poll.signInForResults');
  }
  // The running count kept by triggers on poll_votes: the read never reads a vote row, whatever the turnout.
  const tallies = db
    .select({
      candidateId: pollCandidates.id,
      name: pollCandidates.name,
      party: pollCandidates.party,
      partySo: pollCandidates.partySo,
      photoUrl: pollCandidates.photoUrl,
      colorHex: pollCandidates.colorHex,
      votes: pollCandidates.voteCount,
    })
    .from(pollCandidates)
    .where(eq(pollCandidates.pollId, poll.id))
    .orderBy(asc(pollCandidates.orderIndex), asc(pollCandidates.id))
    .all();
  // One step down the (poll_id, created_at) index, not a count.
  const latest = db
    .select({ at: max(pollVotes.createdAt) })
    .from(pollVotes)
    .where(eq(pollVotes.pollId, poll.id))
    .get();
  const { total, rows } = tallyResults(tallies.map((row) => withTexts(row, ['party'])));
  const all = rows.map((row) => ({
    id: row.candidateId,
    name: row.name,
    party: row.party,
    partyText: row.partyText,
    photoUrl: row.photoUrl,
    colorHex: row.colorHex,
    percentage: row.percentage,
    voteCount: row.votes,
  }));
  const topThree = all.slice(0, TOP_RESULTS);
  const topVotes = topThree.reduce((sum, row) => sum + row.voteCount, 0);
  return {
    poll: {
      id: poll.id,
      title: poll.title,
      titleText: poll.titleText,
      monthYear: poll.monthYear,
      status: poll.status,
      closesAt: poll.closesAt,
    },
    results: {
      totalVotes: total,
      lastUpdated: latest?.at ?? null,
      topThree,
      othersPercentage: votePercentage(total - topVotes, total),
      all,
    },
  };
}
