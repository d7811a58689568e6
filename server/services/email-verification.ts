import type { MessageLanguage } from '@shared/i18n/error-messages';
import { eq } from 'drizzle-orm';
import { forgetCachedSessions } from '../auth/session-cache';
import { generateSecureRandomString, hashSecret, secretMatches, splitToken } from '../auth/tokens';
import type { Db } from '../db/client';
import { emailVerifications, users } from '../db/schema';
import { DomainError } from '../errors/domain-error';
import type { Mailer } from '../mail/mailer';
import { mailText } from '../mail/texts';

export const EMAIL_VERIFICATION_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Creates a single-use, expiring link (only its hash is stored) and mails it, in the language of the request. */
export async function sendVerificationEmail(
  deps: { db: Db; mailer: Mailer; publicOrigin: string },
  user: { id: string; email: string },
  language: MessageLanguage,
  now = new Date(),
): Promise<void> {
  const id = generateSecureRandomString();
  const secret = generateSecureRandomString();
  deps.db
    .insert(emailVerifications)
    .values({
      id,
      userId: user.id,
      email: user.email,
      secretHash: hashSecret(secret),
      expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_LIFETIME_MS),
      createdAt: now,
    })
    .run();
  const link = `${deps.publicOrigin}/verify-email?token=${id}.${secret}`;
  await deps.mailer.send({ to: user.email, ...mailText('verifyEmail', language, { link }) });
}

/**
 * Marks the email verified; a link works once, before it expires, and only for the address it was sent to. A link
 * opened again once its address is confirmed (the same link, or another sent to it) says so rather than fail:
 * whoever holds its secret learns only that their own address is confirmed.
 */
export function verifyEmail(
  db: Db,
  token: string,
  now = new Date(),
): { email: string; alreadyVerified: boolean } {
  const parts = splitToken(token);
  if (!parts) throw new DomainError('emailVerification.linkExpired');
  return db.transaction((tx) => {
    const row = tx.select().from(emailVerifications).where(eq(emailVerifications.id, parts.id)).get();
    if (!row || !secretMatches(parts.secret, row.secretHash)) {
      throw new DomainError('emailVerification.linkExpired');
    }
    const user = tx
      .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, row.userId))
      .get();
    if (!user || user.email !== row.email) throw new DomainError('emailVerification.linkExpired');
    if (user.emailVerifiedAt) {
      if (!row.usedAt) {
        tx.update(emailVerifications).set({ usedAt: now }).where(eq(emailVerifications.id, row.id)).run();
      }
      return { email: row.email, alreadyVerified: true };
    }
    if (row.usedAt || row.expiresAt <= now) throw new DomainError('emailVerification.linkExpired');
    tx.update(emailVerifications).set({ usedAt: now }).where(eq(emailVerifications.id, row.id)).run();
    tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, row.userId)).run();
    forgetCachedSessions();
    return { email: row.email, alreadyVerified: false };
  });
}
