import type { Db } from '@server/db/client';
import { candidates, elections, votes } from '@server/db/schema';
import { RESULT_BATCH_BOUNDARY_MS, resultBatchBoundary } from '@server/jobs/result-batches';
import { RESULTS_BATCH_MIN_VOTES } from '@shared/election-rules';
import type { ElectionStatus } from '@shared/elections';
import { generateReceiptId } from '@shared/receipts';
import type { DistrictRegion } from '@shared/regions';
import { and, asc, count, eq, lt } from 'drizzle-orm';

const DAY = 24 * 60 * 60 * 1000;
type SeedTx = Parameters<Parameters<Db['transaction']>[0]>[0];

interface DemoElection {
  title: string;
  description: string;
  status: ElectionStatus;
  startOffsetDays: number;
  endOffsetDays: number;
  resultsVisible: boolean;
  hideResultsUntilClose: boolean;
  candidates: { name: string; party: string; positionSought: string; bio: string }[];
  // How many of the demo voters voted, and the relative weight of each candidate.
  voteWeights: number[];
  voters: number;
  /** Regions whose enrolled voters may vote (seed/voter-roll.ts enrols the voters to match); all when absent. */
  eligibleRegions?: DistrictRegion[];
}

const DEMO_NOTE = 'Demonstration election with sample candidates and votes.';

const DEMO_ELECTIONS: DemoElection[] = [
  {
    title: 'Federal Presidential Election 2026',
    description: `Citizens choose the President of the Federal Republic of Somalia. ${DEMO_NOTE}`,
    status: 'Active',
    startOffsetDays: -2,
    endOffsetDays: 12,
    resultsVisible: false,
    hideResultsUntilClose: true,
    candidates: [
      {
        name: 'Hassan Abdi Nur',
        party: 'Midnimo Party',
        positionSought: 'President',
        bio: 'Former regional governor and civil engineer.',
      },
      {
        name: 'Faadumo Ali Warsame',
        party: 'Horseed Alliance',
        positionSought: 'President',
        bio: 'Economist and former minister of planning.',
      },
      {
        name: 'Abdirahman Yusuf Hirsi',
        party: 'Justice and Development',
        positionSought: 'President',
        bio: 'Lawyer and human rights advocate.',
      },
      {
        name: 'Maryan Hassan Omar',
        party: 'Independent',
        positionSought: 'President',
        bio: 'Teacher and community organiser.',
      },
    ],
    voteWeights: [5, 4, 3, 1],
    voters: 24,
  },
  {
    title: 'Banadir Youth Council Election',
    description: `Young citizens of Banadir elect the chair of the regional youth council. ${DEMO_NOTE}`,
    status: 'Active',
    startOffsetDays: -5,
    endOffsetDays: 5,
    resultsVisible: true,
    hideResultsUntilClose: false,
    candidates: [
      {
        name: 'Ilhan Mohamed Jama',
        party: 'Youth Voice',
        positionSought: 'Council Chair',
        bio: 'Student leader.',
      },
      {
        name: 'Abdullahi Farah Ismail',
        party: 'Independent',
        positionSought: 'Council Chair',
        bio: 'Youth football coach.',
      },
      {
        name: 'Sagal Ahmed Dirie',
        party: 'Future Somalia',
        positionSought: 'Council Chair',
        bio: 'Software developer.',
      },
    ],
    voteWeights: [3, 2, 2],
    // Open with results shown: visitors see the first batch (the first 20 votes), admins all 24 (item 9).
    voters: 24,
    eligibleRegions: ['Banadir'],
  },
  {
    title: 'Hirshabelle State Assembly By-election',
    description: `A vacant seat in the Hirshabelle State Assembly. ${DEMO_NOTE}`,
    status: 'Closed',
    startOffsetDays: -45,
    endOffsetDays: -30,
    resultsVisible: true,
    hideResultsUntilClose: true,
    candidates: [
      {
        name: 'Mohamed Osman Gedi',
        party: 'Midnimo Party',
        positionSought: 'Assembly Member',
        bio: 'Farmer and cooperative leader.',
      },
      {
        name: 'Hawa Abdi Salad',
        party: 'Horseed Alliance',
        positionSought: 'Assembly Member',
        bio: 'Nurse and health campaigner.',
      },
      {
        name: 'Ali Hussein Barre',
        party: 'Independent',
        positionSought: 'Assembly Member',
        bio: 'Businessman from Jowhar.',
      },
    ],
    voteWeights: [4, 5, 1],
    voters: 48,
  },
  {
    title: 'Jubaland Senate Seat Election',
    description: `Election for a vacant Jubaland seat in the Upper House. ${DEMO_NOTE}`,
    status: 'Draft',
    startOffsetDays: 20,
    endOffsetDays: 27,
    resultsVisible: false,
    hideResultsUntilClose: true,
    candidates: [
      {
        name: 'Abdiweli Sheikh Aden',
        party: 'Independent',
        positionSought: 'Senator',
        bio: 'Former district commissioner of Kismayo.',
      },
      {
        name: 'Nasra Ibrahim Hersi',
        party: 'Justice and Development',
        positionSought: 'Senator',
        bio: 'Fisheries expert.',
      },
      {
        name: 'Said Mohamud Gelle',
        party: 'Midnimo Party',
        positionSought: 'Senator',
        bio: 'Veteran diplomat.',
      },
    ],
    voteWeights: [],
    voters: 0,
  },
  {
    title: 'Lower House Pilot Election 2025',
    description: `The pilot one-person-one-vote election for a Lower House seat. ${DEMO_NOTE}`,
    status: 'Archived',
    startOffsetDays: -200,
    endOffsetDays: -190,
    resultsVisible: true,
    hideResultsUntilClose: true,
    candidates: [
      {
        name: 'Zamzam Yasin Abdi',
        party: 'Horseed Alliance',
        positionSought: 'Member of Parliament (HOP#112)',
        bio: 'Lecturer in public administration.',
      },
      {
        name: 'Bashir Ahmed Roble',
        party: 'Midnimo Party',
        positionSought: 'Member of Parliament (HOP#112)',
        bio: 'Former mayor.',
      },
      {
        name: 'Khalif Omar Dahir',
        party: 'Independent',
        positionSought: 'Member of Parliament (HOP#112)',
        bio: 'Civil society activist.',
      },
    ],
    voteWeights: [3, 3, 2],
    voters: 30,
  },
];

