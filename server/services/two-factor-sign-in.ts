import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { generateSecureRandomString, hashSecret, secretMatches, splitToken } from '../auth/tokens';
import type { Db } from '../db/client';
import { profiles, twoFactorChallenges } from '../db/schema';
import type { AppDeps } from '../deps';
import { DomainError } from '../errors/domain-error';
import { verifySecondFactor } from './two-factor';

/** Long enough to unlock a phone and open the app; short enough that a stolen pending token soon dies. */
export const TWO_FACTOR_CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
/** Wrong codes one pending sign-in may take before the password must be typed again. */
export const TWO_FACTOR_CHALLENGE_ATTEMPTS = 5;

type Deps = Pick<AppDeps, 'db' | 'limits'>;

const expired = () => new DomainError('signIn.expired');

/** After a right password for an account with two-factor sign-in: a pending token, and no session yet. */
export function startTwoFactorChallenge(db: Db, userId: string, now = new Date()): string {
  const id = generateSecureRandomString();
  const secret = generateSecureRandomString();
  db.transaction((tx) => {
    tx.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, now)).run();
    tx.insert(twoFactorChallenges)
      .values({
        id,
        userId,
        secretHash: hashSecret(secret),
        expiresAt: new Date(now.getTime() + TWO_FACTOR_CHALLENGE_LIFETIME_MS),
        createdAt: now,
      })
      .run();
  });
  return `${id}.${secret}`;
}

/**
 * Finishes a pending sign-in with an authenticator or recovery code. Returns the user's id; the
 * pending token is spent on success and after too many wrong codes. Each attempt is reserved in SQL
 * (one UPDATE that counts it only while fewer than TWO_FACTOR_CHALLENGE_ATTEMPTS were made) before the
 * code is looked at: 100 concurrent codes against one token get 5 tries, not 100.
 */
export async function completeTwoFactorChallenge(
  deps: Deps,
  input: { pendingToken: string; code: string },
  now = new Date(),
): Promise<string> {
  const parts = splitToken(input.pendingToken);
  if (!parts) throw expired();
  const row = deps.db
    .select({ id: twoFactorChallenges.id, secretHash: twoFactorChallenges.secretHash })
    .from(twoFactorChallenges)
    .where(eq(twoFactorChallenges.id, parts.id))
    .get();
  if (!row || !secretMatches(parts.secret, row.secretHash)) throw expired();
  const reserved = deps.db
    .update(twoFactorChallenges)
    .set({ failedAttempts: sql`${twoFactorChallenges.failedAttempts} + 1` })
    .where(
      and(
        eq(twoFactorChallenges.id, row.id),
        lt(twoFactorChallenges.failedAttempts, TWO_FACTOR_CHALLENGE_ATTEMPTS),
        gt(twoFactorChallenges.expiresAt, now),
      ),
    )
    .returning({ userId: twoFactorChallenges.userId })
    .get();
  if (!reserved) {
    deps.db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id, row.id)).run();
    throw expired();
  }
  try {
    await verifySecondFactor(deps, reserved.userId, input.code, now);
  } catch (error) {
    // Refused by the account's limit before any code was looked at: the attempt was not made.
    if (error instanceof DomainError && error.kind === 'tooManyRequests') {
      deps.db
        .update(twoFactorChallenges)
        .set({ failedAttempts: sql`${twoFactorChallenges.failedAttempts} - 1` })
        .where(eq(twoFactorChallenges.id, row.id))
        .run();
    }
    throw error;
  }
  // Only one right code spends the token: a second success racing this one finds it gone.
  const spent = deps.db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id, row.id)).run();
  if (spent.changes === 0) throw expired();
  const profile = deps.db
    .select({ isActive: profiles.isActive })
    .from(profiles)
    .where(eq(profiles.userId, reserved.userId))
    .get();
  if (profile?.isActive === false) throw new DomainError('account.deactivated');
  return reserved.userId;
}

/** Pending sign-ins die with a password change or reset: the password they proved is no longer valid. */
export function endTwoFactorChallenges(db: Pick<Db, 'delete'>, userId: string): void {
  db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId)).run();
}
