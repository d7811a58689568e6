import { DATASET_FORMATS, DATASET_NAMES, errorSchema, openDataRegistry } from '@shared/schemas/open-data';
import { z } from 'zod';
import { API_ROUTES, type ApiRoute } from './api';
import { CC_BY } from './datasets';

/**
 * The OpenAPI 3.1 document of /api/v1, generated from the route table (api.ts) and the zod schemas
 * (shared/schemas/open-data.ts) with zod's own z.toJSONSchema: nothing in it is written by hand but the
 * prose. OpenAPI 3.1's schemas are JSON Schema 2020-12, zod's default target.
 */

type JsonSchema = Record<string, unknown>;

/** A component or parameter schema without the standalone document's own keys. */
function bare(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

const refTo = (id: string) => ({ $ref: `#/components/schemas/${id}` });

function componentSchemas(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(openDataRegistry, {
    uri: (id) => `#/components/schemas/${id}`,
    io: 'output',
  });
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, bare(schema as JsonSchema)]));
}

function schemaOf(schema: z.ZodType): JsonSchema {
  const id = openDataRegistry.get(schema)?.id;
  return id ? refTo(id) : bare(z.toJSONSchema(schema, { io: 'output' }) as JsonSchema);
}

function parameters(route: ApiRoute) {
  const from = (where: 'path' | 'query', shape: Record<string, z.ZodType> | undefined) =>
    Object.entries(shape ?? {}).map(([name, schema]) => {
      const json = bare(z.toJSONSchema(schema, { io: 'input' }) as JsonSchema);
      const { description, ...rest } = json;
      return {
        name,
        in: where,
        required: where === 'path' || !schema.isOptional(),
        ...(description ? { description } : {}),
        schema: rest,
      };
    });
  return [...from('path', route.params?.shape), ...from('query', route.query?.shape)];
}

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: refTo('Error') } },
});

const CACHE_HEADERS = {
  ETag: {
    description: 'Send it back as If-None-Match: 304 while nothing changed',
    schema: { type: 'string' },
  },
  'Cache-Control': { schema: { type: 'string' } },
};

function operation(route: ApiRoute) {
  return {
    operationId: route.operationId,
    summary: route.summary,
    parameters: parameters(route),
    responses: {
      '200': {
        description: 'OK',
        headers: CACHE_HEADERS,
        content: { 'application/json': { schema: schemaOf(route.response) } },
      },
      '304': { description: 'Not modified (If-None-Match matched the ETag)' },
      '400': errorAnswer('A parameter is not valid (the message is in the Accept-Language asked for)'),
      ...(route.params ? { '404': errorAnswer('No such id, or its results are not public yet') } : {}),
      '429': errorAnswer('Too many requests from this address: wait Retry-After seconds'),
    },
  };
}

/** The dataset files: not JSON answers but downloads, documented by name and format. */
const datasetOperation = {
  operationId: 'dataset',
  summary: 'A whole dataset as one file (JSON or CSV: UTF-8 with a byte-order mark)',
  parameters: [
    {
      name: 'file',
      in: 'path',
      required: true,
      description: 'The dataset and its format, e.g. parliament.csv',
      schema: {
        type: 'string',
        enum: DATASET_NAMES.flatMap((name) => DATASET_FORMATS.map((format) => `${name}.${format}`)),
      },
    },
  ],
  responses: {
    '200': {
      description: 'The dataset',
      headers: CACHE_HEADERS,
      content: {
        'application/json': { schema: { type: 'object' } },
        'text/csv': { schema: { type: 'string' } },
      },
    },
    '304': { description: 'Not modified' },
    '404': errorAnswer('No dataset by that name'),
    '429': errorAnswer('Too many requests from this address'),
  },
};

export function openApiDocument(origin: string) {
  // Named so it lands in the registry before the components are listed.
  void errorSchema;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Codka open data API',
      version: '1.0.0',
      description:
        "Somalia's federal parliament, member states, registration centers and public election and poll results. Read only, no key; pages by cursor.",
      license: { name: CC_BY.name, url: CC_BY.url },
    },
    servers: [{ url: origin }],
    paths: {
      ...Object.fromEntries(API_ROUTES.map((route) => [route.path, { get: operation(route) }])),
      '/api/v1/datasets/{file}': { get: datasetOperation },
    },
    components: { schemas: componentSchemas() },
  };
}
export type OpenApiDocument = ReturnType<typeof openApiDocument>;
