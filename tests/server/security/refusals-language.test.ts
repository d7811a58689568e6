import { messageText } from '@server/errors/texts';
import type { ErrorCode } from '@shared/errors';
import type { MessageLanguage } from '@shared/i18n/error-messages';
import { describe, expect, it } from 'vitest';
import { buildTestApp, sameOrigin } from '../../helpers/app';
import { errorMessage } from '../../helpers/security/http';

/**
 * Attack (an outside scan with `Accept-Language: so`): the refusals made before any of our code reads a request
 * (Fastify's, its plugins', tRPC's own) answered in their English ("Unsupported Media Type", "No procedure found
 * on path", "Range Not Satisfiable" labelled INTERNAL_SERVER_ERROR). Each is said with the catalogue's sentence
 * for what happened, in the reader's language, under its own status's name.
 */
interface Refusal {
  what: string;
  method: 'GET' | 'POST' | 'TRACE' | 'PUT' | 'OPTIONS' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  payload?: string;
  status: number;
  code: string;
  sentence: ErrorCode;
}

const REFUSALS: Refusal[] = [
  {
    what: 'a form post to tRPC',
    method: 'POST',
    url: '/trpc/auth.signOut',
    headers: { ...sameOrigin, 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'a=1',
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    sentence: 'request.notJson',
  },
  {
    what: 'bytes of no known type',
    method: 'POST',
    url: '/trpc/auth.signOut',
    headers: { ...sameOrigin, 'content-type': 'application/octet-stream' },
    payload: 'a=1',
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    sentence: 'request.notJson',
  },
  {
    what: 'a text body to tRPC',
    method: 'POST',
    url: '/trpc/auth.signOut',
    headers: { ...sameOrigin, 'content-type': 'text/plain' },
    payload: '{}',
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    sentence: 'request.notJson',
  },
  ...(['PUT', 'OPTIONS', 'DELETE'] as const).map((method) => ({
    what: `${method} to tRPC`,
    method,
    url: '/trpc/auth.signOut',
    headers: { ...sameOrigin, 'content-type': 'application/json' },
    payload: '{}',
    status: 405,
    code: 'METHOD_NOT_SUPPORTED',
    sentence: 'request.wrongMethod' as const,
  })),
  {
    what: 'an unknown API address',
    method: 'GET',
    url: '/api/v1/nope',
    status: 404,
    code: 'NOT_FOUND',
    sentence: 'request.noSuchAddress',
  },
  {
    what: 'a post to an address that takes none',
    method: 'POST',
    url: '/api/v1/elections',
    headers: { ...sameOrigin, 'content-type': 'application/json' },
    payload: '{}',
    status: 404,
    code: 'NOT_FOUND',
    sentence: 'request.noSuchAddress',
  },
  {
    what: 'an unknown procedure',
    method: 'GET',
    url: '/trpc/no.such.procedure',
    status: 404,
    code: 'NOT_FOUND',
    sentence: 'request.noSuchAddress',
  },
  {
    what: 'a query sent as a post',
    method: 'POST',
    url: '/trpc/elections.active',
    headers: { ...sameOrigin, 'content-type': 'application/json' },
    payload: '{}',
    status: 405,
    code: 'METHOD_NOT_SUPPORTED',
    sentence: 'request.wrongMethod',
  },
  {
    what: 'a method tRPC cannot take',
    method: 'TRACE',
    url: '/trpc/elections.active',
    headers: sameOrigin,
    status: 405,
    code: 'METHOD_NOT_SUPPORTED',
    sentence: 'request.wrongMethod',
  },
  {
    what: 'a byte range outside a file',
    method: 'GET',
    url: '/assets/app-abc123.js',
    headers: { range: 'bytes=5000-6000' },
    status: 416,
    code: 'RANGE_NOT_SATISFIABLE',
    sentence: 'request.badRange',
  },
  {
    what: 'a stored upload by a forbidden path',
    method: 'GET',
    url: '/uploads/%00',
    status: 403,
    code: 'FORBIDDEN',
    sentence: 'request.notAllowed',
  },
  {
    what: 'a route data address',
    method: 'GET',
    url: '/senators.data',
    status: 404,
    code: 'NOT_FOUND',
    sentence: 'request.noSuchAddress',
  },
];

describe('refusals made before our code reads the request', () => {
  it.each(REFUSALS)('$what: $status with the catalogue’s sentence in both languages', async (refusal) => {
    const { app } = await buildTestApp();
    for (const language of ['en', 'so'] as MessageLanguage[]) {
      const response = await app.inject({
        method: refusal.method,
        url: refusal.url,
        headers: { ...refusal.headers, 'accept-language': language },
        payload: refusal.payload,
      });
      const what = `${refusal.what} (${language}): ${response.body.slice(0, 300)}`;
      expect(response.statusCode, what).toBe(refusal.status);
      expect(errorMessage(response.body), what).toBe(messageText({ key: refusal.sentence }, language));
      const body = JSON.parse(response.body) as {
        error: { code?: string; json?: { data?: { code?: string } } };
      };
      expect(body.error.code ?? body.error.json?.data?.code, what).toBe(refusal.code);
    }
  });
});
