import { generateSecureRandomString, hashSecret } from '@server/auth/tokens';
import type { Db } from '@server/db/client';
import { keyedHash } from '@server/db/keys';
import { staffInvitations } from '@server/db/schema';
import { INVITATION_LIFETIME_MS, type InvitationRole } from '@shared/invitations';

/**
 * An invitation as a confirm and its message leave it, with the link's token or the SMS's code the test knows:
 * for tests of what the invited person does (the confirm itself is tested through the approvals queue).
 */
export function sentInvitation(
  db: Db,
  options: {
    email?: string;
    phone?: string;
    role?: InvitationRole;
    centerIds?: string[];
    invitedBy?: string | null;
    confirmedBy?: string | null;
    expiresAt?: Date;
  },
) {
  const id = generateSecureRandomString();
  const secret = generateSecureRandomString();
  const code = String(100000 + Math.floor(Math.random() * 900000));
  const byPhone = options.phone !== undefined;
  db.insert(staffInvitations)
    .values({
      id,
      email: options.email ?? null,
      phone: options.phone ?? null,
      fullName: 'Invited Staff',
      role: options.role ?? 'Registrar',
      centerIds: JSON.stringify(options.centerIds ?? []),
      language: 'en',
      secretHash: byPhone ? null : hashSecret(secret),
      codeHash: byPhone ? keyedHash(db, 'phone-code-hmac', `invitation:${id}:${code}`) : null,
      sentAt: new Date(),
      expiresAt: options.expiresAt ?? new Date(Date.now() + INVITATION_LIFETIME_MS),
      invitedBy: options.invitedBy ?? null,
      confirmedBy: options.confirmedBy ?? null,
    })
    .run();
  return { id, token: `${id}.${secret}`, code };
}
