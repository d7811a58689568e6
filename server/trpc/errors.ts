import type { ErrorCode, MessageRef } from '@shared/errors';
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { DomainError } from '../errors/domain-error';
import { trpcCode } from '../errors/mapping';
import { errorText, isMessageKey, messageText, validationMessage } from '../errors/texts';

/** English answers, for tests and logs (the client is sent them in its own language). */
export const UNEXPECTED_ERROR_MESSAGE = messageText({ key: 'request.unexpected' });
export const MALFORMED_REQUEST_MESSAGE = messageText({ key: 'request.malformed' });
export const UNSUPPORTED_CONTENT_TYPE_MESSAGE = messageText({ key: 'request.notJson' });

/** Codes that describe the caller's mistake; everything else is logged as a server error. */
export const EXPECTED_ERROR_CODES = new Set([
  'BAD_REQUEST',
  'PARSE_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_SUPPORTED',
  'CONFLICT',
  'PRECONDITION_FAILED',
  'PAYLOAD_TOO_LARGE',
  'UNPROCESSABLE_CONTENT',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
]);

/**
 * The message a client may see, as a key and its parts: a domain error's own, the first validation
 * message for bad input, and a generic sentence for anything unexpected (details go to the log).
 */
export function publicMessageRef(error: TRPCError): MessageRef {
  if (error.cause instanceof DomainError) return { key: error.cause.code, params: error.cause.params };
  if (error.cause instanceof ZodError) return validationMessage(error.cause.issues[0]);
  if (error.code === 'BAD_REQUEST' && /^\s*[[{]/.test(error.message))
    return { key: 'validation.invalidInput' };
  // tRPC passes on the parser's own words for input it cannot read (broken JSON, a forged superjson
  // envelope, "Maximum call stack size exceeded"); services never attach a cause to their sentences.
  if (error.code === 'BAD_REQUEST' && error.cause instanceof Error) return { key: 'request.malformed' };
  if (error.code === 'UNSUPPORTED_MEDIA_TYPE') return { key: 'request.notJson' };
  if (!EXPECTED_ERROR_CODES.has(error.code)) return { key: 'request.unexpected' };
  if (isMessageKey(error.message)) return { key: error.message };
  return { key: TRPC_OWN_REFUSALS[error.code] ?? 'request.malformed' };
}

/**
 * tRPC's own refusals, in its English ("No procedure found on path", "Unsupported POST-request to query
 * procedure", "Batch call exceeds maximum size", "Cannot mix procedure types in call"), said with the
 * catalogue's sentence for their code instead.
 */
const TRPC_OWN_REFUSALS: Partial<Record<TRPCError['code'], ErrorCode>> = {
  NOT_FOUND: 'request.noSuchAddress',
  METHOD_NOT_SUPPORTED: 'request.wrongMethod',
  PAYLOAD_TOO_LARGE: 'request.tooLarge',
};

/** The English sentence a client is sent for this error (what tests and external checks read). */
export function publicMessage(error: TRPCError): string {
  return messageText(publicMessageRef(error));
}

/** A domain error as tRPC's: the kind's code, the English sentence, and the domain error as its cause. */
export function toTRPCError(error: DomainError): TRPCError {
  return new TRPCError({ code: trpcCode(error), message: errorText(error, 'en'), cause: error });
}

/** What the tRPC error formatter adds to `data`: the code and parts a client translates itself. */
export function errorData(error: DomainError) {
  return {
    errorCode: error.code,
    params: error.params,
    // Lets the client tell "confirm your password" apart from other PRECONDITION_FAILED answers.
    stepUpRequired: error.kind === 'stepUpRequired' ? true : undefined,
    // Lets a staff console show the authenticator setup instead of its tools.
    twoFactorSetupRequired: error.code === 'twoFactor.setupRequired' ? true : undefined,
  };
}
