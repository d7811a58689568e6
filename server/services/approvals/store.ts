import type { ApprovalKind } from '@shared/approvals';
import type { ErrorCode } from '@shared/errors';
import type { Db } from '../../db/client';
import { approvals } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique';
import { DomainError } from '../../errors/domain-error';
import { recordAudit } from '../audit';

/** What a second request for a subject that already has one waiting is told, per kind. */
const ALREADY_PENDING: Record<ApprovalKind, ErrorCode> = {
  rollImport: 'approval.alreadyPending',
  staffRole: 'approval.alreadyPending',
  electionOpen: 'approval.electionPending',
  electionResults: 'approval.electionPending',
  pollPublish: 'approval.pollPending',
  staffInvitation: 'approval.invitationPending',
};

export type ApprovalRow = typeof approvals.$inferSelect;

export interface NewApproval {
  kind: ApprovalKind;
  /** What the request is about, when only one request per thing may wait (a grant: the profile's id). */
  subject?: string;
  /** What the kind needs to do the action again at confirm time. */
  payload: unknown;
  /** An uploaded file, kept with the request. */
  attachment?: Buffer;
  /** The list's line (shared/approvals.ts): counts and names, never a date of birth. */
  summary: object;
  requestedBy: string;
}

/**
 * Puts an action in the queue instead of doing it, with its audit row; answers what the client is told:
 * `{ pendingApproval: { id } }`. A second request for a subject that already has one waiting is refused.
 */
export function requestApproval(db: Db, request: NewApproval): { pendingApproval: { id: string } } {
  try {
    return db.transaction((tx) => {
      const row = tx
        .insert(approvals)
        .values({
          kind: request.kind,
          subject: request.subject ?? null,
          payload: JSON.stringify(request.payload),
          attachment: request.attachment ?? null,
          summary: JSON.stringify(request.summary),
          requestedBy: request.requestedBy,
        })
        .returning({ id: approvals.id })
        .get();
      recordAudit(tx, {
        action: 'request',
        tableName: 'approvals',
        recordId: row.id,
        newValues: { kind: request.kind, subject: request.subject ?? null, summary: request.summary },
        actorId: request.requestedBy,
      });
      return { pendingApproval: { id: row.id } };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError(ALREADY_PENDING[request.kind]);
    throw error;
  }
}