/** Spreads `count` choices over candidates in proportion to their weights, deterministically. */
export function weightedChoices(weights: number[], count: number): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  const choices: number[] = [];
  let cumulative = 0;
  weights.forEach((weight, index) => {
    const before = Math.round((cumulative / total) * count);
    cumulative += weight;
    const after = Math.round((cumulative / total) * count);
    for (let i = before; i < after; i++) choices.push(index);
  });
  return choices;
}

/** Elections in every status; skipped per title when already present. */
export function seedElections(db: Db, actors: { adminId: string; voterIds: string[] }, now: Date): void {
  db.transaction((tx) => {
    for (const demo of DEMO_ELECTIONS) {
      if (tx.select({ id: elections.id }).from(elections).where(eq(elections.title, demo.title)).get())
        continue;
      const election = tx
        .insert(elections)
        .values({
          title: demo.title,
          description: demo.description,
          status: demo.status,
          startTime: new Date(now.getTime() + demo.startOffsetDays * DAY),
          endTime: new Date(now.getTime() + demo.endOffsetDays * DAY),
          resultsVisible: demo.resultsVisible,
          hideResultsUntilClose: demo.hideResultsUntilClose,
          // Every demo election is for enrolled voters (issue 17), as a real one is by default.
          eligibility: 'enrolled',
          eligibleRegions: demo.eligibleRegions ? JSON.stringify(demo.eligibleRegions) : null,
          createdBy: actors.adminId,
          createdAt: new Date(now.getTime() + (demo.startOffsetDays - 10) * DAY),
        })
        .returning({ id: elections.id, startTime: elections.startTime })
        .get();
      const candidateIds = demo.candidates.map(
        (candidate, index) =>
          tx
            .insert(candidates)
            .values({ ...candidate, electionId: election.id, orderIndex: index + 1 })
            .returning({ id: candidates.id })
            .get().id,
      );
      weightedChoices(demo.voteWeights, demo.voters).forEach((choice, index) => {
        const userId = actors.voterIds[index];
        const candidateId = candidateIds[choice];
        if (!userId || !candidateId) return;
        const castAt = new Date(election.startTime.getTime() + (index + 1) * 60 * 60 * 1000);
        tx.insert(votes)
          .values({
            userId,
            electionId: election.id,
            questionId: election.id,
            candidateId,
            receiptId: generateReceiptId(castAt.getTime()),
            selections: JSON.stringify({ candidate_id: candidateId }),
            createdAt: castAt,
          })
          .run();
      });
      if (demo.status === 'Active') publishFirstBatch(tx, election.id);
    }
  });
}

/**
 * The timer publishes batches only at quarter hours from now on, so the demo's open elections get their
 * first batch here: the votes cast before the quarter hour that followed the 20th, stamped with it.
 */
function publishFirstBatch(db: SeedTx, electionId: string): void {
  const cast = db
    .select({ at: votes.createdAt })
    .from(votes)
    .where(eq(votes.electionId, electionId))
    .orderBy(asc(votes.createdAt))
    .all();
  const twentieth = cast[RESULTS_BATCH_MIN_VOTES - 1];
  if (!twentieth) return;
  const boundary = resultBatchBoundary(new Date(twentieth.at.getTime() + RESULT_BATCH_BOUNDARY_MS));
  const counts = db
    .select({ candidateId: votes.candidateId, n: count() })
    .from(votes)
    .where(and(eq(votes.electionId, electionId), lt(votes.createdAt, boundary)))
    .groupBy(votes.candidateId)
    .all();
  for (const row of counts) {
    db.update(candidates).set({ publishedVotes: row.n }).where(eq(candidates.id, row.candidateId)).run();
  }
  db.update(elections)
    .set({ publishedVoteCount: counts.reduce((sum, row) => sum + row.n, 0), resultsPublishedAt: boundary })
    .where(eq(elections.id, electionId))
    .run();
}
