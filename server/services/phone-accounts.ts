import { PASSWORD_RESET_SMS_REQUESTED } from '@shared/schemas/account';
import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { refuseCommonPassword } from '../auth/common-passwords';
import { hashPassword } from '../auth/passwords';
import { readPhoneNumber } from '../auth/phone-numbers';
import { consume, takePoints } from '../auth/rate-limits';
import { forgetCachedSessions } from '../auth/session-cache';
import type { SessionUser } from '../auth/sessions';
import { invalidateUserSessions } from '../auth/sessions';
import type { Db } from '../db/client';
import { phoneCodes, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { DomainError } from '../errors/domain-error';
import { messageText } from '../errors/texts';
import { findUserByContact } from './accounts';
import { checkPhoneCode, sendPhoneCode, spendPhoneCode } from './phone-codes';
import { takeSmsAllowance } from './sms/send';
import { endTwoFactorChallenges } from './two-factor-sign-in';

type Deps = Pick<AppDeps, 'db' | 'limits' | 'sms' | 'env' | 'log'>;

/** The account that holds a number with its code confirmed, other than `userId`'s. */
function confirmedElsewhere(db: Pick<Db, 'select'>, phone: string, userId: string) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), ne(users.id, userId), isNotNull(users.phoneConfirmedAt)))
    .get();
}

/**
 * Sends a code to a number the signed-in account adds, changes to, or has not confirmed yet. The number stays
 * the account's own until then: it is written on the account only when its code comes back (confirmPhone). A
 * number another account confirmed is refused without an SMS; the account's own confirmed number needs none.
 */
export async function requestPhoneCode(
  deps: Deps,
  user: Pick<SessionUser, 'id' | 'phone' | 'phoneConfirmed'>,
  typed: string,
  ip: string,
): Promise<{ sent: boolean; alreadyConfirmed: boolean }> {
  const phone = readPhoneNumber(typed, deps.env.PHONE_COUNTRIES);
  if (phone === user.phone && user.phoneConfirmed) return { sent: false, alreadyConfirmed: true };
  // Taken before the answer "this number belongs to another account", so asking it is counted like a code:
  // an account cannot list which numbers have accounts faster than it could be sent codes.
  const allowance = await takeSmsAllowance(deps, { to: phone, address: ip, userId: user.id });
  if (confirmedElsewhere(deps.db, phone, user.id)) {
    await allowance.giveBackSite();
    throw new DomainError('phone.taken');
  }
  await sendPhoneCode(deps, { userId: user.id, phone, purpose: 'confirm' });
  return { sent: true, alreadyConfirmed: false };
}

/** What the account's holder is told about their own code: they may know it is wrong, not expired. */
const CHECK_REFUSALS = {
  expired: 'phone.codeExpired',
  tooManyTries: 'phone.tooManyTries',
  wrong: 'phone.codeWrong',
} as const;

/**
 * Confirms the number the account's last code went to, and makes it the account's number. A number some other
 * account only holds unconfirmed (typed at sign-up, never proved) is taken from it: whoever typed the code
 * controls the number now, and that account never showed it did. One confirmed by another account is refused.
 */
export function confirmPhone(db: Db, userId: string, code: string, now = new Date()): { phone: string } {
  const check = checkPhoneCode(db, { userId, purpose: 'confirm' }, code, now);
  if (check.outcome !== 'right') throw new DomainError(CHECK_REFUSALS[check.outcome]);
  const { id, phone } = check;
  const outcome = db.transaction((tx) => {
    if (!spendPhoneCode(tx, id, now)) return 'expired' as const;
    if (confirmedElsewhere(tx, phone, userId)) return 'taken' as const;
    tx.update(users)
      .set({ phone: null, phoneConfirmedAt: null })
      .where(and(eq(users.phone, phone), ne(users.id, userId)))
      .run();
    tx.update(users).set({ phone, phoneConfirmedAt: now }).where(eq(users.id, userId)).run();
    return 'confirmed' as const;
  });
  // Thrown after the write: the code is spent either way.
  if (outcome === 'expired') throw new DomainError('phone.codeExpired');
  if (outcome === 'taken') throw new DomainError('phone.taken');
  forgetCachedSessions();
  return { phone };
}

