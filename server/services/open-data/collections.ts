import regionTexts from '@client/i18n/locales/en/regions.json' with { type: 'json' };
import { REGION_SLUGS, REGIONS } from '@shared/content/regions';
import { STATES } from '@shared/content/states';
import { STATE_IDS } from '@shared/federal-states';
import { defaultPollTitle, pollResultsVisible } from '@shared/poll-rules';
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
import { pollList, pollResults } from '../polls/poll-views';
import { enrollmentCounts } from '../voter-roll/counts';

/**
 * The open data's rows, each read through the service the site's own pages use (issue 20): visibility is
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
    address: center.address,
    district: center.districtName,
    region: center.region,
    latitude: center.latitude,
    longitude: center.longitude,
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

/** Elections whose results a visitor may see now (the /verified-results list), with their candidates. */
export function electionsWithResults({ db, env }: OpenDataSource): ElectionResults[] {
  return verifiedResults(db).flatMap((election) => {
    const results = election.results;
    if (!results) return [];
    return [
      {
        id: election.id,
        title: election.title,
        status: election.status === 'Active' ? 'Active' : 'Closed',
        startTime: election.startTime.toISOString(),
        endTime: election.endTime.toISOString(),
        final: !election.countsInBatches,
        countsUpdatedAt: election.countsUpdatedAt?.toISOString() ?? null,
        totalVotes: results.total,
        turnout: election.turnout,
        resultsUrl: electionLink(env.PUBLIC_ORIGIN, election.id),
        candidates: ranked(
          results.rows.map((row) => ({
            candidateId: row.candidateId,
            name: row.name,
            party: row.party,
            votes: row.votes,
            share: row.percentage,
          })),
        ),
      },
    ];
  });
}

export const withoutCandidates = <T extends { candidates: unknown }>({ candidates: _, ...rest }: T) => rest;

/**
 * One election's results as /results/{id} shows them to a visitor. Drafts are unknown (the service's
 * election.notFound); an election whose results are hidden answers resultsNotPublic, never its counts.
 */
export function electionResultsById(source: OpenDataSource, id: string): ElectionResults {
  const answer = electionResults(source.db, id, VISITOR);
  const listed = answer.results
    ? electionsWithResults(source).find((election) => election.id === id)
    : undefined;
  if (!listed) throw new DomainError('openData.resultsNotPublic', { id });
  return listed;
}

/** Polls whose results a visitor may see (closed, or past their closing time), newest first. */
export function pollsWithResults({ db, env }: OpenDataSource, now = new Date()): PollResults[] {
  return pollList(db, VISITOR)
    .filter((poll) => pollResultsVisible(poll, { isAdmin: false, hasVoted: false }, now))
    .map((poll) => {
      const { results } = pollResults(db, poll.id, VISITOR, now);
      return {
        id: poll.id,
        title: poll.title || defaultPollTitle(poll.electionType, poll.monthYear),
        month: poll.monthYear,
        type: poll.electionType,
        opensAt: poll.opensAt.toISOString(),
        closesAt: poll.closesAt.toISOString(),
        totalVotes: results.totalVotes,
        resultsUrl: pollLink(env.PUBLIC_ORIGIN, poll.id),
        candidates: ranked(
          results.all.map((row) => ({
            candidateId: row.id,
            name: row.name,
            party: row.party,
            votes: row.voteCount,
            share: row.percentage,
          })),
        ),
      };
    });
}

/** One poll's results; a draft is unknown and an open poll's results are not public (a visitor's view). */
export function pollResultsById(source: OpenDataSource, id: string): PollResults {
  const listed = pollsWithResults(source).find((poll) => poll.id === id);
  if (listed) return listed;
  // Tells a poll that does not exist (or is a draft) from one whose results are not public yet.
  try {
    pollResults(source.db, id, VISITOR);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'poll.notFound') throw error;
  }
  throw new DomainError('openData.resultsNotPublic', { id });
}

/** The roll's only public figures: enrolled voters per region (all 18, zeros included). */
export function enrolledVoters({ db }: OpenDataSource): EnrolledVoters[] {
  return enrollmentCounts(db).regions.map((row) => ({
    region: row.region,
    enrolledVoters: row.enrolledVoters,
  }));
}
