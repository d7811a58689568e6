import { DATASET_FORMATS, type DatasetFormat } from '@shared/schemas/open-data';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { DomainError } from '../errors/domain-error';
import { sendDomainError } from '../errors/mapping';
import { API_ROUTES, type ApiRoute } from '../services/open-data/api';
import { datasetNamed } from '../services/open-data/datasets';
import { openApiDocument } from '../services/open-data/openapi';
import { etagOf, type OpenData, openDataOf } from '../services/open-data/store';
import { registerElectionArchive } from './election-archive';
import { registerElectionRecord } from './election-record';
import { holdsVersion } from './etag';
import { type ApiCeiling, extraCallsFor } from './trpc-calls';

/**
 * Browsers and CDNs keep an answer a minute (counts move in published batches, the rest rarely), then
 * revalidate with the ETag: a 304 costs no body. Nothing here depends on who asks: no cookie is read.
 */
export const OPEN_DATA_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=60';

/** Open to every origin for reading: no cookie is read or set, so no credentials are involved. */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'ETag, Retry-After, Content-Length',
  // A page elsewhere may fetch() the data: helmet's same-origin default would block it in no-cors mode.
  'cross-origin-resource-policy': 'cross-origin',
};
const PREFLIGHT_HEADERS = {
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'If-None-Match, Accept-Language',
  'access-control-max-age': '86400',
};

async function sendVersioned(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string | (() => string),
  options: { type: string; etag: string; lastChanged: Date; filename?: string; ceiling?: ApiCeiling },
) {
  if (holdsVersion(request.headers['if-none-match'], options.etag))
    return versioned(reply, options).code(304).send();
  const text = typeof body === 'string' ? body : body();
  const extra = extraCallsFor(Buffer.byteLength(text));
  // Refused with no ETag or caching headers: a 429 is no version of the file.
  if (options.ceiling && !(await options.ceiling.chargeMore(request, reply, extra))) return reply;
  if (options.filename) reply.header('content-disposition', `attachment; filename="${options.filename}"`);
  return versioned(reply, options).type(options.type).send(text);
}

const versioned = (reply: FastifyReply, options: { etag: string; lastChanged: Date }) =>
  reply
    .header('etag', options.etag)
    .header('last-modified', options.lastChanged.toUTCString())
    .header('cache-control', OPEN_DATA_CACHE_CONTROL);

/** A refusal in the reader's language (headers: the plugin's onSend); anything else is a real failure. */
function refuse(reply: FastifyReply, error: unknown) {
  if (error instanceof DomainError && error.kind !== 'unexpected') return sendDomainError(reply, error);
  throw error;
}

/** Fastify's spelling of an OpenAPI path: {id} becomes :id. */
const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

function apiHandler(route: ApiRoute, openData: OpenData, ceiling?: ApiCeiling) {
  const answerOf = route.answer;
  if (!answerOf) return null;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const input: Parameters<NonNullable<ApiRoute['answer']>>[1] = {};
    if (route.params) {
      const params = route.params.safeParse(request.params);
      if (!params.success) {
        // Echoed in the message, so cut short: a 5,000-character "id" is not worth repeating.
        const id = String((request.params as { id?: unknown }).id ?? '').slice(0, 60);
        return refuse(reply, route.unknownId?.(id) ?? new DomainError('openData.badQuery'));
      }
      input.id = params.data.id;
    }
    if (route.query) {
      const query = route.query.safeParse(request.query);
      if (!query.success) {
        const cursorIssue = query.error.issues.some((issue) => issue.path[0] === 'cursor');
        return refuse(reply, new DomainError(cursorIssue ? 'openData.badCursor' : 'openData.badQuery'));
      }
      input.query = query.data;
    }
    try {
      const answer = answerOf(openData, input);
      // Awaited, so a refusal while the body is made is still answered here.
      return await sendVersioned(request, reply, () => JSON.stringify(answer.body()), {
        type: 'application/json; charset=utf-8',
        etag: etagOf(`${route.path}|${answer.version}`),
        lastChanged: answer.lastChanged,
        ceiling,
      });
    } catch (error) {
      return refuse(reply, error);
    }
  };
}

/**
 * The read API and the dataset files under /api/v1 (routes and schemas: services/open-data/api.ts).
 * Counted per request against the same per-address ceiling as /trpc (trpc-calls.ts): an answer costs one
 * call, whether it was computed or served from the 2-second snapshot.
 */
export function registerOpenDataApi(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'db' | 'env'>,
  ceiling?: ApiCeiling,
) {
  const openData = openDataOf({ db: deps.db, env: deps.env });
  // Links in the document and the data name the configured origin, never a request's Host header.
  const documentBody = JSON.stringify(openApiDocument(deps.env.PUBLIC_ORIGIN));
  const documentTag = etagOf(documentBody);
  const started = new Date();

  return app.register(async (api) => {
    api.addHook('onRequest', async (request, reply) => {
      reply.headers(CORS_HEADERS);
      // Preflights count too: a flood is a flood, and browsers keep a preflight's answer a day (max-age).
      if (ceiling && !(await ceiling.charge(request, reply))) return reply;
      if (request.method === 'OPTIONS') return reply.headers(PREFLIGHT_HEADERS).code(204).send();
    });
    // A refusal (400, 404, 429) is never kept by a cache: a 404 is cacheable by default (RFC 9111), so results
    // not public yet would stay missing once published; and its sentence is in the reader's language.
    api.addHook('onSend', async (_request, reply, payload) => {
      if (reply.statusCode >= 400)
        reply.header('cache-control', 'no-store').header('vary', 'Accept-Language');
      return payload;
    });
    // A preflight for any address under /api/v1 (answered by the hook above before any handler runs).
    api.options('/api/v1/*', (_request, reply) => reply.code(204).send());

    for (const route of API_ROUTES) {
      const handler = apiHandler(route, openData, ceiling);
      if (handler) api.get(fastifyPath(route.path), handler);
    }
    // The one route the table documents but does not answer (its `answer` is absent): the election record.
    registerElectionRecord(api, deps, ceiling);
    registerElectionArchive(api, deps, ceiling);

    api.get('/api/v1/openapi.json', (request, reply) =>
      sendVersioned(request, reply, documentBody, {
        type: 'application/json; charset=utf-8',
        etag: documentTag,
        lastChanged: started,
      }),
    );

    api.get<{ Params: { file: string } }>('/api/v1/datasets/:file', (request, reply) => {
      const file = request.params.file;
      const dot = file.lastIndexOf('.');
      const format = file.slice(dot + 1) as DatasetFormat;
      // Only a listed name and format: "../", encoded slashes and the like are simply not dataset names.
      const dataset =
        dot > 0 && DATASET_FORMATS.includes(format) ? datasetNamed(file.slice(0, dot)) : undefined;
      if (!dataset) {
        return refuse(reply, new DomainError('openData.unknownDataset', { name: file.slice(0, 80) }));
      }
      const made = openData.file(dataset, format);
      return sendVersioned(request, reply, made.body, {
        type: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
        etag: made.etag,
        lastChanged: made.lastChanged,
        filename: format === 'csv' ? `codka-${dataset.name}.csv` : undefined,
        ceiling,
      });
    });
  });
}