/**
 * Sends a code by SMS to choose a new password. The answer is the same whether or not the number has an
 * account, and so are the limits: per address and per number for every request, and the SMS limits too (only
 * the site's day is given back when no SMS goes), so neither a refusal nor its absence tells which numbers
 * are registered. The SMS is not awaited, so the answer's time does not tell either.
 */
export async function requestPasswordResetByPhone(deps: Deps, typed: string, ip: string, now = new Date()) {
  const phone = readPhoneNumber(typed, deps.env.PHONE_COUNTRIES);
  await consume(
    deps.limits.enabled,
    [
      [deps.limits.passwordResetAddress, ip],
      [deps.limits.passwordResetEmail, phone],
    ],
    'limit.passwordReset',
  );
  const allowance = await takeSmsAllowance(deps, { to: phone, address: ip });
  const user = findUserByContact(deps.db, { phone });
  // Seeded demo voters have no password and must never get one; deactivated accounts cannot sign in.
  if (user?.passwordHash && user.isActive !== false) {
    void sendPhoneCode(deps, { userId: user.id, phone, purpose: 'reset' }, now);
  } else {
    await allowance.giveBackSite();
  }
  return { success: true, message: messageText({ key: PASSWORD_RESET_SMS_REQUESTED }) };
}

/**
 * Sets a new password with the code a number received: every session of the account ends, and the number
 * counts as confirmed (the code proves it, as the e-mailed link proves an address). Wrong codes are counted
 * per number whether or not it has an account, and every failure has one sentence, so the answer never tells
 * which numbers have an account or a live code.
 */
export async function resetPasswordWithCode(
  deps: Deps,
  input: { phone: string; code: string; newPassword: string },
  ip: string,
  now = new Date(),
) {
  const phone = readPhoneNumber(input.phone, deps.env.PHONE_COUNTRIES);
  const attempt = await takePoints(
    deps.limits.enabled,
    [[deps.limits.wrongSmsCodeNumber, phone]],
    'limit.wrongSmsCodes',
  );
  const user = findUserByContact(deps.db, { phone });
  const check = user
    ? checkPhoneCode(deps.db, { userId: user.id, purpose: 'reset', phone }, input.code, now)
    : null;
  if (!user || check?.outcome !== 'right') throw new DomainError('phone.codeInvalid');
  const codeId = check.id;
  let passwordHash: string;
  try {
    await refuseCommonPassword(input.newPassword);
    passwordHash = await hashPassword(input.newPassword, { address: ip, holder: `user:${user.id}` });
  } catch (error) {
    // A common password, or refused by the hashing line: the code is still good, and this was no guess.
    await attempt.giveBack();
    throw error;
  }
  const done = deps.db.transaction((tx) => {
    if (!spendPhoneCode(tx, codeId, now)) return false;
    tx.update(phoneCodes)
      .set({ usedAt: now })
      .where(and(eq(phoneCodes.userId, user.id), eq(phoneCodes.purpose, 'reset'), isNull(phoneCodes.usedAt)))
      .run();
    const current = tx
      .select({ phoneConfirmedAt: users.phoneConfirmedAt })
      .from(users)
      .where(eq(users.id, user.id))
      .get();
    tx.update(users)
      .set({ passwordHash, phoneConfirmedAt: current?.phoneConfirmedAt ?? now })
      .where(eq(users.id, user.id))
      .run();
    invalidateUserSessions(tx, user.id);
    endTwoFactorChallenges(tx, user.id);
    return true;
  });
  if (!done) throw new DomainError('phone.codeInvalid');
  forgetCachedSessions();
  await attempt.giveBack();
  return { success: true };
}
