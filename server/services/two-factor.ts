import { encodeBase32NoPadding } from '@oslojs/encoding';
import { TOTP_CODE_PATTERN } from '@shared/schemas/account';
import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import { takePoints } from '../auth/rate-limits';
import { invalidateOtherSessions } from '../auth/sessions';
import { hashSecret } from '../auth/tokens';
import { formatRecoveryCode, matchTotpStep, newRecoveryCodes, newTotpKey, totpKeyUri } from '../auth/totp';
import type { Db } from '../db/client';
import { twoFactorAuthenticators, twoFactorRecoveryCodes } from '../db/schema';
import type { AppDeps } from '../deps';
import { DomainError } from '../errors/domain-error';
import { messageText } from '../errors/texts';
import { recordAudit } from './audit';

export const WRONG_CODE = messageText({ key: 'twoFactor.wrongCode' });
export const CODE_ALREADY_USED = messageText({ key: 'twoFactor.codeReused' });
export const ALREADY_ENABLED = messageText({ key: 'twoFactor.alreadyOn' });
export const SETUP_NOT_STARTED = messageText({ key: 'twoFactor.setupNotStarted' });
export const NOT_ENABLED = messageText({ key: 'twoFactor.notOn' });

type Deps = Pick<AppDeps, 'db' | 'limits'>;

function authenticatorOf(db: Pick<Db, 'select'>, userId: string) {
  return db
    .select({
      secret: twoFactorAuthenticators.secret,
      enabledAt: twoFactorAuthenticators.enabledAt,
      lastUsedStep: twoFactorAuthenticators.lastUsedStep,
    })
    .from(twoFactorAuthenticators)
    .where(eq(twoFactorAuthenticators.userId, userId))
    .get();
}

/** When two-factor sign-in was turned on, or null; reads no key. */
function enabledAt(db: Pick<Db, 'select'>, userId: string): Date | null {
  const row = db
    .select({ enabledAt: twoFactorAuthenticators.enabledAt })
    .from(twoFactorAuthenticators)
    .where(eq(twoFactorAuthenticators.userId, userId))
    .get();
  return row?.enabledAt ?? null;
}

export function isTwoFactorEnabled(db: Db, userId: string): boolean {
  return enabledAt(db, userId) !== null;
}

/** What the account page shows; never the key. */
export function twoFactorStatus(db: Db, userId: string) {
  const since = enabledAt(db, userId);
  const left = db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)))
    .get();
  return { enabled: since !== null, enabledAt: since, recoveryCodesLeft: since ? (left?.n ?? 0) : 0 };
}

/**
 * Starts enrolment with a fresh key (replacing an unfinished one). The key leaves the server only here,
 * as the otpauth:// URI, its QR code and the text for typing it in; after confirmation it never does.
 */
export async function beginTwoFactor(
  db: Db,
  user: { id: string; email: string | null; phone?: string | null },
) {
  if (isTwoFactorEnabled(db, user.id)) throw new DomainError('twoFactor.alreadyOn');
  const key = newTotpKey();
  const secret = Buffer.from(key);
  db.insert(twoFactorAuthenticators)
    .values({ userId: user.id, secret, enabledAt: null, lastUsedStep: null, createdAt: new Date() })
    .onConflictDoUpdate({
      target: twoFactorAuthenticators.userId,
      set: { secret, enabledAt: null, lastUsedStep: null, createdAt: new Date() },
    })
    .run();
  // The account's name in the authenticator app: its e-mail address, or its number.
  const uri = totpKeyUri(user.email ?? user.phone ?? 'Codka', key);
  // Drawn here, not by a third-party service, so the key never leaves this site.
  // qrcode is loaded on first enrolment, not at start (about 10 MB of idle memory).
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    uri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    manualKey:
      encodeBase32NoPadding(key)
        .match(/.{1,4}/g)
        ?.join(' ') ?? '',
  };
}

function replaceRecoveryCodes(db: Pick<Db, 'delete' | 'insert'>, userId: string, now: Date): string[] {
  const codes = newRecoveryCodes();
  db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId)).run();
  db.insert(twoFactorRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashSecret(code), createdAt: now })))
    .run();
  return codes.map(formatRecoveryCode);
}

/**
 * The first right code turns two-factor sign-in on and hands out the recovery codes, once. Every other session
 * of the account ends (the one that confirmed stays): a session someone opened with the password alone, or a
 * copied cookie, does not outlive the account's new second factor. `keepSessionId` null ends them all.
 */
