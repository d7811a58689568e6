import { electionRecordSchema } from '@shared/schemas/election-record';
import {
  centerSchema,
  electionResultsSchema,
  electionSchema,
  enrolledVotersSchema,
  idParams,
  memberSchema,
  pageOf,
  pageQuery,
  pollResultsSchema,
  pollSchema,
  regionSchema,
  stateSchema,
} from '@shared/schemas/open-data';
import type { z } from 'zod';
import { DomainError } from '../../errors/domain-error';
import {
  type ElectionResults,
  electionResultsById,
  type PollResults,
  pollResultsById,
  withoutCandidates,
} from './collections';
import { CC_BY, type CollectionName } from './datasets';
import type { OpenData } from './store';

/**
 * The read API's routes: each with its parameters and its answer's zod schema. The Fastify routes
 * (server/http/open-data-api.ts) and the OpenAPI document (openapi.ts) are both made from this one table,
 * so a route added here with its schema is served and documented at once.
 */
export interface ApiRoute {
  /** OpenAPI's spelling ("/api/v1/elections/{id}/results"); Fastify's is made from it. */
  path: string;
  operationId: string;
  summary: string;
  params?: typeof idParams;
  query?: typeof pageQuery;
  response: z.ZodType;
  /** The refusal for an id that is not one (a route with an {id}): the same as for an unknown id. */
  unknownId?: (id: string) => DomainError;
  /**
   * The answer, served with the API's CORS, ETag, caching and per-address ceiling (http/open-data-api.ts).
   * Absent for a route another module serves itself: it is then only documented.
   */
  answer?: (openData: OpenData, input: { id?: string; query?: z.output<typeof pageQuery> }) => Answer;
}

export interface Answer {
  /**
   * What the answer is made from (the snapshot's fingerprint and the request's parameters): its ETag, known
   * before the body is made, so a reader who holds it gets a 304 without the page being built and hashed.
   */
  version: string;
  body: () => unknown;
  lastChanged: Date;
}

const CURSOR_PREFIX = 'v1:';
/** Keys are ids and seat numbers: far below this. A longer decoded cursor was not made by this API. */
const MAX_KEY_LENGTH = 100;

export const encodeCursor = (key: string) => Buffer.from(`${CURSOR_PREFIX}${key}`).toString('base64url');

/** The key a cursor carries; a cursor this API did not make (re-encoded, truncated, forged) is refused. */
export function decodeCursor(cursor: string): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const key = text.startsWith(CURSOR_PREFIX) ? text.slice(CURSOR_PREFIX.length) : null;
  if (key === null || key.length === 0 || key.length > MAX_KEY_LENGTH || encodeCursor(key) !== cursor) {
    throw new DomainError('openData.badCursor');
  }
  return key;
}

/**
 * Keyset pagination: items in the order of their key, a page starts after the previous page's last key.
 * An item added or removed between two pages never makes another appear twice or go missing.
 */
export function paginate<T>(items: T[], keyOf: (item: T) => string, query: z.output<typeof pageQuery>) {
  const sorted = [...items].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const first = after === null ? 0 : sorted.findIndex((item) => keyOf(item) > after);
  const start = first === -1 ? sorted.length : first;
  const page = sorted.slice(start, start + query.limit);
  const last = page.at(-1);
  const next = last !== undefined && start + page.length < sorted.length ? encodeCursor(keyOf(last)) : null;
  return { items: page, next, total: sorted.length };
}

const byId = (item: { id: string }) => item.id;

function listRoute<T>(
  path: string,
  operationId: string,
  summary: string,
  item: z.ZodType,
  collection: CollectionName,
  options: { key?: (item: T) => string; map?: (item: T) => unknown } = {},
): ApiRoute {
  const keyOf = options.key ?? (byId as unknown as (item: T) => string);
  return {
    path,
    operationId,
    summary,
    query: pageQuery,
    response: pageOf(item, `${operationId[0]?.toUpperCase()}${operationId.slice(1)}Page`),
    answer: (openData, { query = pageQuery.parse({}) }) => {
      // A bad cursor is refused before anything else, a 304 included.
      if (query.cursor !== undefined) decodeCursor(query.cursor);
      const snapshot = openData.collection(collection);
      return {
        version: `${snapshot.fingerprint}|${snapshot.lastChanged.getTime()}|${query.cursor ?? ''}|${query.limit}`,
        lastChanged: snapshot.lastChanged,
        body: () => {
          const page = paginate(snapshot.items as T[], keyOf, query);
          return {
            items: options.map ? page.items.map(options.map) : page.items,
            next: page.next,
            total: page.total,
            lastChanged: snapshot.lastChanged.toISOString(),
            licence: CC_BY.name,
          };
        },
      };
    },
  };
}

