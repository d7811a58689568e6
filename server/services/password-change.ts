import type { MessageLanguage } from '@shared/i18n/error-messages';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { refuseCommonPassword } from '../auth/common-passwords';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { takePoints } from '../auth/rate-limits';
import { forgetCachedSessions } from '../auth/session-cache';
import { passwordResets, sessions, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { DomainError } from '../errors/domain-error';
import { messageText } from '../errors/texts';
import { mailText } from '../mail/texts';
import { endTwoFactorChallenges } from './two-factor-sign-in';

export const WRONG_CURRENT_PASSWORD = messageText({ key: 'password.currentWrong' });

type Deps = Pick<AppDeps, 'db' | 'limits' | 'mailer' | 'log'> & { ip?: string; language?: MessageLanguage };
/** What a password check needs: the requester's address key (ctx.ip) puts its hash in that address's lane. */
export type PasswordCheckDeps = Pick<AppDeps, 'db' | 'limits'> & { ip?: string };

/**
 * The hash waits in the requester's address lane, as one of the account's places in it: keyed on the
 * account alone, one address with 100 accounts held 100 lanes and filled the line. Without an address
 * (in-process callers) the account is its own lane.
 */
export function accountTurn(deps: { ip?: string }, userId: string) {
  return { address: deps.ip ?? `user:${userId}`, holder: `user:${userId}` };
}
interface Actor {
  userId: string;
  sessionId: string;
  /** Null for an account made on a phone number: it gets no e-mailed notice. */
  email: string | null;
}

/**
 * Checks a signed-in user's own password, under a per-account limit: a stolen session must not become
 * a way to guess the password (and so to change it, or to turn two-factor sign-in off). The point is spent
 * before the hash and given back when the password is right, so concurrent guesses cannot all pass; the
 * hash waits in the requester's address lane of the hashing line (accountTurn). Safe for any caller (step-up, two-factor).
 */
export async function checkOwnPassword(deps: PasswordCheckDeps, userId: string, password: string) {
  const attempt = await takePoints(
    deps.limits.enabled,
    [[deps.limits.failedPasswordCheckUser, userId]],
    'limit.wrongPasswords',
  );
  let valid: boolean;
  try {
    const row = deps.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId))
      .get();
    valid = await verifyPassword(row?.passwordHash ?? null, password, accountTurn(deps, userId));
  } catch (error) {
    // Refused before any password was tried (the hashing line is full): not a guess.
    await attempt.giveBack();
    throw error;
  }
  if (!valid) throw new DomainError('password.currentWrong');
  await attempt.giveBack();
}

/** Sets a new password and ends every other session of the account; this one stays signed in. */
export async function changePassword(
  deps: Deps,
  actor: Actor,
  input: { currentPassword: string; newPassword: string },
) {
  await refuseCommonPassword(input.newPassword);
  await checkOwnPassword(deps, actor.userId, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword, accountTurn(deps, actor.userId));
  const otherSessionsEnded = deps.db.transaction((tx) => {
    tx.update(users).set({ passwordHash }).where(eq(users.id, actor.userId)).run();
    // An emailed reset link would otherwise still set a password the owner no longer expects.
    tx.update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, actor.userId), isNull(passwordResets.usedAt)))
      .run();
    endTwoFactorChallenges(tx, actor.userId);
    forgetCachedSessions();
    return tx
      .delete(sessions)
      .where(and(eq(sessions.userId, actor.userId), ne(sessions.id, actor.sessionId)))
      .run().changes;
  });
  // Tells the owner if it was not them (in the language of the request); the change stands whether or not the
  // mail goes out.
  if (actor.email === null) return { success: true, otherSessionsEnded };
  deps.mailer
    .send({ to: actor.email, ...mailText('passwordChanged', deps.language ?? 'en') })
    .catch((error: unknown) => deps.log.error({ err: error, userId: actor.userId }, 'notice not sent'));
  return { success: true, otherSessionsEnded };
}
