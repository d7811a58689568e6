import { fixElectionRecord } from '@server/services/election-record/record';
import { API_ROUTES } from '@server/services/open-data/api';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app';
import { openDataWorld } from '../../helpers/open-data-factories';

type Json = Record<string, unknown>;
interface Operation {
  operationId: string;
  parameters: Array<{ name: string; in: string; required: boolean; schema: Json }>;
  responses: Record<string, { description: string; content?: Record<string, { schema: Json }> }>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string; license: { name: string } };
  servers: Array<{ url: string }>;
  paths: Record<string, { get: Operation }>;
  components: { schemas: Record<string, Json> };
}

let test: TestApp;
let world: ReturnType<typeof openDataWorld>;
let document: Document;
let ajv: Ajv2020;
beforeAll(async () => {
  test = await buildTestApp();
  world = openDataWorld(test.db);
  // The closed election's record, fixed as its close would (the factory writes the election closed directly).
  await fixElectionRecord(test.db, world.publicElection.id);
  document = (await test.app.inject({ url: '/api/v1/openapi.json' })).json();
  // Compiling every component checks it against JSON Schema 2020-12's meta-schema, OpenAPI 3.1's dialect.
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return () => test.app.close();
});

/** A response schema together with the document's components, so its $refs resolve as in the document. */
const validatorFor = (schema: Json) => ajv.compile({ ...schema, components: document.components });

/** Every $ref in the document, wherever it is. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === '$ref' ? [String(inner)] : refsIn(inner)));
}

describe('the OpenAPI document', () => {
  it('is an OpenAPI 3.1 document: info, servers, paths with operations and responses, components', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({
      title: expect.any(String),
      version: '1.0.0',
      license: { name: 'CC BY 4.0' },
    });
    expect(document.servers).toEqual([{ url: test.env.PUBLIC_ORIGIN }]);
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(document.paths)) {
      expect(path).toMatch(/^\/api\/v1\//);
      expect(Object.keys(item)).toEqual(['get']);
      const { operationId, parameters, responses } = item.get;
      expect(ids.has(operationId), operationId).toBe(false);
      ids.add(operationId);
      for (const name of path.match(/\{(\w+)\}/g) ?? []) {
        const parameter = parameters.find((p) => `{${p.name}}` === name);
        expect(parameter, `${path} ${name}`).toMatchObject({ in: 'path', required: true });
      }
      for (const parameter of parameters) expect(['path', 'query']).toContain(parameter.in);
      for (const [status, response] of Object.entries(responses)) {
        expect(status).toMatch(/^[1-5]\d\d$/);
        expect(response.description, `${path} ${status}`).toEqual(expect.any(String));
      }
      expect(responses['200']?.content).toBeDefined();
    }
  });

  it('names only schemas it defines, each a valid JSON Schema 2020-12', () => {
    for (const ref of refsIn(document)) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(document.components.schemas[ref.replace('#/components/schemas/', '')], ref).toBeDefined();
    }
    for (const [id, schema] of Object.entries(document.components.schemas)) {
      expect(ajv.validateSchema(schema), id).toBe(true);
    }
    expect(() => validatorFor({ $ref: '#/components/schemas/ElectionResults' })).not.toThrow();
  });

  it('documents every route the API serves, from the same table', () => {
    for (const route of API_ROUTES) {
      expect(document.paths[route.path]?.get.operationId).toBe(route.operationId);
    }
    expect(Object.keys(document.paths)).toHaveLength(API_ROUTES.length + 1);
  });

  it("matches every route's real answer, and the errors' shape", async () => {
    const urls = API_ROUTES.map((route) =>
      route.path
        .replace('/elections/{id}', `/elections/${world.publicElection.id}`)
        .replace('/polls/{id}', `/polls/${world.closedPoll.id}`),
    );
    for (const [index, url] of urls.entries()) {
      const route = API_ROUTES[index];
      const answer = await test.app.inject({ url });
      expect(answer.statusCode, url).toBe(200);
      const schema =
        document.paths[route?.path ?? '']?.get.responses['200']?.content?.['application/json']?.schema;
      const validate = validatorFor(schema ?? {});
      expect(validate(answer.json()), `${url}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    // A page of one item still matches, and so does a refusal.
    const paged = await test.app.inject({ url: '/api/v1/members?limit=1' });
    expect(validatorFor({ $ref: '#/components/schemas/MembersPage' })(paged.json())).toBe(true);
    const refusal = await test.app.inject({
      url: '/api/v1/members?limit=0',
      headers: { 'accept-language': 'so' },
    });
    expect(validatorFor({ $ref: '#/components/schemas/Error' })(refusal.json())).toBe(true);
  });

  it('describes the parameters a reader may send', () => {
    const members = document.paths['/api/v1/members']?.get.parameters ?? [];
    expect(members.map((p) => [p.name, p.in, p.required])).toEqual([
      ['cursor', 'query', false],
      ['limit', 'query', false],
    ]);
    expect(members[1]?.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 500, default: 100 });
  });
});