function resultsRoute<T>(
  path: string,
  operationId: string,
  summary: string,
  response: z.ZodType,
  collection: CollectionName,
  read: (openData: OpenData, id: string) => T,
  unknownId: (id: string) => DomainError,
): ApiRoute {
  return {
    path,
    operationId,
    summary,
    params: idParams,
    unknownId,
    response,
    answer: (openData, { id = '' }) => {
      // From the snapshot the list is served from; an id it lacks is read again, for the right refusal
      // (unknown, or not public yet) or for results published since the snapshot was taken.
      const snapshot = openData.collection(collection);
      const listed = (snapshot.items as Array<{ id: string }>).find((item) => item.id === id);
      if (listed) {
        return {
          version: `${snapshot.fingerprint}|${id}`,
          body: () => listed,
          lastChanged: snapshot.lastChanged,
        };
      }
      const fresh = read(openData, id);
      return { version: JSON.stringify(fresh), body: () => fresh, lastChanged: snapshot.lastChanged };
    },
  };
}

/** The open data's source for a single read: the same services, through the store's own source. */
const single =
  <T>(read: (source: Parameters<typeof electionResultsById>[0], id: string) => T) =>
  (openData: OpenData, id: string) =>
    read(openData.source, id);

export const API_ROUTES: readonly ApiRoute[] = [
  listRoute<{ seatNumber: string | null; id: string }>(
    '/api/v1/members',
    'members',
    'House of the People members, by seat number',
    memberSchema,
    'house-members',
    { key: (member) => member.seatNumber ?? member.id },
  ),
  listRoute('/api/v1/senators', 'senators', 'Senators', memberSchema, 'senators'),
  listRoute(
    '/api/v1/states',
    'states',
    'Federal member states and their figures',
    stateSchema,
    'federal-states',
  ),
  listRoute('/api/v1/regions', 'regions', 'Regions and their figures', regionSchema, 'regions'),
  listRoute(
    '/api/v1/centers',
    'centers',
    'Active registration centers',
    centerSchema,
    'registration-centers',
  ),
  listRoute<ElectionResults>(
    '/api/v1/elections',
    'elections',
    'Elections whose results are public',
    electionSchema,
    'election-results',
    { map: withoutCandidates },
  ),
  resultsRoute(
    '/api/v1/elections/{id}/results',
    'electionResults',
    "One election's results: votes, share and rank per candidate, and turnout",
    electionResultsSchema,
    'election-results',
    single(electionResultsById),
    (id) => new DomainError('election.notFound', { id }),
  ),
  {
    // Served by its own module (server/http/election-record.ts: the stored file, byte for byte, ETag = root),
    // inside the API's plugin, so it has the API's CORS and per-address ceiling; documented from here.
    path: '/api/v1/elections/{id}/record',
    operationId: 'electionRecord',
    summary: "A closed election's record: the hashed receipts, sorted, their Merkle root and the totals",
    params: idParams,
    response: electionRecordSchema,
    unknownId: (id) => new DomainError('election.notFound', { id }),
  },
  listRoute<PollResults>(
    '/api/v1/polls',
    'polls',
    'Polls whose results are public (closed)',
    pollSchema,
    'poll-results',
    { map: withoutCandidates },
  ),
  resultsRoute(
    '/api/v1/polls/{id}/results',
    'pollResults',
    "One closed poll's results",
    pollResultsSchema,
    'poll-results',
    single(pollResultsById),
    (id) => new DomainError('poll.notFound', { id }),
  ),
  listRoute(
    '/api/v1/enrolled-voters',
    'enrolledVoters',
    'Enrolled voters per region (counts only)',
    enrolledVotersSchema,
    'enrolled-voters',
    { key: (row: { region: string }) => row.region },
  ),
];
