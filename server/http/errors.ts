import { type ErrorCode, isErrorCode } from '@shared/errors';
import { languageFromHeader } from '@shared/i18n/error-messages';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { DomainError } from '../errors/domain-error';
import { type JsonErrorBody, jsonErrorBody, plainErrorBody, sendDomainError } from '../errors/mapping';

const isJsonError = (payload: unknown): payload is JsonErrorBody =>
  typeof payload === 'object' &&
  payload !== null &&
  'error' in payload &&
  typeof (payload as JsonErrorBody).error?.message === 'string';

/**
 * Fastify's and its plugins' own refusals (a body too large, a content type no parser takes, a byte range
 * outside a file, a path the static files refuse) are said with the catalogue's sentence for their status, in
 * the reader's language: their own words are English.
 */
const REFUSALS_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'request.malformed',
  403: 'request.notAllowed',
  404: 'request.noSuchAddress',
  405: 'request.wrongMethod',
  413: 'request.tooLarge',
  415: 'request.notJson',
  416: 'request.badRange',
};

/** Errors outside tRPC (bad JSON, oversized bodies, rate limits) answer JSON; 5xx hide their details. */
export function registerErrorHandler(app: FastifyInstance): void {
  // Every JSON error with a code (uploads, CSV export, refusals) goes out in the language the request asks for.
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (!isJsonError(payload) || !isErrorCode(payload.error.errorCode)) return payload;
    const language = languageFromHeader(request.headers['accept-language']);
    if (language === 'en') return payload;
    const error = new DomainError(payload.error.errorCode, payload.error.params);
    return { error: { ...payload.error, message: jsonErrorBody(error, language).error.message } };
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendDomainError(reply, new DomainError('request.unexpected'));
    }
    const sentence = REFUSALS_BY_STATUS[status];
    if (sentence) return sendDomainError(reply, new DomainError(sentence));
    return reply.code(status).send(plainErrorBody(status, error.message));
  });
}

/** Fastify's own refusals before routing (a URL that does not decode), in the same JSON shape. */
export function malformedUrl(_error: FastifyError, _request: unknown, reply: FastifyReply): void {
  void sendDomainError(reply, new DomainError('request.malformed'));
}
