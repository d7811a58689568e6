import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { dashboardUnlockInput } from '../../../shared/schemas/admin';
import { verifyPassword } from '../../auth/passwords';
import { assertNotLimited, consume } from '../../auth/rate-limits';
import { sessions, users } from '../../db/schema';
import type { AppDeps } from '../../trpc/context';
import { isTwoFactorEnabled, verifySecondFactor } from '../two-factor';

/** How long a successful dashboard login lasts before the form is asked again. */
export const DASHBOARD_UNLOCK_MS = 30 * 60 * 1000;
/** SPEC §9: each dashboard login attempt takes at least one second, which also slows guessing. */
export const DASHBOARD_ATTEMPT_MIN_MS = 1000;
export const DASHBOARD_INVALID = 'Invalid credentials. Please try again.';
export const DASHBOARD_CODE_REQUIRED = 'Please enter the code from your authenticator app.';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Deps = Pick<AppDeps, 'db' | 'limits'>;
interface Actor {
  sessionId: string;
  userId: string;
  email: string;
  ip: string;
}

/**
 * The dashboard's step-up check (ARCHITECTURE §7, replacing the spec's credentials embedded in the client):
 * the signed-in System Admin types their own email and password again, and this session is unlocked for a while.
 */
export async function unlockDashboard(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof dashboardUnlockInput>,
  now = Date.now(),
) {
  const started = Date.now();
  try {
    const keys: [typeof deps.limits.failedSignInAccount, string][] = [
      [deps.limits.failedSignInAccountAddress, `${actor.email}|${actor.ip}`],
      [deps.limits.failedSignInAccount, actor.email],
    ];
    await assertNotLimited(deps.limits.enabled, keys, 'Too many failed login attempts.');
    const row = deps.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, actor.userId))
      .get();
    const sameAccount = input.username.toLowerCase() === actor.email;
    const valid = (await verifyPassword(row?.passwordHash ?? null, input.password)) && sameAccount;
    if (!valid) {
      await consume(deps.limits.enabled, keys, 'Too many failed login attempts.').catch(() => undefined);
      throw new TRPCError({ code: 'UNAUTHORIZED', message: DASHBOARD_INVALID });
    }
    // An enrolled admin proves the second factor here too (decision 006).
    if (isTwoFactorEnabled(deps.db, actor.userId)) {
      if (!input.code) throw new TRPCError({ code: 'UNAUTHORIZED', message: DASHBOARD_CODE_REQUIRED });
      await verifySecondFactor(deps, actor.userId, input.code);
    }
    const unlockedUntil = new Date(now + DASHBOARD_UNLOCK_MS);
    deps.db
      .update(sessions)
      .set({ adminUnlockedUntil: unlockedUntil })
      .where(eq(sessions.id, actor.sessionId))
      .run();
    return { unlocked: true, unlockedUntil };
  } finally {
    const elapsed = Date.now() - started;
    if (elapsed < DASHBOARD_ATTEMPT_MIN_MS) await sleep(DASHBOARD_ATTEMPT_MIN_MS - elapsed);
  }
}

export function lockDashboard(deps: Pick<AppDeps, 'db'>, sessionId: string) {
  deps.db.update(sessions).set({ adminUnlockedUntil: null }).where(eq(sessions.id, sessionId)).run();
  return { unlocked: false, unlockedUntil: null };
}

export function isDashboardUnlocked(unlockedUntil: Date | null, now = Date.now()): boolean {
  return unlockedUntil !== null && unlockedUntil.getTime() > now;
}
