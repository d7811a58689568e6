import type { RollImportSummary } from '@shared/approvals';
import type { Db } from '../../db/client';
import { applyConfirmedRoll, rollFileFacts } from '../voter-roll/roll-import';
import { type ApprovalRow, requestApproval } from './store';

/**
 * A roll file that passed every check waits for a second System Admin: its bytes are kept with the request
 * (in the database, so a backup holds them with the queue), and nothing is written to the roll.
 */
export function requestRollImport(db: Db, bytes: Buffer, rows: number, requestedBy: string) {
  const summary: RollImportSummary = rollFileFacts(bytes, rows);
  return requestApproval(db, { kind: 'rollImport', payload: {}, attachment: bytes, summary, requestedBy });
}

/** Confirmed: the kept file is checked again against the roll as it is now and written all or nothing. */
export function applyRollImport(db: Db, request: ApprovalRow, confirmerId: string) {
  if (!request.attachment) throw new Error(`approval ${request.id} has no file`);
  return applyConfirmedRoll(db, Buffer.from(request.attachment), {
    enteredBy: request.requestedBy,
    reviewedBy: confirmerId,
  });
}
