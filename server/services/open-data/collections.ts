import regionTexts from '@client/i18n/locales/en/regions.json' with { type: 'json' };
import type { BilingualText } from '@shared/bilingual';
import { REGION_SLUGS, REGIONS } from '@shared/content/regions';
import { STATES } from '@shared/content/states';
import { STATE_IDS } from '@shared/federal-states';
import { pollResultsVisible } from '@shared/poll-rules';
import type {
  candidateResultSchema,
  centerSchema,
  electionResultsSchema,
  electionSchema,
  enrolledVotersSchema,
  memberSchema,
  pollResultsSchema,
  pollSchema,
  regionSchema,
  stateSchema,
} from '@shared/schemas/open-data';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { DomainError } from '../../errors/domain-error';
import { activeCentersForMap } from '../centers-map';
import { listMembers, listSenators } from '../directory';
import { electionResults, verifiedResults } from '../election-views';
import { pollById, pollList, pollResults } from '../polls/poll-views';
import { enrollmentCounts } from '../voter-roll/counts';

/**
 * The open data's rows, each read through the service the site's own pages use: visibility is
 * theirs (drafts, hidden results, the roll's privacy), never decided again here. Every read is a visitor's.
 */
export type Member = z.output<typeof memberSchema>;
export type FederalState = z.output<typeof stateSchema>;
export type Region = z.output<typeof regionSchema>;
export type Center = z.output<typeof centerSchema>;
export type Election = z.output<typeof electionSchema>;
export type ElectionResults = z.output<typeof electionResultsSchema>;
export type Poll = z.output<typeof pollSchema>;
export type PollResults = z.output<typeof pollResultsSchema>;
export type EnrolledVoters = z.output<typeof enrolledVotersSchema>;
type CandidateResult = z.output<typeof candidateResultSchema>;

const VISITOR = { userId: null, isAdmin: false, seesAllResults: false } as const;

/** Where the data is read from and how its links are written: never from a request's Host header. */
export interface OpenDataSource {
  db: Db;
  env: Pick<Env, 'PUBLIC_ORIGIN' | 'PARLIAMENT_SOURCE_URL' | 'SENATE_SOURCE_URL'>;
}

/** A photo stored on this site has a path: readers outside the site need the whole address. */
function absolute(origin: string, url: string | null): string | null {
  if (!url) return null;
  return url.startsWith('/') && !url.startsWith('//') ? `${origin}${url}` : url;
}

export function houseMembers({ db, env }: OpenDataSource): Member[] {
  const { items } = listMembers(db, { search: undefined, page: 1, pageSize: 10_000 });
  return items.map((member) => ({
    id: member.id,
    name: member.name,
    chamber: 'house',
    seatNumber: member.hopNumber,
    area: member.region,
    role: 'Member',
    title: null,
    photoUrl: absolute(env.PUBLIC_ORIGIN, member.photoUrl),
    source: env.PARLIAMENT_SOURCE_URL,
    placeholder: member.isPlaceholder,
  }));
}

export function senators({ db, env }: OpenDataSource): Member[] {
  return listSenators(db, { search: undefined }).senators.map((senator) => ({
    id: senator.id,
    name: senator.name,
    chamber: 'senate',
    seatNumber: null,
    area: senator.state,
    role: senator.role ?? 'Senator',
    title: senator.title || null,
    photoUrl: absolute(env.PUBLIC_ORIGIN, senator.photoUrl),
    source: env.SENATE_SOURCE_URL,
    placeholder: senator.isPlaceholder,
  }));
}

/** The figures /federal-states and /states/{id} show, with the sources their region page cites. */
export function federalStates(): FederalState[] {
  return STATE_IDS.map((id) => {
    const state = STATES[id];
    return {
      id,
      name: regionTexts.state[id].name,
      status: state.statusType,
      population: state.population,
      houseSeats: state.houseSeats,
      senateSeats: state.senateSeats,
      formed: state.formed,
      region: state.regionSlug,
      sources: [...REGIONS[state.regionSlug].sources],
    };
  });
}

/** The figures /regions/{slug} shows, with its sources. */
export function regions(): Region[] {
  return REGION_SLUGS.map((slug) => {
    const region = REGIONS[slug];
    return {
      id: slug,
      name: regionTexts.region[slug].name,
      state: region.stateId,
      houseRegion: region.houseRegion,
      areaKm2: region.area_km2,
      population: region.population,
      sources: [...region.sources],
    };
  });
}

export function centers({ db }: OpenDataSource): Center[] {
  return activeCentersForMap(db).map((center) => ({
    id: center.id,
    name: center.name,
    nameText: center.nameText,
    address: center.address,
    district: center.districtName,
    region: center.region,
    latitude: center.latitude,
    longitude: center.longitude,
    openingHours: center.openingHours,
    hoursNote: center.hoursNote,
    hoursNoteText: center.hoursNoteText,
    phone: center.phone,
    email: center.email,
  }));
}

