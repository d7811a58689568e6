import type { OpenDataSource } from './collections';
import { openApiDocument } from './openapi';
import { apiReference, type ReferenceRoute } from './reference';
import { openDataOf } from './store';

// The document depends only on the configured origin: its reference is made once per origin.
const references = new Map<string, ReferenceRoute[]>();

/**
 * The /open-data page's data: every dataset (licence, formats with their sizes and addresses, last change)
 * and the API reference read from the OpenAPI document. The same for every reader (publicly cached).
 */
export function openDataCatalogue(source: OpenDataSource) {
  const origin = source.env.PUBLIC_ORIGIN;
  let api = references.get(origin);
  if (!api) {
    api = apiReference(openApiDocument(origin));
    references.set(origin, api);
  }
  return { datasets: openDataOf(source).catalogue(), api, openApiUrl: '/api/v1/openapi.json' };
}
