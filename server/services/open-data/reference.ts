import type { OpenApiDocument } from './openapi';

/**
 * The /open-data page's API reference, read from the OpenAPI document itself (never a second list): each
 * route with its parameters and the fields of what it answers (a page's items, or the object).
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
};

export interface ReferenceField {
  name: string;
  type: string;
  description: string | null;
}

export interface ReferenceRoute {
  path: string;
  /** The operation's id: the page's key for its summary in each language. */
  operationId: string;
  summary: string;
  parameters: Array<ReferenceField & { in: string; required: boolean }>;
  /** True when the answer is a page: { items, next, total, lastChanged, licence } around the fields. */
  paged: boolean;
  fields: ReferenceField[];
}

function resolve(document: OpenApiDocument, schema: Schema | undefined): Schema {
  if (!schema?.$ref) return schema ?? {};
  const id = schema.$ref.replace('#/components/schemas/', '');
  return (document.components.schemas[id] as Schema | undefined) ?? {};
}

/** "string", "integer | null", "array of CandidateResult", "presidential | parliamentary | senate". */
function typeName(document: OpenApiDocument, schema: Schema): string {
  if (schema.$ref) return schema.$ref.replace('#/components/schemas/', '');
  if (schema.enum) return schema.enum.map(String).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.anyOf) return schema.anyOf.map((part) => typeName(document, part)).join(' | ');
  if (schema.type === 'array') return `array of ${typeName(document, schema.items ?? {})}`;
  return Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
}

function fieldsOf(document: OpenApiDocument, schema: Schema): ReferenceField[] {
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    type: typeName(document, property),
    description: property.description ?? null,
  }));
}

interface Operation {
  operationId: string;
  summary: string;
  parameters: Array<{ name: string; in: string; required: boolean; description?: string; schema: Schema }>;
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

export function apiReference(document: OpenApiDocument): ReferenceRoute[] {
  return Object.entries(document.paths).map(([path, item]) => {
    const operation = (item as { get: Operation }).get;
    const answer = resolve(document, operation.responses['200']?.content?.['application/json']?.schema);
    const paged = answer.properties?.items !== undefined && answer.properties.next !== undefined;
    const shown = paged ? resolve(document, answer.properties?.items?.items) : answer;
    return {
      path,
      operationId: operation.operationId,
      summary: operation.summary,
      parameters: operation.parameters.map((parameter) => ({
        name: parameter.name,
        in: parameter.in,
        required: parameter.required,
        type: typeName(document, parameter.schema),
        description: parameter.description ?? null,
      })),
      paged,
      fields: fieldsOf(document, shown),
    };
  });
}
