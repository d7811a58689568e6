import { z } from 'zod';

/**
 * The open data's shapes: each API answer's item and each dataset row is described once here, and
 * the OpenAPI document at /api/v1/openapi.json is generated from these schemas (server/services/open-data/
 * openapi.ts), so the document cannot drift from the answers. Field names are part of the public contract:
 * add fields, never rename or remove one.
 */

/** Every schema the OpenAPI document names (components/schemas), by its id. */
export const openDataRegistry = z.registry<{ id: string }>();

const isoTime = z.iso.datetime({ offset: true }).describe('ISO 8601 time, UTC');
const nullableUrl = z.string().nullable().describe('Absolute URL, or null');
const share = z.number().min(0).max(100).describe('Percentage of the votes counted, 2 decimals');

export const sourceSchema = z.object({ label: z.string(), url: z.string() });

/**
 * A text staff write, in English and in Somali (docs/decisions/021-bilingual-content.md): each item keeps its
 * plain field (the English, else the Somali) and adds this beside it as `<field>Text`.
 */
export const bilingualTextSchema = z
  .object({
    en: z.string().nullable().describe('The English text; null where there is none'),
    so: z.string().nullable().describe('The Somali text; null where there is none'),
  })
  .register(openDataRegistry, { id: 'BilingualText' });

export const memberSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    chamber: z.enum(['house', 'senate']),
    seatNumber: z.string().nullable().describe('House seat ("HOP#001"); null for senators'),
    area: z.string().describe('House region or Senate state, as the directories spell it'),
    role: z.string().describe('"Member", "Senator" or the senator\'s office'),
    title: z.string().nullable(),
    photoUrl: nullableUrl,
    source: z.string().describe('Where the member list comes from'),
    placeholder: z.boolean().describe('A seat whose member is not yet known'),
  })
  .register(openDataRegistry, { id: 'Member' });

export const stateSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    status: z.enum(['memberState', 'capitalRegion', 'selfDeclared', 'newlyFormed']),
    population: z.number().int().nullable().describe('UNFPA 2014 estimate; null where none covers it'),
    houseSeats: z.union([z.number().int(), z.literal('TBD')]),
    senateSeats: z.union([z.number().int(), z.literal('TBD')]),
    formed: z.number().int().nullable(),
    region: z.string().describe('The /regions page for the same seats'),
    sources: z.array(sourceSchema),
  })
  .register(openDataRegistry, { id: 'FederalState' });

export const regionSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    state: z.string(),
    houseRegion: z.string(),
    areaKm2: z.number().nullable(),
    population: z.number().int().nullable(),
    sources: z.array(sourceSchema),
  })
  .register(openDataRegistry, { id: 'Region' });

export const centerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    nameText: bilingualTextSchema,
    address: z.string().nullable(),
    district: z.string().nullable(),
    region: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    openingHours: z
      .array(
        z.object({
          day: z.number().int().min(0).max(6).describe('Day of the week: 0 Sunday, 1 Monday ... 6 Saturday'),
          opens: z.string().describe('Opening time, "HH:MM" on a 24-hour clock, Mogadishu time (UTC+3)'),
          closes: z.string().describe('Closing time, "HH:MM" on a 24-hour clock, Mogadishu time (UTC+3)'),
        }),
      )
      .describe(
        'One opening per day at most; a day not listed is closed. Empty when the centre gave no hours',
      ),
    hoursNote: z
      .string()
      .nullable()
      .describe('Closed days and exceptions in words (the English, else the Somali)'),
    hoursNoteText: bilingualTextSchema,
    phone: z.string().nullable().describe('Contact phone number in E.164 ("+252615123456"), or null'),
    email: z.string().nullable().describe('Contact e-mail address, or null'),
  })
  .register(openDataRegistry, { id: 'RegistrationCenter' });

export const turnoutSchema = z
  .object({ votes: z.number().int(), eligibleVoters: z.number().int(), percentage: share })
  .register(openDataRegistry, { id: 'Turnout' });

export const candidateResultSchema = z
  .object({
    candidateId: z.string(),
    name: z.string(),
    party: z.string().nullable(),
    partyText: bilingualTextSchema,
    votes: z.number().int(),
    share,
    rank: z.number().int().min(1).describe('1 for the most votes; ties share a rank'),
  })
  .register(openDataRegistry, { id: 'CandidateResult' });

