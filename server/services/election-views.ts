import { pollDescriptionText, pollTitleText } from '@shared/bilingual';
import { countsAreExact, hubActions, resultsVisibleToVoters, tallyResults } from '@shared/election-rules';
import type { CountingMode } from '@shared/verifiable';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { candidates, elections, encryptedBallots, polls, votes } from '../db/schema';
import { DomainError } from '../errors/domain-error';
import { withTexts } from './bilingual';
import { recordSummaryOf } from './election-record/record';
import { publicRequirement } from './eligibility';
import { eligibleVoterCounter, turnoutOf, turnoutReader } from './turnout';
import { ballotOf, credentialAuthorityOf } from './verifiable/ballots';
import { verifiableCounts } from './verifiable/tally';

export interface Viewer {
  userId: string | null;
  /** Drafts are shown to System Admins. */
  isAdmin: boolean;
  /**
   * Exact live counts and results hidden from voters: a System Admin whose session stepped up recently. A stolen
   * admin cookie alone must not watch counts move one vote at a time (docs/security.md, step-up).
   */
  seesAllResults: boolean;
}

const electionColumns = {
  id: elections.id,
  title: elections.title,
  titleSo: elections.titleSo,
  description: elections.description,
  descriptionSo: elections.descriptionSo,
  startTime: elections.startTime,
  endTime: elections.endTime,
  status: elections.status,
  resultsVisible: elections.resultsVisible,
  hideResultsUntilClose: elections.hideResultsUntilClose,
  // Who may vote (docs/product.md#eligibility): the election's own rule, the same for every viewer (these reads are
  // cached).
  eligibility: elections.eligibility,
  eligibleRegions: elections.eligibleRegions,
  counting: elections.counting,
};

/** What a results read needs beyond the election itself: when the last batch of counts was published. */
const resultsColumns = { ...electionColumns, resultsPublishedAt: elections.resultsPublishedAt };

// The reads every results and details request makes, prepared once: building drizzle's SQL and SQLite's
// prepare cost several times the reads themselves (a System Admin's results read goes through tRPC every time).
const electionById = preparedOnce((db) =>
  db
    .select(resultsColumns)
    .from(elections)
    .where(eq(elections.id, sql.placeholder('id')))
    .prepare(),
);

/** Drafts are unpublished: only admins see them anywhere (docs/product.md#drafts-stay-private). */
function findElection(db: Db, id: string, viewer: Viewer) {
  const election = electionById(db).get({ id });
  if (!election || (election.status === 'Draft' && !viewer.isAdmin)) {
    throw new DomainError('election.notFound', { id });
  }
  return { ...withTexts(election, ELECTION_TEXTS), ...publicRequirement(election) };
}

/** An election's texts in both languages (docs/decisions/021-bilingual-content.md). */
const ELECTION_TEXTS = ['title', 'description'] as const;
/** A candidate's texts in both languages; the name is the person's own. */
const CANDIDATE_TEXTS = ['party', 'positionSought', 'bio', 'imageAlt'] as const;

function candidatesOf(db: Db, electionId: string) {
  return db
    .select({
      id: candidates.id,
      name: candidates.name,
      party: candidates.party,
      partySo: candidates.partySo,
      positionSought: candidates.positionSought,
      positionSoughtSo: candidates.positionSoughtSo,
      bio: candidates.bio,
      bioSo: candidates.bioSo,
      imageUrl: candidates.imageUrl,
      imageAlt: candidates.imageAlt,
      imageAltSo: candidates.imageAltSo,
      orderIndex: candidates.orderIndex,
    })
    .from(candidates)
    .where(eq(candidates.electionId, electionId))
    .orderBy(asc(candidates.orderIndex))
    .all()
    .map((candidate) => withTexts(candidate, CANDIDATE_TEXTS));
}

function voteOf(db: Db, electionId: string, userId: string | null) {
  if (!userId) return null;
  return (
    db
      .select({ receiptId: votes.receiptId, createdAt: votes.createdAt })
      .from(votes)
      .where(and(eq(votes.electionId, electionId), eq(votes.userId, userId)))
      .get() ?? null
  );
}

/**
 * A verifiable election's public archive (docs/election-record.md#verifiable-elections), from its opening on: a
 * draft has none yet, a standard election never.
 */
function archiveOf(election: { id: string; status: string; counting: CountingMode }): string | null {
  return election.counting === 'verifiable' && election.status !== 'Draft'
    ? `/api/v1/elections/${election.id}/archive.bel`
    : null;
}

