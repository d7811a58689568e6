import type { MessageLanguage } from '@shared/i18n/error-messages';
import { PASSWORD_RESET_REQUESTED } from '@shared/schemas/account';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { refuseCommonPassword } from '../auth/common-passwords';
import { hashPassword } from '../auth/passwords';
import { consume } from '../auth/rate-limits';
import { forgetCachedSessions } from '../auth/session-cache';
import { invalidateUserSessions } from '../auth/sessions';
import { generateSecureRandomString, hashSecret, secretMatches, splitToken } from '../auth/tokens';
import { passwordResets, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { DomainError } from '../errors/domain-error';
import { messageText } from '../errors/texts';
import { mailText } from '../mail/texts';
import { findUserByContact } from './accounts';
import { endTwoFactorChallenges } from './two-factor-sign-in';

export const PASSWORD_RESET_LIFETIME_MS = 60 * 60 * 1000;

type Deps = Pick<AppDeps, 'db' | 'limits' | 'mailer' | 'env' | 'log'> & { language?: MessageLanguage };

const invalidLink = () => new DomainError('passwordReset.linkInvalid');

/**
 * Mails a single-use link to an account that can sign in with a password. The answer is the same
 * whether or not the email has an account, and the email is sent without waiting for the mail server,
 * so neither the words nor the time of the answer tell which emails are registered. The link goes out in the
 * language of the request, and that language is not stored on the account: anyone can ask for any address.
 */
export async function requestPasswordReset(deps: Deps, email: string, ip: string, now = new Date()) {
  await consume(
    deps.limits.enabled,
    [
      [deps.limits.passwordResetAddress, ip],
      [deps.limits.passwordResetEmail, email],
    ],
    'limit.passwordReset',
  );
  const user = findUserByContact(deps.db, { email });
  // Seeded demo voters have no password and must never get one; deactivated accounts cannot sign in.
  if (user?.email && user.passwordHash && user.isActive !== false) {
    const id = generateSecureRandomString();
    const secret = generateSecureRandomString();
    deps.db.delete(passwordResets).where(lt(passwordResets.expiresAt, now)).run();
    deps.db
      .insert(passwordResets)
      .values({
        id,
        userId: user.id,
        secretHash: hashSecret(secret),
        expiresAt: new Date(now.getTime() + PASSWORD_RESET_LIFETIME_MS),
        createdAt: now,
      })
      .run();
    const link = `${deps.env.PUBLIC_ORIGIN}/reset-password?token=${id}.${secret}`;
    deps.mailer
      .send({ to: user.email, ...mailText('passwordReset', deps.language ?? 'en', { link }) })
      .catch((error: unknown) => deps.log.error({ err: error, userId: user.id }, 'reset email not sent'));
  }
  return { success: true, message: messageText({ key: PASSWORD_RESET_REQUESTED }) };
}

function findUsableReset(deps: Pick<Deps, 'db'>, token: string, now: Date) {
  const parts = splitToken(token);
  if (!parts) return null;
  const row = deps.db
    .select({
      id: passwordResets.id,
      userId: passwordResets.userId,
      secretHash: passwordResets.secretHash,
      expiresAt: passwordResets.expiresAt,
    })
    .from(passwordResets)
    .where(and(eq(passwordResets.id, parts.id), isNull(passwordResets.usedAt)))
    .get();
  if (!row || row.expiresAt <= now || !secretMatches(parts.secret, row.secretHash)) return null;
  return row;
}

/** Sets the new password, spends every open link of the account and ends all its sessions. */
export async function resetPassword(
  deps: Pick<Deps, 'db'>,
  input: { token: string; newPassword: string },
  now = new Date(),
  /** Whose turn in the hashing line (the request's address key); the server's own when absent. */
  caller?: string,
) {
  // The token is checked before hashing, so invalid links cost no argon2 work.
  const reset = findUsableReset(deps, input.token, now);
  if (!reset) throw invalidLink();
  await refuseCommonPassword(input.newPassword);
  const passwordHash = await hashPassword(
    input.newPassword,
    caller === undefined ? undefined : { address: caller, holder: `user:${reset.userId}` },
  );
  deps.db.transaction((tx) => {
    // Checked again inside the write: two requests with one link change the password once.
    const spent = tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id })
      .all();
    if (!spent.some((row) => row.id === reset.id)) throw invalidLink();
    const user = tx
      .select({ emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, reset.userId))
      .get();
    // Opening the emailed link proves the address, as the verification link would.
    tx.update(users)
      .set({ passwordHash, emailVerifiedAt: user?.emailVerifiedAt ?? now })
      .where(eq(users.id, reset.userId))
      .run();
    invalidateUserSessions(tx, reset.userId);
    forgetCachedSessions();
    endTwoFactorChallenges(tx, reset.userId);
  });
  return { success: true };
}
