import { TRPCClientError } from '@trpc/client';

export const UNEXPECTED_ERROR = 'An unexpected error occurred.';

/** True when the request never reached the server (offline, DNS, connection reset). */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TRPCClientError) {
    const cause = error.cause;
    return (
      !error.data &&
      (cause instanceof TypeError || /Failed to fetch|NetworkError|Load failed/i.test(error.message))
    );
  }
  return error instanceof TypeError && /fetch|network/i.test(error.message);
}

/** The server's sentence for an expected error, or a fallback for anything else. */
export function serverMessage(error: unknown, fallback = UNEXPECTED_ERROR): string {
  if (error instanceof TRPCClientError && error.data) return error.message || fallback;
  return fallback;
}
