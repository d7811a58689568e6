import type { Db } from '@server/db/client';
import { candidates, elections, votes } from '@server/db/schema';
import { RESULT_BATCH_BOUNDARY_MS, resultBatchBoundary } from '@server/jobs/result-batches';
import { RESULTS_BATCH_MIN_VOTES } from '@shared/election-rules';
import type { ElectionStatus } from '@shared/elections';
import { monthKey } from '@shared/months';
import { generateReceiptId } from '@shared/receipts';
import { regionsOfState } from '@shared/region-states';
import type { DistrictRegion } from '@shared/regions';
import { and, asc, count, eq, isNull, lt } from 'drizzle-orm';
import { DEMO_NOTE, type DemoText, PARTIES } from './texts';
import { DEMO_BY_ELECTION_REGIONS, demoVotersIn } from './voter-roll';

const DAY = 24 * 60 * 60 * 1000;
type SeedTx = Parameters<Parameters<Db['transaction']>[0]>[0];

interface DemoCandidate {
  name: string;
  party: DemoText;
  positionSought: DemoText;
  bio: DemoText;
}

/** The demo's elections, by what tests and notes call them. */
export type DemoElectionKey =
  | 'presidential'
  | 'youthCouncil'
  | 'byElection'
  | 'senateSeat'
  | 'pilot'
  | 'verifiableClosed'
  | 'verifiableOpen';

export interface DemoElection {
  key: DemoElectionKey;
  /** The title in both languages, for the year the election starts in (so a demo seeded any year reads true). */
  title: (year: number) => DemoText;
  /** The election's own sentence, before DEMO_NOTE; its English also finds the election on a second run. */
  description: DemoText;
  status: ElectionStatus;
  startOffsetDays: number;
  endOffsetDays: number;
  resultsVisible: boolean;
  hideResultsUntilClose: boolean;
  candidates: DemoCandidate[];
  // How many of the demo voters voted, and the relative weight of each candidate.
  voteWeights: number[];
  voters: number;
  /** Regions whose enrolled voters may vote (seed/voter-roll.ts enrols the voters to match); all when absent. */
  eligibleRegions?: DistrictRegion[];
  /**
   * A verifiable election (docs/election-record.md#verifiable-elections), with its trustees' names: seeded by
   * seed/verifiable.ts through the verifiable services, its ballots encrypted and its count decrypted.
   */
  verifiable?: { trustees: string[] };
}

const PRESIDENT: DemoText = { en: 'President', so: 'Madaxweyne' };
const COUNCIL_CHAIR: DemoText = { en: 'Council Chair', so: 'Guddoomiyaha Golaha' };
const ASSEMBLY_MEMBER: DemoText = { en: 'Assembly Member', so: 'Xubin Golaha Wakiillada' };
const SENATOR: DemoText = { en: 'Senator', so: 'Senetar' };
const MEMBER_OF_PARLIAMENT: DemoText = { en: 'Member of Parliament (HOP#112)', so: 'Xildhibaan (HOP#112)' };
const LOCAL_COUNCIL_CHAIR: DemoText = { en: 'Local Council Chair', so: 'Guddoomiyaha Golaha Deegaanka' };
const WOMENS_COUNCIL_CHAIR: DemoText = { en: "Women's Council Chair", so: 'Guddoomiyaha Golaha Haweenka' };
/** The sentence of the demo's verifiable elections, before their own. */
const VERIFIABLE_NOTE: DemoText = {
  en: "Each ballot is encrypted in the voter's browser, and anyone can check the count with belenios-tool.",
  so: 'Warqad kasta waxaa lagu qariyaa qalabka codbixiyaha, qof kastana wuxuu tirinta ku hubin karaa belenios-tool.',
};

