import { isErrorCode } from '@shared/errors';
import { languageFromHeader } from '@shared/i18n/error-messages';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { DomainError } from '../errors/domain-error';
import { type JsonErrorBody, jsonErrorBody, plainErrorBody, sendDomainError } from '../errors/mapping';

const isJsonError = (payload: unknown): payload is JsonErrorBody =>
  typeof payload === 'object' &&
  payload !== null &&
  'error' in payload &&
  typeof (payload as JsonErrorBody).error?.message === 'string';

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
    if (status === 413) return sendDomainError(reply, new DomainError('request.tooLarge'));
    if (status === 400) return sendDomainError(reply, new DomainError('request.malformed'));
    return reply.code(status).send(plainErrorBody(status, error.message));
  });
}

/** Fastify's own refusals before routing (a URL that does not decode), in the same JSON shape. */
export function malformedUrl(_error: FastifyError, _request: unknown, reply: FastifyReply): void {
  void sendDomainError(reply, new DomainError('request.malformed'));
}

/** A plain error answer that is no domain error (an unknown route, a method tRPC does not take). */
export function jsonError(status: number, message: string): JsonErrorBody {
  return plainErrorBody(status, message);
}