export async function confirmTwoFactor(
  deps: Deps,
  actor: { userId: string; keepSessionId: string | null },
  code: string,
  now = new Date(),
) {
  const { userId } = actor;
  const attempt = await takePoints(
    deps.limits.enabled,
    [[deps.limits.failedTwoFactorUser, userId]],
    'limit.wrongCodes',
  );
  const row = authenticatorOf(deps.db, userId);
  const step =
    row && !row.enabledAt ? matchTotpStep(row.secret, code, row.lastUsedStep, now.getTime()) : null;
  if (row && !row.enabledAt && step === null) throw new DomainError('twoFactor.wrongCode');
  // Every outcome but a wrong code gives the point back: none of them was a guess.
  await attempt.giveBack();
  if (row?.enabledAt) throw new DomainError('twoFactor.alreadyOn');
  if (!row || step === null) throw new DomainError('twoFactor.setupNotStarted');
  return deps.db.transaction((tx) => {
    // Only the enrolment this code was checked against is confirmed: a second confirm racing this one,
    // or a restarted setup, finds enabled_at set or another key and changes nothing.
    const confirmed = tx
      .update(twoFactorAuthenticators)
      .set({ enabledAt: now, lastUsedStep: step })
      .where(
        and(
          eq(twoFactorAuthenticators.userId, userId),
          eq(twoFactorAuthenticators.secret, row.secret),
          isNull(twoFactorAuthenticators.enabledAt),
        ),
      )
      .run();
    if (confirmed.changes === 0) throw new DomainError('twoFactor.alreadyOn');
    const recoveryCodes = replaceRecoveryCodes(tx, userId, now);
    const otherSessionsEnded = invalidateOtherSessions(tx, userId, actor.keepSessionId);
    recordAudit(tx, {
      action: 'enable_two_factor',
      tableName: 'two_factor_authenticators',
      recordId: userId,
      newValues: { otherSessionsEnded },
      actorId: userId,
    });
    return { enabled: true, recoveryCodes, otherSessionsEnded };
  });
}

/** Spends the account's current authenticator code or an unused recovery code. */
function spendSecondFactor(db: Db, userId: string, code: string, now: Date): 'ok' | 'wrong' | 'reused' {
  const row = authenticatorOf(db, userId);
  if (!row?.enabledAt) return 'wrong';
  if (TOTP_CODE_PATTERN.test(code)) {
    const step = matchTotpStep(row.secret, code, row.lastUsedStep, now.getTime());
    if (step === null) {
      // A right code from a step already spent: say so, since the app still shows it for a few seconds.
      const seen = matchTotpStep(row.secret, code, null, now.getTime());
      return seen !== null ? 'reused' : 'wrong';
    }
    // Spent in SQL only if no one spent this step (or a later one) first: one code, one success.
    const spent = db
      .update(twoFactorAuthenticators)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(twoFactorAuthenticators.userId, userId),
          or(isNull(twoFactorAuthenticators.lastUsedStep), lt(twoFactorAuthenticators.lastUsedStep, step)),
        ),
      )
      .run();
    return spent.changes > 0 ? 'ok' : 'reused';
  }
  // A recovery code has 50 random bits, so a plain hash lookup is safe; marking it used in the same
  // statement means two requests racing with one code cannot both succeed.
  const spent = db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, hashSecret(code)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .run();
  return spent.changes > 0 ? 'ok' : 'wrong';
}

/**
 * Checks a second factor under the per-account limit of wrong codes; throws UNAUTHORIZED with
 * WRONG_CODE (or TOO_MANY_REQUESTS with the wait) when it fails. The point is spent before the code is
 * looked at and given back when it is right (or was right but already used), so concurrent guesses cannot
 * all pass. Safe for any caller (sign-in, step-up, turning two-factor off).
 */
export async function verifySecondFactor(deps: Deps, userId: string, code: string, now = new Date()) {
  const attempt = await takePoints(
    deps.limits.enabled,
    [[deps.limits.failedTwoFactorUser, userId]],
    'limit.wrongCodes',
  );
  const outcome = spendSecondFactor(deps.db, userId, code, now);
  if (outcome === 'wrong') throw new DomainError('twoFactor.wrongCode');
  await attempt.giveBack();
  if (outcome === 'reused') throw new DomainError('twoFactor.codeReused');
}

/** Turns two-factor sign-in off and forgets the key and the recovery codes. The password was checked by the caller. */
export async function disableTwoFactor(deps: Deps, userId: string, code: string, now = new Date()) {
  if (!isTwoFactorEnabled(deps.db, userId)) throw new DomainError('twoFactor.notOn');
  await verifySecondFactor(deps, userId, code, now);
  deps.db.transaction((tx) => {
    tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId)).run();
    tx.delete(twoFactorAuthenticators).where(eq(twoFactorAuthenticators.userId, userId)).run();
    recordAudit(tx, {
      action: 'disable_two_factor',
      tableName: 'two_factor_authenticators',
      recordId: userId,
      actorId: userId,
    });
  });
  return { enabled: false };
}