export const electionSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    titleText: bilingualTextSchema,
    status: z.enum(['Active', 'Closed']),
    startTime: isoTime,
    endTime: isoTime,
    final: z.boolean().describe('True once the election has ended: the counts are the final ones'),
    countsUpdatedAt: isoTime.nullable().describe('When the published counts were last updated'),
    totalVotes: z.number().int(),
    turnout: turnoutSchema.nullable(),
    resultsUrl: z.string(),
  })
  .register(openDataRegistry, { id: 'Election' });

export const electionResultsSchema = electionSchema
  .extend({ candidates: z.array(candidateResultSchema) })
  .register(openDataRegistry, { id: 'ElectionResults' });

export const pollSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    titleText: bilingualTextSchema,
    month: z.string().describe('YYYY-MM'),
    type: z.enum(['presidential', 'parliamentary', 'senate']),
    opensAt: isoTime,
    closesAt: isoTime,
    totalVotes: z.number().int(),
    resultsUrl: z.string(),
  })
  .register(openDataRegistry, { id: 'Poll' });

export const pollResultsSchema = pollSchema
  .extend({ candidates: z.array(candidateResultSchema) })
  .register(openDataRegistry, { id: 'PollResults' });

export const enrolledVotersSchema = z
  .object({ region: z.string(), enrolledVoters: z.number().int().min(0) })
  .register(openDataRegistry, { id: 'EnrolledVoters' });

/** One page of a collection; `next` is the cursor of the following page, null on the last one. */
export function pageOf<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      items: z.array(item),
      next: z.string().nullable().describe('Pass as ?cursor= for the next page; null on the last page'),
      total: z.number().int().describe('Items in the whole collection'),
      lastChanged: isoTime,
      licence: z.string(),
    })
    .register(openDataRegistry, { id });
}

export const API_DEFAULT_LIMIT = 100;
export const API_MAX_LIMIT = 500;
/** A cursor is a short opaque token: anything longer or outside base64url is refused before it is read. */
export const CURSOR_MAX_LENGTH = 200;

export const pageQuery = z.strictObject({
  cursor: z
    .string()
    .max(CURSOR_MAX_LENGTH)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional()
    .describe('The `next` of the previous page'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(API_MAX_LIMIT)
    .default(API_DEFAULT_LIMIT)
    .describe(`Items per page, 1 to ${API_MAX_LIMIT}`),
});

export const idParams = z.strictObject({ id: z.uuid().describe('The id from the list') });

export const errorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string().describe("In the request's Accept-Language (English or Somali)"),
      errorCode: z.string().optional(),
      params: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .register(openDataRegistry, { id: 'Error' });

/** The /open-data page's list: what each dataset is and where it downloads, with both formats' sizes. */
export const DATASET_NAMES = [
  'parliament',
  'house-members',
  'senators',
  'federal-states',
  'regions',
  'registration-centers',
  'election-results',
  'poll-results',
  'enrolled-voters',
] as const;
export type DatasetName = (typeof DATASET_NAMES)[number];
export const DATASET_FORMATS = ['json', 'csv'] as const;
export type DatasetFormat = (typeof DATASET_FORMATS)[number];

export const licenceSchema = z.object({ name: z.string(), url: z.string(), note: z.string().optional() });

const datasetMeta = {
  dataset: z.enum(DATASET_NAMES),
  title: z.string(),
  licence: licenceSchema,
  lastChanged: isoTime,
  generatedBy: z.string(),
};

/** Popolo (popoloproject.com): persons, organizations (the chambers) and their memberships. */
export const popoloSchema = z.object({
  ...datasetMeta,
  persons: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      honorific_prefix: z.string().optional(),
      image: z.string().optional(),
      sources: z.array(z.object({ url: z.string() })),
    }),
  ),
  organizations: z.array(
    z.object({
      id: z.enum(['house-of-the-people', 'senate']),
      name: z.string(),
      classification: z.literal('chamber'),
    }),
  ),
  memberships: z.array(
    z.object({
      id: z.string(),
      person_id: z.string(),
      organization_id: z.enum(['house-of-the-people', 'senate']),
      role: z.string(),
      seat_number: z.string().optional(),
      area: z.object({ name: z.string(), classification: z.enum(['region', 'state']) }),
      placeholder: z.boolean(),
    }),
  ),
});

/** Every other dataset: its rows, each the API's item for the same data. */
export const itemsDatasetSchema = <T extends z.ZodType>(item: T) =>
  z.object({ ...datasetMeta, items: z.array(item) });
