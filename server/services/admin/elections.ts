import { resultsVisibleToVoters, tallyResults } from '@shared/election-rules';
import { parseEligibleRegions } from '@shared/eligibility';
import type { createElectionInput, updateElectionInput } from '@shared/schemas/admin-elections';
import { eligibilityColumns } from '@shared/schemas/eligibility';
import type { EligibilityRule } from '@shared/voter-roll';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { candidates, elections, encryptedBallots, votes } from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import { recordAudit, recordBefore } from '../audit';
import { withTexts } from '../bilingual';
import { verifiableTally } from '../election-views';
import { isSetUp } from '../verifiable/election';
import { changeCounting, createVerifiableSide } from '../verifiable/setup';

/**
 * What an election is as a second System Admin approves its opening or its results (approvals/election-acts.ts):
 * a confirm is done only on an election still exactly as these read when it was asked for.
 */
export const electionStateColumns = {
  title: elections.title,
  titleSo: elections.titleSo,
  description: elections.description,
  descriptionSo: elections.descriptionSo,
  startTime: elections.startTime,
  endTime: elections.endTime,
  status: elections.status,
  resultsVisible: elections.resultsVisible,
  hideResultsUntilClose: elections.hideResultsUntilClose,
};

const electionColumns = {
  id: elections.id,
  ...electionStateColumns,
  counting: elections.counting,
  eligibility: elections.eligibility,
  eligibleRegions: elections.eligibleRegions,
  createdAt: elections.createdAt,
};

/** A row as the admin pages read it: the regions as a list (null: every region). */
const withRegionList = <
  T extends {
    eligibleRegions: string | null;
    title: string;
    titleSo: string;
    description: string | null;
    descriptionSo: string | null;
  },
>(
  row: T,
) => ({
  ...withTexts(row, ['title', 'description']),
  eligibleRegions: parseEligibleRegions(row.eligibleRegions),
});

// The candidate count is a correlated count over the (election_id, ...) index, spelled out with its tables because
// Drizzle leaves columns unqualified, which inside a subquery would bind to the inner table. The vote count is the
// running total the vote triggers keep, so the list costs the same at any number of votes; a verifiable election's
// are its accepted ballots, counted over their (election_id, user_id) index.
const counts = {
  candidateCount: sql<number>`(select count(*) from "candidates" where "candidates"."election_id" = "elections"."id")`,
  voteCount: sql<number>`case when "elections"."counting" = 'verifiable' then (select count(*) from "encrypted_ballots" where "encrypted_ballots"."election_id" = "elections"."id") else "elections"."vote_count" end`,
};

export const electionNotFound = (id: string) => new DomainError('election.notFound', { id });

/** Every election, newest first, with its candidate and vote counts (docs/product.md#admin-elections). */
export function listElections(db: Db) {
  return db
    .select({ ...electionColumns, ...counts })
    .from(elections)
    .orderBy(desc(elections.createdAt), desc(elections.startTime))
    .all()
    .map(withRegionList);
}

export function electionById(db: Db, id: string) {
  const row = db
    .select({ ...electionColumns, ...counts })
    .from(elections)
    .where(eq(elections.id, id))
    .get();
  if (!row) throw electionNotFound(id);
  return withRegionList(row);
}

/** The election and its ballot in one transaction, the ballot numbered from 1 (docs/product.md#election-form). */
export function createElection(db: Db, input: z.output<typeof createElectionInput>, actorId: string) {
  const { electionType, candidates: ballot, eligibility, eligibleRegions, ...rest } = input;
  const rule = eligibilityColumns(eligibility, eligibleRegions);
  const fields = { ...rest, eligibility: rule.eligibility };
  return db.transaction((tx) => {
    const election = tx
      .insert(elections)
      .values({ ...fields, eligibleRegions: rule.eligibleRegions, createdBy: actorId })
      .returning({ id: elections.id })
      .get();
    if (fields.counting === 'verifiable') createVerifiableSide(tx, election.id);
    recordAudit(tx, {
      action: 'create',
      tableName: 'elections',
      recordId: election.id,
      newValues: {
        ...fields,
        eligibleRegions: parseEligibleRegions(rule.eligibleRegions),
        electionType,
        candidates: ballot.map((candidate) => candidate.name),
      },
      actorId,
    });
    ballot.forEach((candidate, index) => {
      const row = tx
        .insert(candidates)
        .values({ ...candidate, electionId: election.id, orderIndex: index + 1 })
        .returning({ id: candidates.id })
        .get();
      recordAudit(tx, {
        action: 'create',
        tableName: 'candidates',
        recordId: row.id,
        newValues: { ...candidate, electionId: election.id, orderIndex: index + 1 },
        actorId,
      });
    });
    return { id: election.id };
  });
}

/**
 * Who can vote after an update: only what was sent changes (a caller may send the rule, the regions, or
 * both); null when neither was sent, so the columns are left alone.
 */
