import type { MessageLanguage } from '@shared/i18n/error-messages';
import { and, eq, isNull } from 'drizzle-orm';
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

/** Marks the email verified; a link works once, before it expires, and only for the address it was sent to. */
export function verifyEmail(db: Db, token: string, now = new Date()): { email: string } {
  const parts = splitToken(token);
  if (!parts) throw new DomainError('emailVerification.linkExpired');
  return db.transaction((tx) => {
    const row = tx
      .select()
      .from(emailVerifications)
      .where(and(eq(emailVerifications.id, parts.id), isNull(emailVerifications.usedAt)))
      .get();
    if (!row || row.expiresAt <= now || !secretMatches(parts.secret, row.secretHash)) {
      throw new DomainError('emailVerification.linkExpired');
    }
    const user = tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId)).get();
    if (!user || user.email !== row.email) throw new DomainError('emailVerification.linkExpired');
    tx.update(emailVerifications).set({ usedAt: now }).where(eq(emailVerifications.id, row.id)).run();
    tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, row.userId)).run();
    forgetCachedSessions();
    return { email: row.email };
  });
}
