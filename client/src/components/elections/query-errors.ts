import { TRPCClientError } from '@trpc/client';

/** The tRPC error code of a failed call ("NOT_FOUND", "BAD_REQUEST", ...), or null for a network failure. */
export function errorCode(error: unknown): string | null {
  if (!(error instanceof TRPCClientError)) return null;
  const code = (error.data as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : null;
}

/** An id that is no published election: unknown, a draft (for non-admins), or not an id at all. */
export function isMissingElection(error: unknown): boolean {
  return isMissingCode(errorCode(error));
}

/** The codes that mean "no such published election or poll" (a malformed id names nothing either). */
export const isMissingCode = (code: string | null): boolean => code === 'NOT_FOUND' || code === 'BAD_REQUEST';
