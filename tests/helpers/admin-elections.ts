import { auditLogs } from '@server/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import { callerFor, type TestDeps } from './caller';
import { createAdmin, createUser } from './factories';
import { enrolledVoter } from './voter-roll-factories';

const HOUR = 3_600_000;
export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** A System Admin caller whose session stepped up (admin.elections writes need it). */
export async function adminCaller(deps: TestDeps) {
  const admin = await createAdmin(deps.db);
  return { admin, caller: callerFor(deps, admin, undefined, { steppedUp: true }).caller };
}

/** Open from an hour ago for a day. */
export const openWindow = () => ({
  startTime: new Date(Date.now() - HOUR),
  endTime: new Date(Date.now() + 24 * HOUR),
});

/** The audit rows of one record, oldest first. */
export function auditRows(deps: TestDeps, tableName: string, recordId: string) {
  return deps.db
    .select({ action: auditLogs.action, actorId: auditLogs.actorId, newValues: auditLogs.newValues })
    .from(auditLogs)
    .where(and(eq(auditLogs.tableName, tableName), eq(auditLogs.recordId, recordId)))
    .orderBy(asc(auditLogs.id))
    .all();
}

/**
 * One vote by a fresh citizen, cast through votes.cast like a real one. The citizen is an enrolled voter with a
 * confirmed e-mail address, so the vote counts under any rule an admin-made election has (enrolled by default).
 */
export async function castVote(deps: TestDeps, electionId: string, candidateId: string) {
  const voter = await createUser(deps.db);
  enrolledVoter(deps.db, { userId: voter.id });
  await callerFor(deps, voter).caller.votes.cast({ electionId, candidateId });
}