/**
 * An election with its candidates, the viewer's own vote (with receipt) and whether results are public. A
 * verifiable election also says who gives its credentials (`codka`, or `external`: the voter types the one an
 * outside authority gave them) and carries the viewer's own ballot's tracker, their receipt.
 */
export function electionDetails(db: Db, id: string, viewer: Viewer, now = new Date()) {
  const election = findElection(db, id, viewer);
  const verifiable = election.counting === 'verifiable';
  return {
    ...election,
    candidates: candidatesOf(db, id),
    myVote: voteOf(db, id, viewer.userId),
    credentialAuthority: verifiable ? credentialAuthorityOf(db, id) : null,
    myBallot: verifiable ? ballotOf(db, id, viewer.userId) : null,
    resultsVisibleToVoters: resultsVisibleToVoters(election, now),
    archive: archiveOf(election),
  };
}

/** Both counts of each candidate in ballot order: the live one and the last published batch. */
const countsByCandidate = preparedOnce((db) =>
  db
    .select({
      candidateId: candidates.id,
      name: candidates.name,
      party: candidates.party,
      partySo: candidates.partySo,
      imageUrl: candidates.imageUrl,
      liveVotes: candidates.voteCount,
      publishedVotes: candidates.publishedVotes,
    })
    .from(candidates)
    .where(eq(candidates.electionId, sql.placeholder('electionId')))
    .orderBy(asc(candidates.orderIndex), asc(candidates.id))
    .prepare(),
);

/**
 * Counts per candidate, sorted by votes. They come from the running counts on each candidate (kept by
 * triggers in the vote's own transaction), so a read costs the same at 10 votes or 10 million: it never
 * reads a vote row. `exact` picks the live count; otherwise the last published batch (item 9).
 */
function tally(db: Db, electionId: string, exact: boolean) {
  const list = countsByCandidate(db)
    .all({ electionId })
    .map(({ liveVotes, publishedVotes, ...candidate }) => ({
      ...withTexts(candidate, ['party']),
      votes: exact ? liveVotes : publishedVotes,
    }));
  return tallyResults(list);
}

/**
 * A verifiable election's counts: the trustees' decrypted result, in the ballot's order (the setup's
 * answers), and nothing before the last share. No one, admins included, sees a count before then.
 */
export function verifiableTally(db: Db, electionId: string) {
  const counts = verifiableCounts(db, electionId);
  if (!counts) return null;
  const list = countsByCandidate(db)
    .all({ electionId })
    .map(({ liveVotes: _live, publishedVotes: _published, ...candidate }, index) => ({
      ...withTexts(candidate, ['party']),
      votes: counts[index] ?? 0,
    }));
  return tallyResults(list);
}

/** The counts an election shows: the trustees' decrypted result, or the vote rows' live or published counts. */
function countsOf(db: Db, election: { id: string; counting: CountingMode }, exact: boolean) {
  return election.counting === 'verifiable'
    ? verifiableTally(db, election.id)
    : tally(db, election.id, exact);
}

/** Whether the viewer sees batched counts, and since when the current batch stands (null: none yet). */
function countsBatching(election: { resultsPublishedAt: Date | null }, exact: boolean) {
  return { countsInBatches: !exact, countsUpdatedAt: exact ? null : election.resultsPublishedAt };
}

/**
 * Results by the visibility rule (docs/product.md#results-visibility). Voters get counts only when visible; admins
 * always get them, flagged so the page can say voters cannot see them yet.
 */
export function electionResults(db: Db, id: string, viewer: Viewer, now = new Date()) {
  const election = findElection(db, id, viewer);
  const visible = resultsVisibleToVoters(election, now);
  const exact = countsAreExact(election, now, viewer.seesAllResults);
  const verifiable = election.counting === 'verifiable';
  const results = visible || viewer.seesAllResults ? countsOf(db, election, exact) : null;
  return {
    election: {
      id: election.id,
      title: election.title,
      titleText: election.titleText,
      status: election.status,
      startTime: election.startTime,
      endTime: election.endTime,
      eligibility: election.eligibility,
      eligibleRegions: election.eligibleRegions,
    },
    resultsVisibleToVoters: visible,
    results,
    // Decrypted by the trustees from the public archive (docs/election-record.md#verifiable-elections).
    verifiable,
    archive: archiveOf(election),
    // Votes / eligible voters, only beside counts the viewer may see, and of the same total.
    // The election's own rule, read above, so turnout reads only the eligible count.
    turnout: results ? turnoutOf(results.total, eligibleVoterCounter(db)(election)) : null,
    lastUpdated: now,
    ...countsBatching(election, exact),
    // The record's root once it is public (docs/product.md#election-record): the same for every viewer, admins
    // included.
    record: recordSummaryOf(db, election, now),
  };
}

