import { setImmediate as nextTurn } from 'node:timers/promises';
import { publicCredential } from '@shared/belenios';
import { contactStatus, voteEligibility } from '@shared/eligibility';
import { and, asc, count, eq, gt, inArray, isNull, lte, max, min, sql } from 'drizzle-orm';
import { derivedCredential } from '../../belenios/credential-source';
import { verifyPool } from '../../belenios/verify-pool';
import type { Db } from '../../db/client';
import {
  credentialPreparations,
  districts,
  electionCredentials,
  eligibilityChanges,
  profiles,
  users,
  voters,
} from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import { publicRequirement } from '../eligibility';
import { type VerifiableElection, verifiableElection } from './election';

/**
 * Codka's public credentials for a verifiable draft, made before its opening by a background job rather than in
 * the confirm: each costs a PBKDF2 and a 2048-bit exponentiation (about 15 minutes per million voters on two
 * cores), done in the verification workers, and the accounts are read and the credentials written a page at a
 * time, each page in its own short transaction, so the event loop is never held for long. The state
 * (credential_preparations) says how far it is; the opening is refused until it is ready and then looks again
 * only at the accounts whose eligibility may have changed since (eligibility_changes, written by triggers).
 */

/** Accounts read and credentials written per transaction: a few milliseconds of the event loop each. */
export const PREPARATION_PAGE = 1_000;

/** Accounts per verification task: well under a second of a worker, so ballots never wait long behind it. */
const CREDENTIALS_PER_TASK = 200;

export type PreparationStatus = 'preparing' | 'ready' | 'failed';

/** What the admin is shown of a draft's credentials: how far the job is, of how many accounts. */
export interface PreparationState {
  status: PreparationStatus;
  checked: number;
  total: number;
}

type Election = Pick<VerifiableElection, 'id' | 'uuid' | 'eligibility' | 'eligibleRegions'>;

/** The eligibility rule the credentials are made for: another rule means reading every account again. */
const ruleOf = (election: Pick<Election, 'eligibility' | 'eligibleRegions'>) =>
  JSON.stringify([election.eligibility, election.eligibleRegions]);

/** Whether the job has anything to do for this election: a verifiable draft with Codka making the credentials. */
const needsCredentials = (election: VerifiableElection) =>
  election.electionText === null && election.credentialAuthority === 'codka';

