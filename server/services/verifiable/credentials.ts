import { parsePublicCredentials } from '@shared/belenios';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { electionCredentials, verifiableElections } from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import { recordAudit } from '../audit';
import { requireDraft, verifiableElection } from './election';

/** The longest public credentials file taken: 617 digits and a comma per voter, for 100,000 voters. */
export const MAX_PUBLIC_CREDENTIALS_CHARS = 64 * 1024 * 1024;

/**
 * admin.elections.verifiable.setPublicCredentials: an outside credential authority's list, as
 * `belenios-tool setup generate-credentials` writes it (its .pubcreds file). Codka never sees the private
 * ones; the voters type theirs. Replaces any list given before, while the election is a draft. Reading the
 * list checks only that each is a number below p; group membership is checked on each ballot's credential.
 */
export function setPublicCredentials(
  db: Db,
  input: { electionId: string; publicCredentials: string },
  actorId: string,
) {
  let credentials: string[];
  try {
    credentials = [...parsePublicCredentials(input.publicCredentials).keys()];
  } catch {
    throw new DomainError('verifiable.credentialsInvalid');
  }
  if (credentials.length === 0) throw new DomainError('verifiable.credentialsInvalid');
  return db.transaction((tx) => {
    requireDraft(verifiableElection(tx, input.electionId));
    tx.delete(electionCredentials).where(eq(electionCredentials.electionId, input.electionId)).run();
    for (let i = 0; i < credentials.length; i += 500) {
      tx.insert(electionCredentials)
        .values(
          credentials.slice(i, i + 500).map((credential) => ({ electionId: input.electionId, credential })),
        )
        .run();
    }
    tx.update(verifiableElections)
      .set({ credentialAuthority: 'external' })
      .where(eq(verifiableElections.electionId, input.electionId))
      .run();
    recordAudit(tx, {
      action: 'update',
      tableName: 'verifiable_elections',
      recordId: input.electionId,
      newValues: { credentialAuthority: 'external', publicCredentials: credentials.length },
      actorId,
    });
    return { count: credentials.length };
  });
}
