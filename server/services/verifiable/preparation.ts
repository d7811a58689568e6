import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, asc, count, eq, gt, lte, max, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { credentialPreparations, eligibilityChanges, users } from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import { applyPlan, derivedInWorkers, type Election, planFor, standings } from './credential-plan';
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

export type PreparationStatus = 'preparing' | 'ready' | 'failed';

/** What the admin is shown of a draft's credentials: how far the job is, of how many accounts. */
export interface PreparationState {
  status: PreparationStatus;
  checked: number;
  total: number;
}

/** The eligibility rule the credentials are made for: another rule means reading every account again. */
export const ruleOf = (election: Pick<Election, 'eligibility' | 'eligibleRegions'>) =>
  JSON.stringify([election.eligibility, election.eligibleRegions]);

/** Whether the job has anything to do for this election: a verifiable draft with Codka making the credentials. */
export const needsCredentials = (election: VerifiableElection) =>
  election.electionText === null && election.credentialAuthority === 'codka';

export function lastChange(db: Pick<Db, 'select'>): number {
  return (
    db
      .select({ seq: max(eligibilityChanges.seq) })
      .from(eligibilityChanges)
      .get()?.seq ?? 0
  );
}

export function preparationOf(db: Pick<Db, 'select'>, electionId: string) {
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