export const DEMO_ELECTIONS: DemoElection[] = [
  {
    key: 'presidential',
    title: (year) => ({
      en: `Federal Presidential Election ${year}`,
      so: `Doorashada Madaxweynaha Federaalka ${year}`,
    }),
    description: {
      en: 'Citizens choose the President of the Federal Republic of Somalia.',
      so: 'Muwaadiniintu waxay doortaan Madaxweynaha Jamhuuriyadda Federaalka Soomaaliya.',
    },
    status: 'Active',
    startOffsetDays: -2,
    endOffsetDays: 12,
    resultsVisible: false,
    hideResultsUntilClose: true,
    candidates: [
      {
        name: 'Hassan Abdi Nur',
        party: PARTIES.midnimo,
        positionSought: PRESIDENT,
        bio: {
          en: 'Former regional governor and civil engineer.',
          so: 'Guddoomiye gobol hore iyo injineer madani ah.',
        },
      },
      {
        name: 'Faadumo Ali Warsame',
        party: PARTIES.horseed,
        positionSought: PRESIDENT,
        bio: {
          en: 'Economist and former minister of planning.',
          so: 'Dhaqaaleyahan iyo wasiirkii hore ee qorsheynta.',
        },
      },
      {
        name: 'Abdirahman Yusuf Hirsi',
        party: PARTIES.justice,
        positionSought: PRESIDENT,
        bio: { en: 'Lawyer and human rights advocate.', so: 'Qareen u dooda xuquuqda aadanaha.' },
      },
      {
        name: 'Maryan Hassan Omar',
        party: PARTIES.independent,
        positionSought: PRESIDENT,
        bio: { en: 'Teacher and community organiser.', so: 'Macallimad iyo abaabule bulsho.' },
      },
    ],
    voteWeights: [5, 4, 3, 1],
    voters: 24,
  },
  {
    key: 'youthCouncil',
    title: () => ({ en: 'Banadir Youth Council Election', so: 'Doorashada Golaha Dhallinyarada Banaadir' }),
    description: {
      en: 'Young citizens of Banadir elect the chair of the regional youth council.',
      so: 'Dhallinyarada Banaadir waxay doortaan guddoomiyaha golaha dhallinyarada gobolka.',
    },
    status: 'Active',
    startOffsetDays: -5,
    endOffsetDays: 5,
    resultsVisible: true,
    hideResultsUntilClose: false,
    candidates: [
      {
        name: 'Ilhan Mohamed Jama',
        party: PARTIES.youthVoice,
        positionSought: COUNCIL_CHAIR,
        bio: { en: 'Student leader.', so: 'Hoggaamiye arday.' },
      },
      {
        name: 'Abdullahi Farah Ismail',
        party: PARTIES.independent,
        positionSought: COUNCIL_CHAIR,
        bio: { en: 'Youth football coach.', so: 'Tababare kubadda cagta dhallinyarada.' },
      },
      {
        name: 'Sagal Ahmed Dirie',
        party: PARTIES.futureSomalia,
        positionSought: COUNCIL_CHAIR,
        bio: { en: 'Software developer.', so: 'Barnaamij-sameeye.' },
      },
    ],
    voteWeights: [3, 2, 2],
    // Open with results shown: visitors see the first batch (the first 20 votes), admins all 24 (item 9).
    voters: 24,
    eligibleRegions: ['Banadir'],
  },
  {
    key: 'byElection',
    title: () => ({
      en: 'Hirshabelle State Assembly By-election',
      so: 'Doorashada Kursiga Bannaan ee Golaha Wakiillada Hirshabeelle',
    }),
    description: {
      en: 'A vacant seat in the Hirshabelle State Assembly.',
      so: 'Kursi bannaan oo ka mid ah Golaha Wakiillada Dowlad Goboleedka Hirshabeelle.',
    },
    status: 'Closed',
    startOffsetDays: -45,
    endOffsetDays: -30,
    resultsVisible: true,
    hideResultsUntilClose: true,
    candidates: [
      {
        name: 'Mohamed Osman Gedi',
        party: PARTIES.midnimo,
        positionSought: ASSEMBLY_MEMBER,
        bio: { en: 'Farmer and cooperative leader.', so: 'Beeralay iyo hoggaamiye iskaashato.' },
      },
      {
        name: 'Hawa Abdi Salad',
        party: PARTIES.horseed,
        positionSought: ASSEMBLY_MEMBER,
        bio: { en: 'Nurse and health campaigner.', so: 'Kalkaaliso iyo u-ololeeye caafimaadka.' },
      },
      {
        name: 'Ali Hussein Barre',
        party: PARTIES.independent,
        positionSought: ASSEMBLY_MEMBER,
        bio: { en: 'Businessman from Jowhar.', so: 'Ganacsade ka soo jeeda Jowhar.' },
      },
    ],
    voteWeights: [4, 5, 1],
    // A state's by-election: its voters are those enrolled in the state's regions, and so is its turnout's base.
    voters: 20,
    eligibleRegions: DEMO_BY_ELECTION_REGIONS,
  },
  {
    key: 'senateSeat',
    title: () => ({ en: 'Jubaland Senate Seat Election', so: 'Doorashada Kursiga Aqalka Sare ee Jubbaland' }),
    description: {
      en: 'Election for a vacant Jubaland seat in the Upper House.',
      so: 'Doorasho loogu talagalay kursi bannaan oo Jubbaland ku leedahay Aqalka Sare.',
    },
    status: 'Draft',
    startOffsetDays: 20,
    endOffsetDays: 27,
    resultsVisible: false,
    hideResultsUntilClose: true,
    candidates: [
      {
        name: 'Abdiweli Sheikh Aden',
        party: PARTIES.independent,
        positionSought: SENATOR,
        bio: {
          en: 'Former district commissioner of Kismayo.',
          so: 'Guddoomiyihii hore ee degmada Kismaayo.',
        },
      },
      {
        name: 'Nasra Ibrahim Hersi',
        party: PARTIES.justice,
        positionSought: SENATOR,
        bio: { en: 'Fisheries expert.', so: 'Khabiir kalluumeysi.' },
      },
      {
        name: 'Said Mohamud Gelle',
        party: PARTIES.midnimo,
        positionSought: SENATOR,
        bio: { en: 'Veteran diplomat.', so: 'Diblomaasi waayo-arag ah.' },
      },
    ],
    voteWeights: [],
    voters: 0,
    eligibleRegions: regionsOfState('jubaland'),
  },
  {
    key: 'pilot',
    title: (year) => ({
      en: `Lower House Pilot Election ${year}`,
      so: `Doorashada Tijaabada ah ee Golaha Shacabka ${year}`,
    }),
    description: {
      en: 'The pilot one-person-one-vote election for a Lower House seat.',
      so: 'Doorashadii tijaabada ahayd ee qof iyo cod ah, oo loogu tartamayay kursi Golaha Shacabka.',
    },
    status: 'Archived',
    startOffsetDays: -200,
    endOffsetDays: -190,
    resultsVisible: true,
    hideResultsUntilClose: true,
    candidates: [
      {
        name: 'Zamzam Yasin Abdi',
        party: PARTIES.horseed,
        positionSought: MEMBER_OF_PARLIAMENT,
        bio: {
          en: 'Lecturer in public administration.',
          so: 'Macallimad jaamacadeed oo dhigta maamulka guud.',
        },
      },
      {
        name: 'Bashir Ahmed Roble',
        party: PARTIES.midnimo,
        positionSought: MEMBER_OF_PARLIAMENT,
        bio: { en: 'Former mayor.', so: 'Duqii hore ee magaalada.' },
      },
      {
        name: 'Khalif Omar Dahir',
        party: PARTIES.independent,
        positionSought: MEMBER_OF_PARLIAMENT,
        bio: { en: 'Civil society activist.', so: 'U-ololeeye bulshada rayidka ah.' },
      },
    ],
    voteWeights: [3, 3, 2],
    voters: 30,
  },
  {
    key: 'verifiableClosed',
    title: (year) => ({
      en: `Banadir Local Council Election ${year}`,
      so: `Doorashada Golaha Deegaanka Banaadir ${year}`,
    }),
    description: {
      en: `Voters of Banadir elected the chair of the local council. ${VERIFIABLE_NOTE.en}`,
      so: `Codbixiyayaasha Banaadir waxay doorteen guddoomiyaha golaha deegaanka. ${VERIFIABLE_NOTE.so}`,
    },
    status: 'Closed',
    startOffsetDays: -20,
    endOffsetDays: -12,
    resultsVisible: true,
    hideResultsUntilClose: true,
    candidates: [
      {
        name: 'Abdiqani Mohamed Warsame',
        party: PARTIES.midnimo,
        positionSought: LOCAL_COUNCIL_CHAIR,
        bio: { en: 'Water engineer from Hodan district.', so: 'Injineer biyaha oo ka yimid degmada Hodan.' },
      },
      {
        name: 'Hibo Ahmed Nuur',
        party: PARTIES.horseed,
        positionSought: LOCAL_COUNCIL_CHAIR,
        bio: { en: 'Representative of the market traders.', so: 'Wakiilka ganacsatada suuqa.' },
      },
      {
        name: 'Mustafe Ali Farah',
        party: PARTIES.independent,
        positionSought: LOCAL_COUNCIL_CHAIR,
        bio: { en: 'Secondary school headmaster.', so: 'Maamulaha dugsi sare.' },
      },
    ],
    voteWeights: [4, 3, 1],
    voters: 8,
    eligibleRegions: ['Banadir'],
    verifiable: { trustees: ['Asha Mohamed Yusuf', 'Abdikarim Hassan Ali'] },
  },
  {
    key: 'verifiableOpen',
    title: (year) => ({
      en: `Banadir Women's Council Election ${year}`,
      so: `Doorashada Golaha Haweenka Banaadir ${year}`,
    }),
    description: {
      en: `Voters of Banadir elect the chair of the women's council. ${VERIFIABLE_NOTE.en}`,
      so: `Codbixiyayaasha Banaadir waxay doortaan guddoomiyaha golaha haweenka. ${VERIFIABLE_NOTE.so}`,
    },
    status: 'Active',
    startOffsetDays: -3,
    endOffsetDays: 9,
    resultsVisible: false,
    hideResultsUntilClose: true,
    candidates: [
      {
        name: 'Deeqa Hassan Abdi',
        party: PARTIES.independent,
        positionSought: WOMENS_COUNCIL_CHAIR,
        bio: { en: 'Midwife and health educator.', so: 'Umulisada iyo bare caafimaad.' },
      },
      {
        name: 'Luul Mohamed Ismail',
        party: PARTIES.futureSomalia,
        positionSought: WOMENS_COUNCIL_CHAIR,
        bio: { en: 'Founder of a savings cooperative.', so: 'Aasaasaha iskaashato kayd.' },
      },
      {
        name: 'Naima Yusuf Guled',
        party: PARTIES.unity,
        positionSought: WOMENS_COUNCIL_CHAIR,
        bio: { en: 'Radio journalist.', so: 'Wariye raadiye.' },
      },
    ],
    voteWeights: [1, 1, 1],
    voters: 3,
    eligibleRegions: ['Banadir'],
    verifiable: { trustees: ['Farhiya Abdi Jama', 'Ismail Omar Hirsi'] },
  },
];

