import { randomInt } from 'node:crypto';
import { INVITATION_LIFETIME_MS } from '@shared/invitations';
import { and, eq } from 'drizzle-orm';
import { consume } from '../../auth/rate-limits';
import { generateSecureRandomString, hashSecret } from '../../auth/tokens';
import { staffInvitations } from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import { mailText } from '../../mail/texts';
import { recordAudit } from '../audit';
import { phoneText } from '../phone-texts';
import { deliverSms, takeSmsAllowance } from '../sms/send';
import { codeHash, contactOf, type Deps, invitationRow, refuseClosed } from './rows';

// Staff invitations, sent: the single-use link by e-mail or the code by SMS, after the confirm and again on request.

/** Where the invited person accepts: the link carries the token, the SMS points here for the code. */
export const INVITATION_PATH = '/staff-invitation';

/**
 * Sends the invitation's message: a new single-use link by e-mail, or a new 6-digit code by SMS, in the language
 * the inviting admin chose, valid for three days from now. Any earlier link or code of the invitation stops
 * working (only the new hash is kept). Right after the confirm, and again from the list ("send again") while the
 * invitation is pending and not expired; counted per invited address or number, and an SMS by the SMS limits.
 */
export async function sendInvitation(
  deps: Deps,
  id: string,
  sender: { userId: string; ip: string | null },
  now = new Date(),
) {
  const row = invitationRow(deps.db, id);
  refuseClosed(row, now);
  const contact = contactOf(row);
  const to = 'email' in contact ? contact.email : contact.phone;
  await consume(deps.limits.enabled, [[deps.limits.invitationSendContact, to]], 'limit.invitations');
  const allowance =
    'phone' in contact
      ? await takeSmsAllowance(deps, { to: contact.phone, address: sender.ip, userId: sender.userId })
      : null;
  const secret = generateSecureRandomString();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS);
  const issued = deps.db.transaction((tx) => {
    const moved = tx
      .update(staffInvitations)
      .set({
        secretHash: allowance ? null : hashSecret(secret),
        codeHash: allowance ? codeHash(deps.db, id, code) : null,
        wrongTries: 0,
        sentAt: now,
        expiresAt,
      })
      .where(and(eq(staffInvitations.id, id), eq(staffInvitations.status, 'pending')))
      .run();
    if (moved.changes !== 1) return false;
    recordAudit(tx, {
      action: 'send',
      tableName: 'staff_invitations',
      recordId: id,
      newValues: { channel: allowance ? 'sms' : 'email', expiresAt: expiresAt.toISOString() },
      actorId: sender.userId,
    });
    return true;
  });
  if (!issued) {
    await allowance?.giveBack();
    throw new DomainError('invitation.notPending');
  }
  const role = phoneText(row.language, `staffInvitation.roles.${row.role}`);
  const origin = deps.env.PUBLIC_ORIGIN;
  if ('email' in contact) {
    const link = `${origin}${INVITATION_PATH}?token=${id}.${secret}`;
    await deps.mailer
      .send({ to: contact.email, ...mailText('staffInvitation', row.language, { role, link }) })
      .catch((error: unknown) =>
        deps.log.error({ err: error, invitationId: id }, 'invitation e-mail not sent'),
      );
  } else {
    const text = phoneText(row.language, 'staffInvitation.text', {
      role,
      code,
      link: `${origin}${INVITATION_PATH}`,
    });
    await deliverSms(deps, contact.phone, text);
  }
  return { id, sentAt: now, expiresAt };
}