/** Sorted by votes already (tallyResults); equal votes share a rank ("1, 2, 2, 4"). */
function ranked(rows: Array<Omit<CandidateResult, 'rank'>>): CandidateResult[] {
  return rows.map((row, index) => {
    const first = rows.findIndex((other) => other.votes === row.votes);
    return { ...row, rank: (first === -1 ? index : first) + 1 };
  });
}

const electionLink = (origin: string, id: string) => `${origin}/api/v1/elections/${id}/results`;
const pollLink = (origin: string, id: string) => `${origin}/api/v1/polls/${id}/results`;

interface ElectionRead {
  id: string;
  title: string;
  titleText: BilingualText;
  status: string;
  startTime: Date;
  endTime: Date;
  countsInBatches: boolean;
  countsUpdatedAt: Date | null;
  turnout: ElectionResults['turnout'];
}
type Tally = {
  total: number;
  rows: Array<{
    candidateId: string;
    name: string;
    party: string | null;
    partyText: BilingualText;
    votes: number;
    percentage: number;
  }>;
};

function electionItem(origin: string, election: ElectionRead, results: Tally): ElectionResults {
  return {
    id: election.id,
    title: election.title,
    titleText: election.titleText,
    status: election.status === 'Active' ? 'Active' : 'Closed',
    startTime: election.startTime.toISOString(),
    endTime: election.endTime.toISOString(),
    final: !election.countsInBatches,
    countsUpdatedAt: election.countsUpdatedAt?.toISOString() ?? null,
    totalVotes: results.total,
    turnout: election.turnout,
    resultsUrl: electionLink(origin, election.id),
    candidates: ranked(
      results.rows.map((row) => ({
        candidateId: row.candidateId,
        name: row.name,
        party: row.party,
        partyText: row.partyText,
        votes: row.votes,
        share: row.percentage,
      })),
    ),
  };
}

/** Elections whose results a visitor may see now (the /verified-results list), with their candidates. */
export function electionsWithResults({ db, env }: OpenDataSource): ElectionResults[] {
  return verifiedResults(db).flatMap((election) =>
    election.results ? [electionItem(env.PUBLIC_ORIGIN, election, election.results)] : [],
  );
}

export const withoutCandidates = <T extends { candidates: unknown }>({ candidates: _, ...rest }: T) => rest;

/**
 * One election's results as /results/{id} shows them to a visitor, read alone (an unknown id costs one
 * lookup, not the whole list). Drafts are unknown (the service's election.notFound); hidden results answer
 * resultsNotPublic, never their counts; like the list, only running and closed elections are given.
 */
export function electionResultsById({ db, env }: OpenDataSource, id: string): ElectionResults {
  const answer = electionResults(db, id, VISITOR);
  const { election, results } = answer;
  if (!results || (election.status !== 'Active' && election.status !== 'Closed')) {
    throw new DomainError('openData.resultsNotPublic', { id });
  }
  return electionItem(env.PUBLIC_ORIGIN, { ...election, ...answer }, results);
}

type PollRead = {
  id: string;
  title: string;
  titleText: BilingualText;
  monthYear: string;
  electionType: Poll['type'];
  opensAt: Date;
  closesAt: Date;
};

function pollItem(
  origin: string,
  poll: PollRead,
  results: ReturnType<typeof pollResults>['results'],
): PollResults {
  return {
    id: poll.id,
    title: poll.title,
    titleText: poll.titleText,
    month: poll.monthYear,
    type: poll.electionType,
    opensAt: poll.opensAt.toISOString(),
    closesAt: poll.closesAt.toISOString(),
    totalVotes: results.totalVotes,
    resultsUrl: pollLink(origin, poll.id),
    candidates: ranked(
      results.all.map((row) => ({
        candidateId: row.id,
        name: row.name,
        party: row.party,
        partyText: row.partyText,
        votes: row.voteCount,
        share: row.percentage,
      })),
    ),
  };
}

const visibleToVisitors = (poll: Parameters<typeof pollResultsVisible>[0], now: Date) =>
  pollResultsVisible(poll, { isAdmin: false, hasVoted: false }, now);

/** Polls whose results a visitor may see (closed, or past their closing time), newest first. */
export function pollsWithResults({ db, env }: OpenDataSource, now = new Date()): PollResults[] {
  return pollList(db, VISITOR)
    .filter((poll) => visibleToVisitors(poll, now))
    .map((poll) => pollItem(env.PUBLIC_ORIGIN, poll, pollResults(db, poll.id, VISITOR, now).results));
}

/** One poll's results, read alone; a draft is unknown (poll.notFound), an open poll's results not public. */
export function pollResultsById({ db, env }: OpenDataSource, id: string, now = new Date()): PollResults {
  const { poll } = pollById(db, id, VISITOR, now);
  if (!visibleToVisitors(poll, now)) throw new DomainError('openData.resultsNotPublic', { id });
  return pollItem(env.PUBLIC_ORIGIN, poll, pollResults(db, id, VISITOR, now).results);
}

/** The roll's only public figures: enrolled voters per region (all 18, zeros included). */
export function enrolledVoters({ db }: OpenDataSource): EnrolledVoters[] {
  return enrollmentCounts(db).regions.map((row) => ({
    region: row.region,
    enrolledVoters: row.enrolledVoters,
  }));
}
