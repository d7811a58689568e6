import type { BilingualText } from '@shared/bilingual';
import type { ErrorCode, ErrorKind, MessageParams } from '@shared/errors';
import type { MessageLanguage } from '@shared/i18n/error-messages';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import type { FastifyReply } from 'fastify';
import type { DomainError } from './domain-error';
import { errorText } from './texts';

/**
 * The one mapping from a domain error to an answer: its kind decides the tRPC code (and so the status of a
 * tRPC answer) and the HTTP status of a plain Fastify route. Nothing here loads tRPC (the HTTP hooks in
 * auth/ use it too); server/trpc/errors.ts makes the TRPCError from `trpcCode`. The two differ only for step-up: tRPC has no
 * 428, so a procedure answers PRECONDITION_FAILED with `data.stepUpRequired`, a plain route 428.
 */
const KINDS: Record<ErrorKind, { trpc: TRPC_ERROR_CODE_KEY; status: number }> = {
  badRequest: { trpc: 'BAD_REQUEST', status: 400 },
  unauthorized: { trpc: 'UNAUTHORIZED', status: 401 },
  forbidden: { trpc: 'FORBIDDEN', status: 403 },
  notFound: { trpc: 'NOT_FOUND', status: 404 },
  conflict: { trpc: 'CONFLICT', status: 409 },
  preconditionFailed: { trpc: 'PRECONDITION_FAILED', status: 412 },
  stepUpRequired: { trpc: 'PRECONDITION_FAILED', status: 428 },
  payloadTooLarge: { trpc: 'PAYLOAD_TOO_LARGE', status: 413 },
  // Both come from Node's parser before any procedure runs; tRPC has no 431, its nearest code stands in.
  headersTooLarge: { trpc: 'PAYLOAD_TOO_LARGE', status: 431 },
  requestTimeout: { trpc: 'TIMEOUT', status: 408 },
  unsupportedMediaType: { trpc: 'UNSUPPORTED_MEDIA_TYPE', status: 415 },
  methodNotSupported: { trpc: 'METHOD_NOT_SUPPORTED', status: 405 },
  rangeNotSatisfiable: { trpc: 'BAD_REQUEST', status: 416 },
  tooManyRequests: { trpc: 'TOO_MANY_REQUESTS', status: 429 },
  unexpected: { trpc: 'INTERNAL_SERVER_ERROR', status: 500 },
};

/** The name a plain route's JSON error carries in `error.code`, by status (the tRPC names, plus 428 and 431). */
const STATUS_NAMES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  408: 'TIMEOUT',
  409: 'CONFLICT',
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  428: 'PRECONDITION_REQUIRED',
  429: 'TOO_MANY_REQUESTS',
  431: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
};

/** The tRPC code of a domain error's kind (server/trpc/errors.ts builds the TRPCError from it). */
export const trpcCode = (error: DomainError): TRPC_ERROR_CODE_KEY => KINDS[error.kind].trpc;

export interface JsonErrorBody {
  error: {
    code: string;
    message: string;
    errorCode?: ErrorCode;
    params?: MessageParams;
    stepUpRequired?: true;
    twoFactorSetupRequired?: true;
    /** The sentence in both languages, where the request's own language is not known (bilingualErrorBody). */
    messageText?: BilingualText;
  };
}

/** The JSON body of a plain route's error, in the reader's language, with the code and parts to translate. */
export function jsonErrorBody(error: DomainError, language: MessageLanguage): JsonErrorBody {
  const status = httpStatus(error);
  return {
    error: {
      code: STATUS_NAMES[status] ?? 'INTERNAL_SERVER_ERROR',
      message: errorText(error, language),
      errorCode: error.code,
      params: error.params,
      ...(error.kind === 'stepUpRequired' ? { stepUpRequired: true as const } : {}),
      ...(error.code === 'twoFactor.setupRequired' ? { twoFactorSetupRequired: true as const } : {}),
    },
  };
}

/**
 * The body of a refusal made before the request could be read, so without the language it asks for: `message`
 * in English, as every JSON error, and `messageText` with the sentence in both languages for the reader's side
 * to pick (docs/decisions/021-bilingual-content.md).
 */
export function bilingualErrorBody(error: DomainError): JsonErrorBody {
  const body = jsonErrorBody(error, 'en');
  return { error: { ...body.error, messageText: { en: body.error.message, so: errorText(error, 'so') } } };
}

/** A plain route's status for a domain error. */
export const httpStatus = (error: DomainError): number => KINDS[error.kind].status;

/** A body for an answer that is not a domain error (Fastify's own refusals), in the same shape. */
export function plainErrorBody(status: number, message: string): JsonErrorBody {
  return { error: { code: STATUS_NAMES[status] ?? 'INTERNAL_SERVER_ERROR', message } };
}

/**
 * Answers a plain route's request with a domain error. The body is English; the app's preSerialization hook
 * (server/http/errors.ts) says it in the language the request asks for, from `errorCode` and `params`.
 */
export function sendDomainError(reply: FastifyReply, error: DomainError): FastifyReply {
  return reply.code(httpStatus(error)).send(jsonErrorBody(error, 'en'));
}