function standings(db: Pick<Db, 'select'>) {
  return db
    .select({
      id: users.id,
      isActive: profiles.isActive,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      phone: users.phone,
      phoneConfirmedAt: users.phoneConfirmedAt,
      status: voters.status,
      region: districts.region,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(voters, eq(voters.userId, users.id))
    .leftJoin(districts, eq(districts.id, voters.districtId));
}
type Standing = Awaited<ReturnType<ReturnType<typeof standings>['all']>>[number];

/** The election's rule applied to one account as it stands: whoever it lets vote gets a credential. */
function mayVote(election: Election): (u: Standing) => boolean {
  const requirement = publicRequirement(election);
  return (u) =>
    u.isActive !== false &&
    voteEligibility(requirement, {
      signedIn: true,
      contacts: {
        email: contactStatus(u.email, Boolean(u.emailVerifiedAt)),
        phone: contactStatus(u.phone, Boolean(u.phoneConfirmedAt)),
      },
      roll: u.status ? { status: u.status, region: u.region } : null,
    }).mayVote;
}

/** What a set of accounts needs: a credential for each one eligible without one, none for the others. */
interface Plan {
  add: string[];
  remove: string[];
}

function planFor(db: Pick<Db, 'select'>, election: Election, userIds: readonly string[]): Plan {
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
function applyPlan(
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
async function derivedInWorkers(db: Db, uuid: string, userIds: readonly string[]) {
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

function lastChange(db: Pick<Db, 'select'>): number {
  return (
    db
      .select({ seq: max(eligibilityChanges.seq) })
      .from(eligibilityChanges)
      .get()?.seq ?? 0
  );
}

function preparationOf(db: Pick<Db, 'select'>, electionId: string) {
  return db
    .select()
    .from(credentialPreparations)
    .where(eq(credentialPreparations.electionId, electionId))
    .get();
}

/** The state the admin sees, or null when the election needs no preparation (or has none yet). */
export function preparationState(db: Pick<Db, 'select'>, electionId: string): PreparationState | null {
  const row = preparationOf(db, electionId);
  // Accounts made while it runs are read too: the total is the count when it began, never less than read.
  return row ? { status: row.status, checked: row.checked, total: Math.max(row.total, row.checked) } : null;
}

/**
 * The reading of the accounts each election's preparation is on, in this process (one server process per
 * database): a page made for a reading that was dropped or begun again meanwhile (a request cancelled and asked
 * again while the workers ran) is not written, since the changes logged for the new reading start after it.
 */
const readings = new Map<string, number>();
let lastReading = 0;
const newReading = (electionId: string) => readings.set(electionId, ++lastReading);

/** Starts reading every account again, under the election's rule as it is now. */
function beginReading(db: Db, election: Election, now: Date): void {
  newReading(election.id);
  const total = db.select({ n: count() }).from(users).get()?.n ?? 0;
  db.transaction((tx) => {
    // Taken in the same transaction as the row that makes the triggers log: no change falls between the two.
    const values = {
      status: 'preparing' as const,
      rule: ruleOf(election),
      cursor: null,
      watermark: lastChange(tx),
      checked: 0,
      total,
      updatedAt: now,
    };
    tx.insert(credentialPreparations)
      .values({ electionId: election.id, ...values })
      .onConflictDoUpdate({ target: credentialPreparations.electionId, set: values })
      .run();
  });
}

/** Forgets a preparation that has nothing left to do (the draft opened, or is no longer Codka's to make). */
export function dropPreparation(db: Pick<Db, 'delete' | 'select'>, electionId: string): void {
  newReading(electionId);
  db.delete(credentialPreparations).where(eq(credentialPreparations.electionId, electionId)).run();
  // The log is kept only from the oldest preparation still running on.
  const oldest = db
    .select({ seq: min(credentialPreparations.watermark) })
    .from(credentialPreparations)
    .get()?.seq;
  db.delete(eligibilityChanges)
    .where(oldest == null ? undefined : lte(eligibilityChanges.seq, oldest))
    .run();
}

// The jobs running in this process, per database: one per election at a time.
const running = new WeakMap<Db, Map<string, Promise<void>>>();
const stopped = new WeakSet<Db>();
/** Where each database's jobs say why they failed: the server's log, given when it starts them. */
const logs = new WeakMap<Db, (error: unknown) => void>();

/** The job's promise for an election (tests and the opening wait on it); resolved when none is running. */
export function preparationSettled(db: Db, electionId: string): Promise<void> {
  return running.get(db)?.get(electionId) ?? Promise.resolve();
}

/** Runs the election's job unless it is running already. */
export function runPreparation(db: Db, electionId: string, log?: (error: unknown) => void): Promise<void> {
  let jobs = running.get(db);
  if (!jobs) {
    jobs = new Map();
    running.set(db, jobs);
  }
  const current = jobs.get(electionId);
  if (current) return current;
  // A closing server starts nothing new: its start resumes what is left (resumePreparations).
  if (stopped.has(db)) return Promise.resolve();
  const job = prepare(db, electionId).catch((error: unknown) => {
    // A server closing stops the job where it is; it goes on from there when the server starts again.
    if (stopped.has(db)) return;
    (log ?? logs.get(db))?.(error);
    db.update(credentialPreparations)
      .set({ status: 'failed', updatedAt: new Date() })
      .where(eq(credentialPreparations.electionId, electionId))
      .run();
  });
  const tracked = job.finally(() => jobs.delete(electionId));
  jobs.set(electionId, tracked);
  return tracked;
}

/** The jobs of a closing server stop after the page they are on. */
export function stopPreparations(db: Db): Promise<void> {
  stopped.add(db);
  return Promise.all(running.get(db)?.values() ?? []).then(() => undefined);
}

/** Every preparation left running when the server stopped, started again from its last page. */
export function resumePreparations(db: Db, log?: (error: unknown) => void): void {
  stopped.delete(db);
  if (log) logs.set(db, log);
  const left = db
    .select({ electionId: credentialPreparations.electionId })
    .from(credentialPreparations)
    .where(eq(credentialPreparations.status, 'preparing'))
    .all();
  for (const { electionId } of left) void runPreparation(db, electionId, log);
}

/** The job: pages of accounts after the cursor until none is left, then ready. */
async function prepare(db: Db, electionId: string): Promise<void> {
  for (;;) {
    await nextTurn();
    if (stopped.has(db)) return;
    const row = preparationOf(db, electionId);
    if (row?.status !== 'preparing') return;
    if (!readings.has(electionId)) newReading(electionId);
    const reading = readings.get(electionId);
    let election: VerifiableElection;
    try {
      election = verifiableElection(db, electionId);
    } catch (error) {
      // Made a standard election meanwhile: nothing to prepare.
      if (error instanceof DomainError) return dropPreparation(db, electionId);
      throw error;
    }
    if (!needsCredentials(election)) return dropPreparation(db, electionId);
    if (ruleOf(election) !== row.rule) {
      // Who may vote was changed in the draft: read again under the new rule (each page puts its accounts right).
      beginReading(db, election, new Date());
      continue;
    }
    const page = standings(db)
      .where(row.cursor === null ? undefined : gt(users.id, row.cursor))
      .orderBy(asc(users.id))
      .limit(PREPARATION_PAGE)
      .all();
    if (page.length === 0) {
      db.update(credentialPreparations)
        .set({ status: 'ready', updatedAt: new Date() })
        .where(
          and(eq(credentialPreparations.electionId, electionId), eq(credentialPreparations.rule, row.rule)),
        )
        .run();
      return;
    }
    const ids = page.map((u) => u.id);
    const plan = planFor(db, election, ids);
    const added = await derivedInWorkers(db, election.uuid, plan.add);
    db.transaction((tx) => {
      // Written only where the job left it: a new rule, an outside list or an opening meanwhile wins.
      const now = preparationOf(tx, electionId);
      if (readings.get(electionId) !== reading) return;
      if (now?.status !== 'preparing' || now.cursor !== row.cursor || now.rule !== row.rule) return;
      const side = verifiableElection(tx, electionId);
      if (!needsCredentials(side)) return;
      applyPlan(tx, electionId, added, plan.remove);
      tx.update(credentialPreparations)
        .set({
          cursor: ids[ids.length - 1],
          checked: row.checked + ids.length,
          version: sql`${credentialPreparations.version} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(credentialPreparations.electionId, electionId))
        .run();
    });
  }
}

/**
 * Asks for the election's credentials to be made, when it needs them (a verifiable draft, Codka's credentials):
 * when its opening is requested, and at a confirm that finds none. A preparation already made for the same rule
 * is kept (it is brought up to date at the opening); a failed one, or one for another rule, starts again.
 */
export function startCredentialPreparation(db: Db, electionId: string, log?: (error: unknown) => void): void {
  const election = verifiableElection(db, electionId);
  if (!needsCredentials(election)) return;
  const row = preparationOf(db, electionId);
  if (!row || row.status === 'failed' || row.rule !== ruleOf(election))
    beginReading(db, election, new Date());
  void runPreparation(db, electionId, log);
}

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
