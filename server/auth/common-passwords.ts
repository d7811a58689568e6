import { dictionary } from '@zxcvbn-ts/language-common';
import { DomainError } from '../errors/domain-error';

/**
 * The most common passwords of public breach corpora, as zxcvbn-ts keeps them (about 49,000; decision 019).
 * Compared without case: "Password1" is guessed as soon as "password1" is. The set is built on the first
 * check (about 50 ms, a few MB), not at start, and lives on the server only: the client bundle never carries it.
 */
let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}

/** Every way of choosing a password (sign-up, reset, change, the first admin) refuses a common one. */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new DomainError('password.tooCommon');
}
