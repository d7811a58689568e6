import type { MessageParams } from '@shared/errors';
import { TRPCClientError } from '@trpc/client';
import { i18n } from '../i18n';
import { errorCodeText } from '../i18n/error-texts';

/** The generic sentence, in the reader's language. */
export const unexpectedError = (): string => i18n.t('errors.unexpected');

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

/**
 * True when the call did not reach the server: a network failure, or the service worker's per-call
 * "offline" answer (client/public/sw.js marks it `offline: true`).
 */
export function isOffline(error: unknown): boolean {
  if (isNetworkFailure(error)) return true;
  return (
    error instanceof TRPCClientError && (error.data as { offline?: unknown } | undefined)?.offline === true
  );
}

/** The domain error code the server gave (`poll.monthTaken`...), or null for any other failure. */
export function appErrorCode(error: unknown): string | null {
  if (!(error instanceof TRPCClientError) || !error.data) return null;
  const { errorCode } = error.data as { errorCode?: unknown };
  return typeof errorCode === 'string' ? errorCode : null;
}

/**
 * The server's sentence in the reader's language: said here from the error's code and parts when it has
 * them (the reader may have switched language since), else the server's own sentence, else `fallback`.
 */
export function serverMessage(error: unknown, fallback = unexpectedError()): string {
  if (!(error instanceof TRPCClientError) || !error.data) return fallback;
  const code = appErrorCode(error);
  if (code) return errorCodeText(code, (error.data as { params?: MessageParams }).params);
  return error.message || fallback;
}
