import type { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';

export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred.';
export const MALFORMED_REQUEST_MESSAGE = 'The request is malformed.';
export const UNSUPPORTED_CONTENT_TYPE_MESSAGE = 'Send this request as JSON.';

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
 * The message a client may see: the first validation message for bad input, the service's own
 * sentence for expected errors, and a generic sentence for anything unexpected (details go to the log).
 */
export function publicMessage(error: TRPCError): string {
  if (error.cause instanceof ZodError) return error.cause.issues[0]?.message ?? 'Invalid input';
  if (error.code === 'BAD_REQUEST' && /^\s*[[{]/.test(error.message)) return 'Invalid input';
  // tRPC passes on the parser's own words for input it cannot read (broken JSON, a forged superjson
  // envelope, "Maximum call stack size exceeded"); services never attach a cause to their sentences.
  if (error.code === 'BAD_REQUEST' && error.cause instanceof Error) return MALFORMED_REQUEST_MESSAGE;
  if (error.code === 'UNSUPPORTED_MEDIA_TYPE') return UNSUPPORTED_CONTENT_TYPE_MESSAGE;
  if (!EXPECTED_ERROR_CODES.has(error.code)) return UNEXPECTED_ERROR_MESSAGE;
  return error.message;
}

/** True for SQLite's unique-constraint failure, which decides duplicates (accounts, votes). */
export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    (error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
  );
}
