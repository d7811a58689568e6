import type { ApprovalKind } from '@shared/approvals';
import type { Db } from '../../db/client';
import { applyStaffInvitation } from '../invitations/request';
import type { OpeningAhead } from '../verifiable/setup';
import { applyElectionAct, prepareElectionAct } from './election-acts';
import { applyPollPublish } from './poll-publish';
import { applyRollImport } from './roll-import';
import { applyStaffRole } from './staff-role';
import type { ApprovalRow } from './store';

/**
 * What each kind of action does once a second System Admin confirms it. `apply` runs inside the confirm's
 * transaction: it checks the request again against the database as it is then and does it whole, or throws a
 * DomainError (and the confirm changes nothing). It answers what the confirm's audit row records. A new kind is
 * a name in shared/approvals.ts and an entry here; its summary is written when it is requested (store.ts) and
 * shown by the console's approvals page.
 */
export interface ApprovalKindRule {
  /**
   * Work too slow for the confirm's transaction, done just before it and off the event loop where it is heavy;
   * it changes nothing, and `apply` checks again whatever it relied on.
   */
  prepare?(db: Db, request: ApprovalRow): Promise<ApprovalPrepared>;
  apply(
    db: Db,
    request: ApprovalRow,
    confirmerId: string,
    prepared: ApprovalPrepared,
  ): Record<string, unknown>;
}

/** What `prepare` hands to `apply`: a verifiable opening's setup, built ahead. */
export interface ApprovalPrepared {
  opening?: OpeningAhead;
}

export const APPROVAL_KIND_RULES: Record<ApprovalKind, ApprovalKindRule> = {
  rollImport: { apply: applyRollImport },
  staffRole: { apply: applyStaffRole },
  electionOpen: { prepare: prepareElectionAct, apply: applyElectionAct },
  electionResults: { apply: applyElectionAct },
  pollPublish: { apply: applyPollPublish },
  staffInvitation: { apply: applyStaffInvitation },
};
