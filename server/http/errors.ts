import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { languageFromHeader, translateMessage } from '../../shared/i18n/messages';
import { UNEXPECTED_ERROR_MESSAGE } from '../trpc/errors';

const CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  428: 'PRECONDITION_REQUIRED',
  429: 'TOO_MANY_REQUESTS',
};

export function jsonError(status: number, message: string) {
  return { error: { code: CODES[status] ?? 'INTERNAL_SERVER_ERROR', message } };
}

type JsonError = ReturnType<typeof jsonError>;
const isJsonError = (payload: unknown): payload is JsonError =>
  typeof payload === 'object' &&
  payload !== null &&
  'error' in payload &&
  typeof (payload as JsonError).error?.message === 'string';

/** Errors outside tRPC (bad JSON, oversized bodies, rate limits) answer JSON; 5xx hide their details. */
export function registerErrorHandler(app: FastifyInstance): void {
  // Every JSON error (uploads, CSV export, refusals) goes out in the language the request asks for.
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (!isJsonError(payload)) return payload;
    const language = languageFromHeader(request.headers['accept-language']);
    if (language === 'en') return payload;
    return { error: { ...payload.error, message: translateMessage(payload.error.message, language) } };
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(jsonError(500, UNEXPECTED_ERROR_MESSAGE));
    }
    const message =
      status === 413
        ? 'The request is too large.'
        : status === 400
          ? 'The request is malformed.'
          : error.message;
    return reply.code(status).send(jsonError(status, message));
  });
}

/** Fastify's own refusals before routing (a URL that does not decode), in the same JSON shape. */
export function malformedUrl(_error: FastifyError, _request: unknown, reply: FastifyReply): void {
  void reply.code(400).send(jsonError(400, 'The request is malformed.'));
}