/** The hub: published elections newest first with their actions, and open or closed polls mapped as elections. */
export function electionsHub(db: Db, viewer: Viewer, now = new Date()) {
  const electionRows = db
    .select(electionColumns)
    .from(elections)
    .where(viewer.isAdmin ? undefined : ne(elections.status, 'Draft'))
    .orderBy(desc(elections.createdAt))
    .all();
  // A vote, or a verifiable election's encrypted ballot: either way the viewer has voted there.
  const voted = new Set(
    viewer.userId
      ? db
          .select({ electionId: votes.electionId })
          .from(votes)
          .where(eq(votes.userId, viewer.userId))
          .union(
            db
              .select({ electionId: encryptedBallots.electionId })
              .from(encryptedBallots)
              .where(eq(encryptedBallots.userId, viewer.userId)),
          )
          .all()
          .map((row) => row.electionId)
      : [],
  );
  const pollRows = db
    .select({
      id: polls.id,
      title: polls.title,
      titleSo: polls.titleSo,
      electionType: polls.electionType,
      monthYear: polls.monthYear,
      status: polls.status,
      opensAt: polls.opensAt,
      closesAt: polls.closesAt,
      eligibility: polls.eligibility,
    })
    .from(polls)
    .where(inArray(polls.status, ['open', 'closed']))
    .orderBy(desc(polls.createdAt))
    .all();
  return {
    elections: electionRows.map((election) => ({
      ...withTexts(election, ELECTION_TEXTS),
      ...publicRequirement(election),
      kind: 'election' as const,
      hasVoted: voted.has(election.id),
      actions: hubActions(election, now, viewer.userId !== null),
    })),
    // A poll on the hub is shown as an election (docs/product.md#hub-actions): Active or Closed, results visible only
    // once closed.
    // Its title is the admin's, else written in both languages, as its description always is
    // (docs/decisions/021-bilingual-content.md); `title` and `description` keep their English.
    polls: pollRows.map((poll) => {
      const titleText = pollTitleText(poll);
      const descriptionText = pollDescriptionText(poll.monthYear);
      return {
        kind: 'poll' as const,
        id: poll.id,
        title: titleText.en ?? titleText.so ?? '',
        titleText,
        description: descriptionText.en ?? '',
        descriptionText,
        startTime: poll.opensAt,
        endTime: poll.closesAt,
        status: poll.status === 'open' ? ('Active' as const) : ('Closed' as const),
        resultsVisible: poll.status === 'closed',
        hideResultsUntilClose: poll.status === 'open',
        eligibility: poll.eligibility,
        eligibleRegions: null,
      };
    }),
  };
}

/** /verified-results: Closed elections are verified, Active ones pending; counts only where voters may see them. */
export function verifiedResults(db: Db, now = new Date()) {
  const rows = db
    .select(resultsColumns)
    .from(elections)
    .where(inArray(elections.status, ['Closed', 'Active']))
    .orderBy(desc(elections.endTime))
    .all();
  const turnoutOf = turnoutReader(db);
  return rows.map((election) => {
    const visible = resultsVisibleToVoters(election, now);
    // A public page, the same for everyone: exact only once the election has ended.
    const exact = countsAreExact(election, now, false);
    const results = visible ? countsOf(db, election, exact) : null;
    const { title, titleText } = withTexts(election, ['title']);
    return {
      id: election.id,
      title,
      titleText,
      status: election.status,
      startTime: election.startTime,
      endTime: election.endTime,
      verification: election.status === 'Closed' ? ('verified' as const) : ('pending' as const),
      resultsVisibleToVoters: visible,
      results,
      turnout: results ? turnoutOf(election.id, results.total) : null,
      ...countsBatching(election, exact),
    };
  });
}

/**
 * /vote/{id} and /results/{id} (docs/product.md#vote-page) take an election's or a poll's id. Telling which, without
 * a NOT_FOUND round trip, keeps the page from logging a failed request for every poll link.
 */
export function ballotKind(db: Db, id: string, viewer: Viewer): { kind: 'election' | 'poll' | null } {
  const election = db.select({ status: elections.status }).from(elections).where(eq(elections.id, id)).get();
  if (election && (election.status !== 'Draft' || viewer.isAdmin)) return { kind: 'election' };
  const poll = db.select({ status: polls.status }).from(polls).where(eq(polls.id, id)).get();
  if (poll && (poll.status !== 'draft' || viewer.isAdmin)) return { kind: 'poll' };
  return { kind: null };
}
