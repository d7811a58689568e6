import {
  type InvitationStoredStatus,
  invitationStatus,
  type StaffInvitationSummary,
} from '@shared/invitations';
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client';
import { approvals, profiles, staffInvitations } from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import { recordAudit } from '../audit';
import { invitationRow } from './rows';

// Staff invitations on the admin's list: every invitation with its state, and revoking a pending one.

/**
 * The admin's list: invitations newest first with their state (pending, accepted, expired, revoked) and both
 * admins' names, and the invitations still waiting for a second System Admin in the approvals queue.
 */
export function listInvitations(db: Db, now = new Date()) {
  const inviter = alias(profiles, 'inviter');
  const confirmer = alias(profiles, 'confirmer');
  const rows = db
    .select({
      id: staffInvitations.id,
      email: staffInvitations.email,
      phone: staffInvitations.phone,
      fullName: staffInvitations.fullName,
      role: staffInvitations.role,
      centerIds: staffInvitations.centerIds,
      language: staffInvitations.language,
      status: staffInvitations.status,
      sentAt: staffInvitations.sentAt,
      expiresAt: staffInvitations.expiresAt,
      acceptedAt: staffInvitations.acceptedAt,
      revokedAt: staffInvitations.revokedAt,
      createdAt: staffInvitations.createdAt,
      invitedBy: inviter.fullName,
      confirmedBy: confirmer.fullName,
    })
    .from(staffInvitations)
    .leftJoin(inviter, eq(inviter.userId, staffInvitations.invitedBy))
    .leftJoin(confirmer, eq(confirmer.userId, staffInvitations.confirmedBy))
    .orderBy(desc(staffInvitations.createdAt))
    .all()
    .map(({ centerIds, status, ...row }) => ({
      ...row,
      centerCount: (JSON.parse(centerIds) as string[]).length,
      status: invitationStatus(status as InvitationStoredStatus, row.expiresAt, now),
    }));
  const waiting = db
    .select({
      approvalId: approvals.id,
      summary: approvals.summary,
      requestedAt: approvals.requestedAt,
      requestedBy: profiles.fullName,
    })
    .from(approvals)
    .leftJoin(profiles, eq(profiles.userId, approvals.requestedBy))
    .where(and(eq(approvals.status, 'pending'), eq(approvals.kind, 'staffInvitation')))
    .orderBy(desc(approvals.requestedAt))
    .all()
    .map(({ summary, ...row }) => ({ ...row, ...(JSON.parse(summary) as StaffInvitationSummary) }));
  return { invitations: rows, waiting };
}

/** admin.invitations.revoke: a pending invitation stops working at once (its link or code included). */
export function revokeInvitation(db: Db, id: string, actorId: string, now = new Date()) {
  return db.transaction(
    (tx) => {
      const row = invitationRow(tx, id);
      const moved = tx
        .update(staffInvitations)
        .set({ status: 'revoked', revokedBy: actorId, revokedAt: now })
        .where(and(eq(staffInvitations.id, id), eq(staffInvitations.status, 'pending')))
        .run();
      if (moved.changes !== 1) throw new DomainError('invitation.notPending');
      recordAudit(tx, {
        action: 'revoke',
        tableName: 'staff_invitations',
        recordId: id,
        newValues: {
          status: 'revoked',
          invitedBy: row.invitedBy,
          confirmedBy: row.confirmedBy,
          revokedBy: actorId,
        },
        before: { status: row.status },
        actorId,
      });
      return { id, status: 'revoked' as const };
    },
    { behavior: 'immediate' },
  );
}
