import { setImmediate as nextTurn } from 'node:timers/promises';
import { publicCredential } from '@shared/belenios';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { derivedCredential } from '../../belenios/credential-source';
import type { Db } from '../../db/client';
import { credentialPreparations, eligibilityChanges } from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import { applyPlan, derivedInWorkers, planFor } from './credential-plan';
import type { VerifiableElection } from './election';
import { verifiableElection } from './election';
import {
  dropPreparation,
  lastChange,
  needsCredentials,
  PREPARATION_PAGE,
  type PreparationState,
  preparationOf,
  preparationState,
  ruleOf,
  runPreparation,
  startCredentialPreparation,
} from './preparation';

/**
 * The opening's side of the credentials the preparation job made: refused until they are ready, then brought up
 * to date with the accounts whose eligibility changed since (eligibility_changes), before the opening's
 * transaction in the workers and inside it for its last moments only.
 */

/** The accounts whose eligibility may have changed since `after`, in pages. */
function changedSince(db: Pick<Db, 'selectDistinct'>, after: number, upTo: number): string[] {
  return db
    .selectDistinct({ userId: eligibilityChanges.userId })
    .from(eligibilityChanges)
    .where(and(gt(eligibilityChanges.seq, after), lte(eligibilityChanges.seq, upTo)))
    .all()
    .map((r) => r.userId);
}

/**
 * Refuses an opening whose credentials are not ready, with what the admin can do: wait (how far it is), or wait
 * for it to start again (it failed, or who may vote was changed since: started again at once with `restart`,
 * else once the transaction the refusal rolls back is over).
 */
function readyPreparation(db: Db, election: VerifiableElection, restart: boolean) {
  const row = preparationOf(db, election.id);
  if (row?.status === 'ready' && row.rule === ruleOf(election)) return row;
  if (row?.status === 'preparing' && row.rule === ruleOf(election)) {
    // A job stopped with its server goes on (the server's start resumes it too).
    if (restart) void runPreparation(db, election.id);
    const state = preparationState(db, election.id) as PreparationState;
    throw new DomainError('verifiable.credentialsPreparing', { checked: state.checked, total: state.total });
  }
  // Inside the opening's transaction, which the refusal rolls back, it starts once that is done.
  if (restart) startCredentialPreparation(db, election.id);
  else
    setImmediate(() => {
      try {
        startCredentialPreparation(db, election.id);
      } catch {
        // The draft changed again meanwhile (or the server is closing): the next confirm starts it.
      }
    });
  if (row?.status === 'failed') throw new DomainError('verifiable.credentialsFailed');
  if (row) throw new DomainError('verifiable.credentialsRestarted');
  // A waiting request without a preparation: begun now.
  const begun = preparationOf(db, election.id);
  throw new DomainError('verifiable.credentialsPreparing', { checked: 0, total: begun?.total ?? 0 });
}

/**
 * Before an opening's transaction: the accounts whose eligibility changed since the credentials were made are
 * looked at again, their credentials made in the workers and written in short transactions, so that the
 * opening's transaction has at most the changes of its last moments to look at.
 */
export async function catchUpCredentials(db: Db, electionId: string): Promise<void> {
  const election = verifiableElection(db, electionId);
  if (!needsCredentials(election)) return;
  const row = readyPreparation(db, election, true);
  const upTo = lastChange(db);
  const changed = changedSince(db, row.watermark, upTo);
  for (let i = 0; i < changed.length; i += PREPARATION_PAGE) {
    const part = changed.slice(i, i + PREPARATION_PAGE);
    const plan = planFor(db, election, part);
    const added = await derivedInWorkers(db, election.uuid, plan.add);
    db.transaction((tx) => {
      const now = preparationOf(tx, electionId);
      if (now?.status !== 'ready' || now.watermark !== row.watermark) return;
      // Planned again here: what changed while the workers ran is caught by the opening's own look.
      if (applyPlan(tx, electionId, added, planFor(tx, election, part).remove) > 0)
        tx.update(credentialPreparations)
          .set({ version: sql`${credentialPreparations.version} + 1` })
          .where(eq(credentialPreparations.electionId, electionId))
          .run();
    });
    await nextTurn();
  }
  db.update(credentialPreparations)
    .set({ watermark: upTo, updatedAt: new Date() })
    .where(
      and(
        eq(credentialPreparations.electionId, electionId),
        eq(credentialPreparations.watermark, row.watermark),
      ),
    )
    .run();
}

/** The count of writes to the election's credentials so far (see credentialPreparations.version). */
export function preparationVersion(db: Pick<Db, 'select'>, electionId: string): number | undefined {
  return preparationOf(db, electionId)?.version;
}

/**
 * In the opening's transaction: the credentials are brought up to date with the accounts changed since the last
 * look (a few: catchUpCredentials ran just before), their credentials computed on this thread, and the
 * preparation is done with. Answers whether that changed any credential, and the version they had before.
 */
export function settleCredentials(
  db: Db,
  election: VerifiableElection,
): { changed: boolean; version: number } {
  const row = readyPreparation(db, election, false);
  const changed = changedSince(db, row.watermark, lastChange(db));
  // More than a page changed in the moments since the catch-up (a district moved to another region): their
  // credentials are made in the workers by the next confirm's catch-up, not on this thread in the transaction.
  if (changed.length > PREPARATION_PAGE) throw new DomainError('verifiable.credentialsChanging');
  const plan = planFor(db, election, changed);
  const added = plan.add.map((userId) => ({
    userId,
    credential: publicCredential(election.uuid, derivedCredential(db, election.uuid, userId)),
  }));
  const changes = applyPlan(db, election.id, added, plan.remove);
  dropPreparation(db, election.id);
  return { changed: changes > 0, version: row.version };
}