export const descriptionOf = (demo: DemoElection): DemoText => ({
  en: `${demo.description.en} ${DEMO_NOTE.en}`,
  so: `${demo.description.so} ${DEMO_NOTE.so}`,
});

/** A demo election's title as seeded `now`: its year is that of its start, in Somalia. */
export function demoElectionTitle(demo: DemoElection, now: Date): DemoText {
  const start = new Date(now.getTime() + demo.startOffsetDays * DAY);
  return demo.title(Number(monthKey(start).slice(0, 4)));
}

/** Every demo election's title as a seed run `now` writes it (the browser tests find the elections by them). */
export function demoElectionTitles(now: Date): Record<DemoElectionKey, DemoText> {
  return Object.fromEntries(DEMO_ELECTIONS.map((demo) => [demo.key, demoElectionTitle(demo, now)])) as Record<
    DemoElectionKey,
    DemoText
  >;
}

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

/**
 * Elections in every status, each found again by its English description (its title carries the year it was
 * seeded in); one seeded before its Somali texts existed gets them, where staff have not written any since.
 */
export function seedElections(db: Db, actors: { adminId: string; voterIds: string[] }, now: Date): void {
  db.transaction((tx) => {
    for (const demo of DEMO_ELECTIONS) {
      // Counted by the trustees, not by rows of votes: seed/verifiable.ts seeds those.
      if (demo.verifiable) continue;
      const title = demoElectionTitle(demo, now);
      const description = descriptionOf(demo);
      const existing = findDemoElection(tx, demo);
      if (existing) {
        addSomali(tx, existing.id, demo, title, description);
        continue;
      }
      const { election, candidateIds } = insertDemoElection(tx, demo, actors.adminId, now, {});
      demoVoters(demo, actors.voterIds).forEach(({ userId, choice }, index) => {
        const candidateId = candidateIds[choice];
        if (!candidateId) return;
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

/** A demo election seeded by an earlier run, found by its English description (its title carries a year). */
export function findDemoElection(db: Pick<Db, 'select'>, demo: DemoElection): { id: string } | undefined {
  return db
    .select({ id: elections.id })
    .from(elections)
    .where(eq(elections.description, descriptionOf(demo).en))
    .get();
}

/**
 * A demo election's row and candidates, as `demo` says, with `fields` over it (a verifiable one starts as a
 * draft). Its dates are relative to `now`, the seed's day.
 */
export function insertDemoElection(
  db: Pick<Db, 'insert'>,
  demo: DemoElection,
  adminId: string,
  now: Date,
  fields: Partial<typeof elections.$inferInsert>,
) {
  const title = demoElectionTitle(demo, now);
  const description = descriptionOf(demo);
  const election = db
    .insert(elections)
    .values({
      title: title.en,
      titleSo: title.so,
      description: description.en,
      descriptionSo: description.so,
      status: demo.status,
      startTime: new Date(now.getTime() + demo.startOffsetDays * DAY),
      endTime: new Date(now.getTime() + demo.endOffsetDays * DAY),
      resultsVisible: demo.resultsVisible,
      hideResultsUntilClose: demo.hideResultsUntilClose,
      // Every demo election is for enrolled voters, as a real one is by default.
      eligibility: 'enrolled',
      eligibleRegions: demo.eligibleRegions ? JSON.stringify(demo.eligibleRegions) : null,
      createdBy: adminId,
      createdAt: new Date(now.getTime() + (demo.startOffsetDays - 10) * DAY),
      ...fields,
    })
    .returning({ id: elections.id, startTime: elections.startTime })
    .get();
  const candidateIds = demo.candidates.map(
    (candidate, index) =>
      db
        .insert(candidates)
        .values({
          name: candidate.name,
          party: candidate.party.en,
          partySo: candidate.party.so,
          positionSought: candidate.positionSought.en,
          positionSoughtSo: candidate.positionSought.so,
          bio: candidate.bio.en,
          bioSo: candidate.bio.so,
          electionId: election.id,
          orderIndex: index + 1,
        })
        .returning({ id: candidates.id })
        .get().id,
  );
  return { election, candidateIds };
}

/**
 * Who casts a demo election's votes, in order, and for which candidate (an index into its candidates): only
 * voters the election's rule lets vote (seed/voter-roll.ts enrols them).
 */
export function demoVoters(demo: DemoElection, voterIds: string[]): { userId: string; choice: number }[] {
  const eligible = demoVotersIn(demo.eligibleRegions ?? null, voterIds.length);
  return weightedChoices(demo.voteWeights, demo.voters).flatMap((choice, index) => {
    const voter = eligible[index];
    const userId = voter === undefined ? undefined : voterIds[voter];
    return userId ? [{ userId, choice }] : [];
  });
}

/** The Somali of a demo election seeded without it: only into columns still empty. */
export function addSomali(
  db: SeedTx,
  electionId: string,
  demo: DemoElection,
  title: DemoText,
  description: DemoText,
): void {
  db.update(elections)
    .set({ titleSo: title.so })
    .where(and(eq(elections.id, electionId), eq(elections.titleSo, '')))
    .run();
  db.update(elections)
    .set({ descriptionSo: description.so })
    .where(and(eq(elections.id, electionId), isNull(elections.descriptionSo)))
    .run();
  for (const candidate of demo.candidates) {
    const row = and(eq(candidates.electionId, electionId), eq(candidates.name, candidate.name));
    db.update(candidates)
      .set({ partySo: candidate.party.so })
      .where(and(row, isNull(candidates.partySo)))
      .run();
    db.update(candidates)
      .set({ positionSoughtSo: candidate.positionSought.so })
      .where(and(row, isNull(candidates.positionSoughtSo)))
      .run();
    db.update(candidates)
      .set({ bioSo: candidate.bio.so })
      .where(and(row, isNull(candidates.bioSo)))
      .run();
  }
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