function ruleUpdate(
  tx: Pick<Db, 'select'>,
  id: string,
  eligibility: EligibilityRule | undefined,
  eligibleRegions: readonly string[] | null | undefined,
) {
  if (eligibility === undefined && eligibleRegions === undefined) return null;
  const current = tx
    .select({ eligibility: elections.eligibility, eligibleRegions: elections.eligibleRegions })
    .from(elections)
    .where(eq(elections.id, id))
    .get();
  if (!current) return null;
  return eligibilityColumns(
    eligibility ?? current.eligibility,
    eligibleRegions === undefined ? parseEligibleRegions(current.eligibleRegions) : eligibleRegions,
  );
}

/**
 * Status is set freely, with no transition rules (docs/product.md#election-statuses); opening an election and publishing its results are asked
 * for through approvals/election-acts.ts and done here once a second System Admin confirms (`approval`: who asked).
 */
export function updateElection(
  db: Db,
  input: z.output<typeof updateElectionInput>,
  actorId: string,
  approval?: { requestedBy: string | null },
) {
  const { id, electionType, eligibility, eligibleRegions, ...fields } = input;
  return db.transaction((tx) => {
    const before = recordBefore(tx, elections, id);
    changeCounting(tx, id, fields, before);
    const rule = ruleUpdate(tx, id, eligibility, eligibleRegions);
    const row = tx
      .update(elections)
      .set({ ...fields, ...(rule ?? {}) })
      .where(eq(elections.id, id))
      .returning({ id: elections.id })
      .get();
    if (!row) throw electionNotFound(id);
    recordAudit(tx, {
      action: 'update',
      tableName: 'elections',
      recordId: id,
      newValues: {
        ...fields,
        ...(rule
          ? { eligibility: rule.eligibility, eligibleRegions: parseEligibleRegions(rule.eligibleRegions) }
          : {}),
        electionType,
        ...(approval ? { requestedBy: approval.requestedBy } : {}),
      },
      before,
      actorId,
    });
    return row;
  });
}

/** Votes are the record of what citizens chose: an election that has any is archived, never deleted. */
export function deleteElection(db: Db, id: string, actorId: string) {
  return db.transaction((tx) => {
    const voted = tx.select({ id: votes.id }).from(votes).where(eq(votes.electionId, id)).limit(1).get();
    if (voted) {
      throw new DomainError('election.hasVotes');
    }
    // A verifiable election's ballot box is public from its opening on, and only grows.
    if (isSetUp(tx, id)) throw new DomainError('verifiable.boxKept');
    const before = recordBefore(tx, elections, id);
    // Its candidates go with it (foreign key ON DELETE CASCADE).
    const row = tx.delete(elections).where(eq(elections.id, id)).returning({ title: elections.title }).get();
    if (!row) throw electionNotFound(id);
    recordAudit(tx, {
      action: 'delete',
      tableName: 'elections',
      recordId: id,
      newValues: { title: row.title },
      before,
      actorId,
    });
    return { id };
  });
}

/** One election's ballot in order, each candidate with the votes received (a voted candidate cannot be deleted). */
export function electionCandidates(db: Db, electionId: string) {
  electionById(db, electionId);
  return db
    .select({
      id: candidates.id,
      electionId: candidates.electionId,
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
      // Exact running count (vote triggers): admins see every vote, not the published batch.
      votes: candidates.voteCount,
    })
    .from(candidates)
    .where(eq(candidates.electionId, electionId))
    .orderBy(asc(candidates.orderIndex))
    .all()
    .map((candidate) => withTexts(candidate, ['party', 'positionSought', 'bio', 'imageAlt']));
}

/** How many ballots a verifiable election's box holds: known before the trustees decrypt what they say. */
function ballotsInBox(db: Db, electionId: string): number {
  return (
    db.select({ n: count() }).from(encryptedBallots).where(eq(encryptedBallots.electionId, electionId)).get()
      ?.n ?? 0
  );
}

/**
 * Counts for admins whatever voters may see, with whether voters can see them yet
 * (docs/product.md#results-visibility). A verifiable election's counts are the trustees' decrypted result, and
 * none before it (docs/election-record.md#verifiable-elections): until then the page says how many ballots wait.
 */
export function adminElectionResults(db: Db, electionId: string, now = new Date()) {
  const election = electionById(db, electionId);
  const verifiable = election.counting === 'verifiable';
  const counted = verifiable
    ? verifiableTally(db, electionId)
    : tallyResults(
        electionCandidates(db, electionId).map((candidate) => ({
          candidateId: candidate.id,
          name: candidate.name,
          party: candidate.party,
          partyText: candidate.partyText,
          imageUrl: candidate.imageUrl,
          votes: candidate.votes,
        })),
      );
  const { total, rows } = counted ?? { total: 0, rows: [] };
  return {
    election: {
      id: election.id,
      title: election.title,
      titleText: election.titleText,
      status: election.status,
      startTime: election.startTime,
      endTime: election.endTime,
      resultsVisible: election.resultsVisible,
      hideResultsUntilClose: election.hideResultsUntilClose,
    },
    resultsVisibleToVoters: resultsVisibleToVoters(election, now),
    total,
    rows,
    verifiable,
    /** A verifiable election whose trustees have not all sent their share: no count exists yet. */
    awaitingTrustees: verifiable && counted === null,
    /** Votes cast: a verifiable election's ballots in its box, decrypted or not. */
    cast: verifiable ? ballotsInBox(db, electionId) : total,
    lastUpdated: now,
  };
}
