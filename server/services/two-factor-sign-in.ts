import { TRPCError } from '@trpc/server';
import { eq, lt, sql } from 'drizzle-orm';
import { accountMessages } from '../../shared/schemas/account';
import { generateSecureRandomString, hashSecret, secretMatches, splitToken } from '../auth/tokens';
import type { Db } from '../db/client';
import { profiles, twoFactorChallenges } from '../db/schema';
import type { AppDeps } from '../trpc/context';
import { ACCOUNT_DEACTIVATED } from './accounts';
import { verifySecondFactor } from './two-factor';

/** Long enough to unlock a phone and open the app; short enough that a stolen pending token soon dies. */
export const TWO_FACTOR_CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
/** Wrong codes one pending sign-in may take before the password must be typed again. */
export const TWO_FACTOR_CHALLENGE_ATTEMPTS = 5;

type Deps = Pick<AppDeps, 'db' | 'limits'>;

const expired = () => new TRPCError({ code: 'BAD_REQUEST', message: accountMessages.signInExpired });

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
 * pending token is spent on success and after too many wrong codes.
 */
export async function completeTwoFactorChallenge(
  deps: Deps,
  input: { pendingToken: string; code: string },
  now = new Date(),
): Promise<string> {
  const parts = splitToken(input.pendingToken);
  if (!parts) throw expired();
  const row = deps.db
    .select({
      id: twoFactorChallenges.id,
      userId: twoFactorChallenges.userId,
      secretHash: twoFactorChallenges.secretHash,
      failedAttempts: twoFactorChallenges.failedAttempts,
      expiresAt: twoFactorChallenges.expiresAt,
    })
    .from(twoFactorChallenges)
    .where(eq(twoFactorChallenges.id, parts.id))
    .get();
  if (!row || !secretMatches(parts.secret, row.secretHash)) throw expired();
  if (row.expiresAt <= now || row.failedAttempts >= TWO_FACTOR_CHALLENGE_ATTEMPTS) {
    deps.db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id, row.id)).run();
    throw expired();
  }
  try {
    await verifySecondFactor(deps, row.userId, input.code, now);
  } catch (error) {
    deps.db
      .update(twoFactorChallenges)
      .set({ failedAttempts: sql`${twoFactorChallenges.failedAttempts} + 1` })
      .where(eq(twoFactorChallenges.id, row.id))
      .run();
    throw error;
  }
  deps.db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id, row.id)).run();
  const profile = deps.db
    .select({ isActive: profiles.isActive })
    .from(profiles)
    .where(eq(profiles.userId, row.userId))
    .get();
  if (profile?.isActive === false) throw new TRPCError({ code: 'FORBIDDEN', message: ACCOUNT_DEACTIVATED });
  return row.userId;
}

/** Pending sign-ins die with a password change or reset: the password they proved is no longer valid. */
export function endTwoFactorChallenges(db: Pick<Db, 'delete'>, userId: string): void {
  db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId)).run();
}
