import type { Db } from '@server/db/client';
import { voters } from '@server/db/schema';
import { DomainError } from '@server/errors/domain-error';
import { recordAudit } from '@server/services/audit';
import type { VoterSource, VoterStatus } from '@shared/voter-roll';
import { and, eq } from 'drizzle-orm';
import type { StaffActor } from './centers';
import { type EntryToCompare, possibleDuplicates } from './duplicates';

interface Decision {
  /** The status the entry must have now; the update is conditional on it, so one of two racers wins. */
  from: VoterStatus;
  to: VoterStatus;
  action: string;
  reason: string | null;
  /** The sentence when the entry is not (or no longer) in `from`. */
  wrongStatus: 'supervisor.notPending' | 'supervisor.notEnrolled' | 'supervisor.notSuspended';
  /** Run on the entry inside the transaction, after the four-eyes and status checks, before the update. */
  check?: (
    tx: Pick<Db, 'select'>,
    entry: EntryToCompare & { source: VoterSource; reviewedBy: string | null },
  ) => void;
}

/**
 * Four eyes: nobody reviews an entry they entered themselves or one linked to their own account,
 * System Admins included. Resolving a flag about an entry follows the same rule (flags.ts).
 */
export function checkFourEyes(entry: { enteredBy: string | null; userId: string | null }, actor: StaffActor) {
  if (entry.userId === actor.id) throw new DomainError('supervisor.ownAccount');
  if (entry.enteredBy === actor.id) throw new DomainError('supervisor.ownEntry');
}

function decide(db: Db, actor: StaffActor, id: string, decision: Decision, now: Date) {
  return db.transaction((tx) => {
    const entry = tx
      .select({
        id: voters.id,
        voterCardNumber: voters.voterCardNumber,
        status: voters.status,
        enteredBy: voters.enteredBy,
        userId: voters.userId,
        fullName: voters.fullName,
        districtId: voters.districtId,
        dateOfBirthHash: voters.dateOfBirthHash,
        source: voters.source,
        reviewedBy: voters.reviewedBy,
      })
      .from(voters)
      .where(eq(voters.id, id))
      .get();
    if (!entry) throw new DomainError('supervisor.entryNotFound');
    checkFourEyes(entry, actor);
    if (entry.status !== decision.from) throw new DomainError(decision.wrongStatus);
    decision.check?.(tx, entry);
    const changed = tx
      .update(voters)
      .set({
        status: decision.to,
        statusReason: decision.reason,
        reviewedBy: actor.id,
        reviewedAt: now,
        updatedAt: now,
      })
      .where(and(eq(voters.id, id), eq(voters.status, decision.from)))
      .run();
    if (changed.changes !== 1) throw new DomainError(decision.wrongStatus);
    recordAudit(tx, {
      action: decision.action,
      tableName: 'voters',
      recordId: id,
      newValues: { status: decision.to, ...(decision.reason ? { reason: decision.reason } : {}) },
      before: { status: entry.status },
      actorId: actor.id,
    });
    return { id, status: decision.to };
  });
}

/**
 * A pending entry becomes enrolled: the citizen may vote where elections ask for enrolled voters. When other
 * entries share its name and date of birth or district, the supervisor must have compared them and say so
 * (`acknowledgeDuplicates`); otherwise nothing changes and the answer names how many there are.
 */
export function approveEntry(
  db: Db,
  actor: StaffActor,
  id: string,
  options: { acknowledgeDuplicates?: boolean } = {},
  now = new Date(),
) {
  return decide(
    db,
    actor,
    id,
    {
      from: 'pending',
      to: 'enrolled',
      action: 'approve',
      reason: null,
      wrongStatus: 'supervisor.notPending',
      check: (tx, entry) => {
        // An imported entry is pending only once claimed by the admin who asked for its import or the one who
        // confirmed it (claim.ts): neither approves it, so the confirmer of the file is refused here too.
        if (entry.source === 'import' && entry.reviewedBy === actor.id) {
          throw new DomainError('supervisor.ownEntry');
        }
        if (options.acknowledgeDuplicates) return;
        const found = possibleDuplicates(tx, entry).length;
        if (found > 0) throw new DomainError('supervisor.possibleDuplicates', { found });
      },
    },
    now,
  );
}

/** A pending entry is rejected, with the reason staff will read. */
export function rejectEntry(db: Db, actor: StaffActor, id: string, reason: string, now = new Date()) {
  return decide(
    db,
    actor,
    id,
    { from: 'pending', to: 'rejected', action: 'reject', reason, wrongStatus: 'supervisor.notPending' },
    now,
  );
}

/** An enrolled voter is suspended (no longer eligible), with a reason. */
export function suspendVoter(db: Db, actor: StaffActor, id: string, reason: string, now = new Date()) {
  return decide(
    db,
    actor,
    id,
    { from: 'enrolled', to: 'suspended', action: 'suspend', reason, wrongStatus: 'supervisor.notEnrolled' },
    now,
  );
}

/** A suspended voter is enrolled again. */
export function reinstateVoter(db: Db, actor: StaffActor, id: string, now = new Date()) {
  return decide(
    db,
    actor,
    id,
    {
      from: 'suspended',
      to: 'enrolled',
      action: 'reinstate',
      reason: null,
      wrongStatus: 'supervisor.notSuspended',
    },
    now,
  );
}
