import { credentialFromBytes } from '@shared/belenios';
import type { Db } from '../db/client';
import { keyedBytes } from '../db/keys';

/**
 * Codka as credential authority: a voter's private Belenios credential is derived from a key in the key file
 * (as enrollment codes are), never stored, so neither the database nor a backup holds one. The same voter in
 * the same election always gets the same credential; without the key file nobody can make it again. Its form
 * (digits and checksum) is the core's (shared/belenios/credential.ts); only the bytes are keyed instead of random.
 */
export function derivedCredential(db: Db, beleniosUuid: string, userId: string): string {
  return credentialFromBytes((round) =>
    keyedBytes(db, 'belenios-credential-source', `${beleniosUuid}:${userId}:${round}`),
  );
}
