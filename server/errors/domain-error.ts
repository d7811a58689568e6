import { ERROR_CATALOGUE, type ErrorCode, type ErrorKind, type MessageParams } from '@shared/errors';
import { messageText } from './texts';

/**
 * What services, auth checks, jobs and routes throw when a request cannot be done: a code from the one
 * catalogue (shared/errors.ts) and the parts of its sentence. It knows nothing of tRPC or HTTP; the mapping
 * in server/errors/mapping.ts turns it into either answer. `message` is the English sentence (logs, tests).
 */
export class DomainError extends Error {
  readonly kind: ErrorKind;

  constructor(
    readonly code: ErrorCode,
    readonly params: MessageParams = {},
  ) {
    super(messageText({ key: code, params }));
    this.name = 'DomainError';
    this.kind = ERROR_CATALOGUE[code];
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;
