import { and, eq, inArray, isNull } from 'drizzle-orm';
import { derivedCredential } from '../../belenios/credential-source';
import { verifyPool } from '../../belenios/verify-pool';
import type { Db } from '../../db/client';
import { districts, electionCredentials, profiles, users, voters } from '../../db/schema';
import { eligibilityOf, publicRequirement, STANDING_COLUMNS, type Standing } from '../eligibility';
import type { VerifiableElection } from './election';

/**
 * Which accounts hold one of an election's Codka credentials: those its rule lets vote, as they stand. The
 * preparation job and the opening's catch-up plan a page of accounts at a time, make the new credentials in the
 * verification workers and write the page in one transaction.
 */

/** What planning reads of an election: its rule, and its uuid that the credentials are derived for. */
export type Election = Pick<VerifiableElection, 'id' | 'uuid' | 'eligibility' | 'eligibleRegions'>;

/** Accounts per verification task: well under a second of a worker, so ballots never wait long behind it. */
const CREDENTIALS_PER_TASK = 200;

/** Every account's standing, with what the job adds: its id and whether it is active. */
export function standings(db: Pick<Db, 'select'>) {
  return db
    .select({ id: users.id, isActive: profiles.isActive, ...STANDING_COLUMNS })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(voters, eq(voters.userId, users.id))
    .leftJoin(districts, eq(districts.id, voters.districtId));
}

/** The election's rule applied to one account as it stands: whoever it lets vote gets a credential. */
function mayVote(election: Election): (u: Standing & { isActive: boolean | null }) => boolean {
  const requirement = publicRequirement(election);
  return (u) => u.isActive !== false && eligibilityOf(requirement, u, { signedIn: true }).mayVote;
}

/** What a set of accounts needs: a credential for each one eligible without one, none for the others. */
interface Plan {
  add: string[];
  remove: string[];
}

export function planFor(db: Pick<Db, 'select'>, election: Election, userIds: readonly string[]): Plan {
  if (userIds.length === 0) return { add: [], remove: [] };
  const eligible = new Set(
    standings(db)
      .where(inArray(users.id, [...userIds]))
      .all()
      .filter(mayVote(election))
      .map((u) => u.id),
  );
  const held = new Set(
    db
      .select({ userId: electionCredentials.userId })
      .from(electionCredentials)
      .where(
        and(
          eq(electionCredentials.electionId, election.id),
          inArray(electionCredentials.userId, [...userIds]),
        ),
      )
      .all()
      .map((r) => r.userId),
  );
  return {
    add: userIds.filter((id) => eligible.has(id) && !held.has(id)),
    remove: userIds.filter((id) => !eligible.has(id) && held.has(id)),
  };
}

/**
 * Writes a plan's credentials (computed by the caller) and removes those of accounts no longer eligible; answers
 * how many rows changed.
 */
export function applyPlan(
  tx: Pick<Db, 'insert' | 'delete'>,
  electionId: string,
  added: readonly { userId: string; credential: string }[],
  remove: readonly string[],
): number {
  let changes = 0;
  for (let i = 0; i < added.length; i += 500)
    changes += tx
      .insert(electionCredentials)
      .values(added.slice(i, i + 500).map((a) => ({ electionId, ...a })))
      .onConflictDoNothing()
      .run().changes;
  for (let i = 0; i < remove.length; i += 500)
    changes += tx
      .delete(electionCredentials)
      .where(
        and(
          eq(electionCredentials.electionId, electionId),
          inArray(electionCredentials.userId, remove.slice(i, i + 500)),
        ),
      )
      .run().changes;
  // An account deleted since its credential was made leaves a credential nobody can be given.
  changes += tx
    .delete(electionCredentials)
    .where(and(eq(electionCredentials.electionId, electionId), isNull(electionCredentials.userId)))
    .run().changes;
  return changes;
}

/** The public credentials of `userIds`, computed in the verification workers a task at a time. */
export async function derivedInWorkers(db: Db, uuid: string, userIds: readonly string[]) {
  const pool = verifyPool();
  const tasks: string[][] = [];
  for (let i = 0; i < userIds.length; i += CREDENTIALS_PER_TASK)
    tasks.push(userIds.slice(i, i + CREDENTIALS_PER_TASK));
  const made: { userId: string; credential: string }[] = [];
  let next = 0;
  // One task per worker at a time: the line in front of the workers stays short, so ballots are not refused.
  const lane = async () => {
    for (let task = tasks[next++]; task; task = tasks[next++]) {
      const privateCredentials = task.map((userId) => derivedCredential(db, uuid, userId));
      const { publicCredentials } = await pool.run({ kind: 'publicCredentials', uuid, privateCredentials });
      for (const [i, userId] of task.entries())
        made.push({ userId, credential: publicCredentials[i] as string });
    }
  };
  await Promise.all(Array.from({ length: pool.options.size }, lane));
  return made;
}
