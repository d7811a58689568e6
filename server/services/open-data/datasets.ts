import { osmOpeningHours } from '@shared/opening-hours';
import {
  centerSchema,
  type DatasetName,
  electionResultsSchema,
  enrolledVotersSchema,
  itemsDatasetSchema,
  pollResultsSchema,
  popoloSchema,
  regionSchema,
  stateSchema,
} from '@shared/schemas/open-data';
import type { ZodType } from 'zod';
import {
  centers,
  type ElectionResults,
  electionsWithResults,
  enrolledVoters,
  federalStates,
  houseMembers,
  type Member,
  type OpenDataSource,
  type PollResults,
  pollsWithResults,
  regions,
  senators,
} from './collections';

/** The data is CC BY 4.0 unless its source says otherwise; each row names its sources. */
export const CC_BY = { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' };
const CITED = {
  ...CC_BY,
  note: 'Figures as the site shows them, each row with the sources it is cited from.',
};

/** The collections the datasets and the API read, each loaded once per snapshot (store.ts). */
export const COLLECTIONS = {
  'house-members': houseMembers,
  senators,
  'federal-states': federalStates,
  regions,
  'registration-centers': centers,
  'election-results': electionsWithResults,
  'poll-results': pollsWithResults,
  'enrolled-voters': enrolledVoters,
} satisfies Record<string, (source: OpenDataSource) => unknown[]>;
export type CollectionName = keyof typeof COLLECTIONS;
export type CollectionItem<N extends CollectionName> = ReturnType<(typeof COLLECTIONS)[N]>[number];

type Cell = string | number | boolean | null;

export interface DatasetDefinition {
  name: DatasetName;
  title: string;
  licence: { name: string; url: string; note?: string };
  /** The collections it is made of. */
  from: CollectionName[];
  /** The JSON body's data part (the envelope adds name, licence, last change). */
  json: (rows: unknown[][]) => Record<string, unknown>;
  /** Validates the whole JSON dataset (tests; the shape is the one documented). */
  schema: ZodType;
  csvColumns: string[];
  csvRows: (rows: unknown[][]) => Cell[][];
}

const HOUSE = { id: 'house-of-the-people', name: 'House of the People', classification: 'chamber' } as const;
const SENATE = { id: 'senate', name: 'Senate', classification: 'chamber' } as const;

/** Popolo: one person and one membership per seat holder, in the chamber's organization. */
function popolo(members: Member[]) {
  const chambers = [...new Set(members.map((member) => member.chamber))];
  return {
    persons: members.map((member) => ({
      id: member.id,
      name: member.name,
      ...(member.title ? { honorific_prefix: member.title } : {}),
      ...(member.photoUrl ? { image: member.photoUrl } : {}),
      sources: [{ url: member.source }],
    })),
    organizations: chambers.map((chamber) => (chamber === 'house' ? HOUSE : SENATE)),
    memberships: members.map((member) => ({
      id: `${member.chamber}-${member.id}`,
      person_id: member.id,
      organization_id: member.chamber === 'house' ? HOUSE.id : SENATE.id,
      role: member.role,
      ...(member.seatNumber ? { seat_number: member.seatNumber } : {}),
      area: { name: member.area, classification: member.chamber === 'house' ? 'region' : 'state' },
      placeholder: member.placeholder,
    })),
  };
}

const MEMBER_COLUMNS = [
  'id',
  'name',
  'chamber',
  'seat_number',
  'area',
  'role',
  'title',
  'photo_url',
  'source',
  'placeholder',
];
const memberRow = (m: Member): Cell[] => [
  m.id,
  m.name,
  m.chamber,
  m.seatNumber,
  m.area,
  m.role,
  m.title,
  m.photoUrl,
  m.source,
  m.placeholder,
];

function membersDataset(name: DatasetName, title: string, from: CollectionName[]): DatasetDefinition {
  const all = (rows: unknown[][]) => rows.flat() as Member[];
  return {
    name,
    title,
    licence: CC_BY,
    from,
    json: (rows) => popolo(all(rows)),
    schema: popoloSchema,
    csvColumns: MEMBER_COLUMNS,
    csvRows: (rows) => all(rows).map(memberRow),
  };
}

/** A dataset whose JSON is its rows as the API gives them, and whose CSV is one line per row. */
function itemsDataset<T>(
  name: DatasetName & CollectionName,
  title: string,
  item: ZodType,
  csvColumns: string[],
  csvRow: (row: T) => Cell[][],
  licence = CC_BY,
): DatasetDefinition {
  return {
    name,
    title,
    licence,
    from: [name],
    json: ([rows]) => ({ items: rows ?? [] }),
    schema: itemsDatasetSchema(item),
    csvColumns,
    csvRows: ([rows]) => ((rows ?? []) as T[]).flatMap(csvRow),
  };
}

const sourcesCell = (sources: Array<{ url: string }>) => sources.map((source) => source.url).join(' ');

const RESULT_COLUMNS = ['candidate_id', 'candidate', 'party', 'votes', 'share', 'rank'];
// The Somali of a text whose column holds its English (else its Somali): added after the columns readers know
// (docs/decisions/021-bilingual-content.md).

export const DATASETS: readonly DatasetDefinition[] = [
  membersDataset('parliament', 'Federal Parliament: House of the People and Senate', [
    'house-members',
    'senators',
  ]),
  membersDataset('house-members', 'House of the People members', ['house-members']),
  membersDataset('senators', 'Senators', ['senators']),
  itemsDataset<ReturnType<typeof federalStates>[number]>(
    'federal-states',
    'Federal member states',
    stateSchema,
    ['id', 'name', 'status', 'population', 'house_seats', 'senate_seats', 'formed', 'region', 'sources'],
    (s) => [
      [
        s.id,
        s.name,
        s.status,
        s.population,
        s.houseSeats,
        s.senateSeats,
        s.formed,
        s.region,
        sourcesCell(s.sources),
      ],
    ],
    CITED,
  ),
  itemsDataset<ReturnType<typeof regions>[number]>(
    'regions',
    'Regions',
    regionSchema,
    ['id', 'name', 'state', 'house_region', 'area_km2', 'population', 'sources'],
    (r) => [[r.id, r.name, r.state, r.houseRegion, r.areaKm2, r.population, sourcesCell(r.sources)]],
    CITED,
  ),
  itemsDataset<ReturnType<typeof centers>[number]>(
    'registration-centers',
    'Active registration centers',
    centerSchema,
    [
      'id',
      'name',
      'address',
      'district',
      'region',
      'latitude',
      'longitude',
      'name_so',
      'opening_hours',
      'hours_note',
      'hours_note_so',
      'phone',
      'email',
    ],
    (c) => [
      [
        c.id,
        c.name,
        c.address,
        c.district,
        c.region,
        c.latitude,
        c.longitude,
        c.nameText.so,
        // OpenStreetMap's opening_hours syntax, Mogadishu time: one cell that map tools read as it is.
        osmOpeningHours(c.openingHours),
        c.hoursNote,
        c.hoursNoteText.so,
        c.phone,
        c.email,
      ],
    ],
  ),
  itemsDataset<ElectionResults>(
    'election-results',
    'Election results',
    electionResultsSchema,
    [
      'election_id',
      'election',
      'status',
      'final',
      'total_votes',
      'eligible_voters',
      'turnout',
      ...RESULT_COLUMNS,
      'election_so',
      'party_so',
    ],
    (e) =>
      e.candidates.map((c) => [
        e.id,
        e.title,
        e.status,
        e.final,
        e.totalVotes,
        e.turnout?.eligibleVoters ?? null,
        e.turnout?.percentage ?? null,
        c.candidateId,
        c.name,
        c.party,
        c.votes,
        c.share,
        c.rank,
        e.titleText.so,
        c.partyText.so,
      ]),
  ),
  itemsDataset<PollResults>(
    'poll-results',
    'Poll results',
    pollResultsSchema,
    ['poll_id', 'poll', 'month', 'type', 'total_votes', ...RESULT_COLUMNS, 'poll_so', 'party_so'],
    (p) =>
      p.candidates.map((c) => [
        p.id,
        p.title,
        p.month,
        p.type,
        p.totalVotes,
        c.candidateId,
        c.name,
        c.party,
        c.votes,
        c.share,
        c.rank,
        p.titleText.so,
        c.partyText.so,
      ]),
  ),
  itemsDataset<ReturnType<typeof enrolledVoters>[number]>(
    'enrolled-voters',
    'Enrolled voters per region',
    enrolledVotersSchema,
    ['region', 'enrolled_voters'],
    (r) => [[r.region, r.enrolledVoters]],
  ),
];

export const datasetNamed = (name: string): DatasetDefinition | undefined =>
  DATASETS.find((dataset) => dataset.name === name);
