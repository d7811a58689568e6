import type { ApprovalSummary } from '@shared/approvals';
import { ADMIN_ROLE } from '@shared/roles';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { approvals, profiles } from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import { recordAudit } from '../audit';
import { dropPreparation, type PreparationState, preparationState } from '../verifiable/preparation';
import { APPROVAL_KIND_RULES, type ApprovalPrepared } from './kinds';
import type { ApprovalRow } from './store';

export type PendingApproval = ApprovalSummary & {
  id: string;
  requestedBy: { id: string | null; fullName: string | null };
  requestedAt: Date;
  /** The reader's own request: they may cancel it, never confirm it. */
  ownRequest: boolean;
  /** A verifiable opening's credentials, made while it waits: how far (null when it needs none). */
  credentials: PreparationState | null;
};

/** What waits for a second System Admin, newest first, with who asked and when (never a kept file itself). */
export function pendingApprovals(db: Db, readerId: string): PendingApproval[] {
  return db
    .select({
      id: approvals.id,
      kind: approvals.kind,
      summary: approvals.summary,
      requestedById: approvals.requestedBy,
      requesterName: profiles.fullName,
      requestedAt: approvals.requestedAt,
      subject: approvals.subject,
    })
    .from(approvals)
    .leftJoin(profiles, eq(profiles.userId, approvals.requestedBy))
    .where(eq(approvals.status, 'pending'))
    .orderBy(desc(approvals.requestedAt))
    .all()
    .map((row) => ({
      id: row.id,
      ...({ kind: row.kind, summary: JSON.parse(row.summary) } as ApprovalSummary),
      requestedBy: { id: row.requestedById, fullName: row.requesterName },
      requestedAt: row.requestedAt,
      ownRequest: row.requestedById === readerId,
      credentials: row.kind === 'electionOpen' && row.subject ? preparationState(db, row.subject) : null,
    }));
}

function requestOf(db: Pick<Db, 'select'>, id: string): ApprovalRow {
  const row = db.select().from(approvals).where(eq(approvals.id, id)).get();
  if (!row) throw new DomainError('approval.notFound', { id });
  if (row.status === 'confirmed') throw new DomainError('approval.alreadyConfirmed');
  if (row.status === 'cancelled') throw new DomainError('approval.alreadyCancelled');
  return row;
}

function isActiveAdmin(db: Pick<Db, 'select'>, userId: string | null): boolean {
  if (!userId) return false;
  const row = db
    .select({ role: profiles.role, isActive: profiles.isActive })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .get();
  return row?.role === ADMIN_ROLE && row.isActive;
}

/**
 * What a confirm needs computed before its transaction (ApprovalKindRule.prepare): nothing for most kinds. The
 * cheap refusals come first, so a request the confirmer may not confirm costs no work.
 */
export async function prepareApproval(db: Db, id: string, confirmerId: string): Promise<ApprovalPrepared> {
  const request = requestOf(db, id);
  if (request.requestedBy === confirmerId) throw new DomainError('approval.ownRequest');
  return (await APPROVAL_KIND_RULES[request.kind].prepare?.(db, request)) ?? {};
}

/**
 * A second System Admin confirms a request: it is checked again and done whole, in one transaction with its
 * audit row (naming who asked and who confirmed); a kept file is dropped then, its digest stays in the summary. The status moves from pending only once (a conditional
 * update), so of two confirms at once exactly one does the action; a failed check changes nothing and the
 * request stays pending, for an admin to cancel. Answers the confirmed request, the election an election's
 * act changed (whose record the caller fixes if the edit closed it), and the invitation a confirm created (whose
 * message the caller sends once this has committed).
 */
export function confirmApproval(db: Db, id: string, confirmerId: string, prepared: ApprovalPrepared = {}) {
  return db.transaction(
    (tx) => {
      const request = requestOf(tx, id);
      if (request.requestedBy === confirmerId) throw new DomainError('approval.ownRequest');
      if (!isActiveAdmin(tx, request.requestedBy)) throw new DomainError('approval.requesterNotAdmin');
      const moved = tx
        .update(approvals)
        .set({ status: 'confirmed', decidedBy: confirmerId, decidedAt: new Date(), attachment: null })
        .where(and(eq(approvals.id, id), eq(approvals.status, 'pending')))
        .run();
      if (moved.changes !== 1) throw new DomainError('approval.alreadyConfirmed');
      // One connection: the kind's own statements and transactions run inside this one (as savepoints).
      const done = APPROVAL_KIND_RULES[request.kind].apply(db, request, confirmerId, prepared);
      recordAudit(tx, {
        action: 'confirm',
        tableName: 'approvals',
        recordId: id,
        newValues: {
          status: 'confirmed',
          kind: request.kind,
          requestedBy: request.requestedBy,
          confirmedBy: confirmerId,
          ...done,
        },
        before: { status: 'pending' },
        actorId: confirmerId,
      });
      const electionId = typeof done.electionId === 'string' ? done.electionId : null;
      const invitationId = typeof done.invitationId === 'string' ? done.invitationId : null;
      return { confirmed: { id, status: 'confirmed' as const }, electionId, invitationId };
    },
    { behavior: 'immediate' },
  );
}

/** The requester, or another System Admin, withdraws a request: nothing of it is done. */
export function cancelApproval(db: Db, id: string, actorId: string) {
  return db.transaction(
    (tx) => {
      const request = requestOf(tx, id);
      const moved = tx
        .update(approvals)
        .set({ status: 'cancelled', decidedBy: actorId, decidedAt: new Date(), attachment: null })
        .where(and(eq(approvals.id, id), eq(approvals.status, 'pending')))
        .run();
      if (moved.changes !== 1) throw new DomainError('approval.alreadyCancelled');
      // Its credentials' preparation ends with it, and so does the log of eligibility changes kept for it. The
      // credentials made stay with the draft: a new request reads the accounts again without deriving those.
      if (request.kind === 'electionOpen' && request.subject) dropPreparation(tx, request.subject);
      recordAudit(tx, {
        action: 'cancel',
        tableName: 'approvals',
        recordId: id,
        newValues: {
          status: 'cancelled',
          kind: request.kind,
          requestedBy: request.requestedBy,
          cancelledBy: actorId,
        },
        before: { status: 'pending' },
        actorId,
      });
      return { id, status: 'cancelled' as const };
    },
    { behavior: 'immediate' },
  );
}
