import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { keyedHash } from '../../db/keys';
import { staffInvitations } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { DomainError } from '../../errors/domain-error';

// Staff invitations (docs/decisions/022-staff-invitations.md): what the request, sending, accepting and list
// modules share.

export type Deps = Pick<AppDeps, 'db' | 'limits' | 'mailer' | 'sms' | 'env' | 'log'>;
export type Contact = { email: string } | { phone: string };
export type InvitationRow = typeof staffInvitations.$inferSelect;

export const contactOf = (row: { email: string | null; phone: string | null }): Contact =>
  row.email !== null ? { email: row.email } : { phone: row.phone ?? '' };

export function invitationRow(db: Pick<Db, 'select'>, id: string): InvitationRow {
  const row = db.select().from(staffInvitations).where(eq(staffInvitations.id, id)).get();
  if (!row) throw new DomainError('invitation.notFound');
  return row;
}

/** Refuses an invitation that can no longer be sent or accepted, with the sentence for its state. */
export function refuseClosed(row: Pick<InvitationRow, 'status' | 'expiresAt'>, now: Date) {
  if (row.status === 'accepted') throw new DomainError('invitation.used');
  if (row.status === 'revoked') throw new DomainError('invitation.revoked');
  if (row.expiresAt <= now) throw new DomainError('invitation.expired');
}

/** The keyed hash of an invitation's SMS code, bound to its row (as phone-codes.ts does for its codes). */
export function codeHash(db: Db, id: string, code: string): string {
  return keyedHash(db, 'phone-code-hmac', `invitation:${id}:${code}`);
}
