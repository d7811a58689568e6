import { DomainError } from '../errors/domain-error';

/**
 * The most common passwords of public breach corpora, as zxcvbn-ts keeps them (about 49,000; decision 019).
 * Compared without case: "Password1" is guessed as soon as "password1" is. The package is loaded and the set built
 * on the first check (about 70 ms), not at start: it costs about 20 MB, which a server that nobody signs up on
 * never pays. It lives on the server only: the client bundle never carries it.
 */
let common: Promise<Set<string>> | null = null;

function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase())),
  );
  return common;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}

/** Every way of choosing a password (sign-up, reset, change, the first admin) refuses a common one. */
export async function refuseCommonPassword(password: string): Promise<void> {
  if (await isCommonPassword(password)) throw new DomainError('password.tooCommon');
}
