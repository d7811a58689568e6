import { eq } from 'drizzle-orm';
import { forgetCachedSessions } from '../auth/session-cache';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { DomainError } from '../errors/domain-error';
import { messageText } from '../errors/texts';
import { checkOwnPassword, type PasswordCheckDeps } from './password-change';
import { isTwoFactorEnabled, verifySecondFactor } from './two-factor';

/** How long a step-up lasts: "re-authenticated within the last 15 minutes" (docs/product.md#step-up). */
export const STEP_UP_MS = 15 * 60 * 1000;
/**
 * docs/product.md#step-up: each dashboard login attempt takes at least one second; every step-up attempt does the
 * same.
 */
export const STEP_UP_ATTEMPT_MIN_MS = 1000;
/** What a refused high-value action answers (PRECONDITION_FAILED; the client opens its password dialog). */
export const STEP_UP_REQUIRED = messageText({ key: 'stepUp.required' });
export const STEP_UP_CODE_REQUIRED = messageText({ key: 'stepUp.codeRequired' });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function isSteppedUp(until: Date | null, now = Date.now()): boolean {
  return until !== null && until.getTime() > now;
}

/** What auth.stepUpStatus answers: whether this session is stepped up, until when, and if a code is asked. */
export function stepUpStatus(db: Db, session: { steppedUpUntil: Date | null }, userId: string) {
  const active = isSteppedUp(session.steppedUpUntil);
  return {
    active,
    until: active ? session.steppedUpUntil : null,
    twoFactorRequired: isTwoFactorEnabled(db, userId),
  };
}

interface StepUpActor {
  sessionId: string;
  userId: string;
}

/**
 * Re-authenticates one session: the account's own password, and the authenticator (or a recovery) code when
 * two-factor sign-in is on. The limits live in checkOwnPassword and verifySecondFactor (a point is taken before
 * the argon2id or database work); nothing here counts attempts. Only this session is stepped up: another
 * session of the same account, or a new sign-in, starts without it.
 */
export async function stepUp(
  deps: PasswordCheckDeps,
  actor: StepUpActor,
  input: { password: string; code?: string | undefined },
  options: { identityMatches?: boolean } = {},
): Promise<{ until: Date }> {
  const started = Date.now();
  try {
    // Asked before the password is spent, so forgetting the code does not cost a password attempt.
    const codeNeeded = isTwoFactorEnabled(deps.db, actor.userId);
    if (codeNeeded && !input.code) {
      throw new DomainError('stepUp.codeRequired');
    }
    await checkOwnPassword(deps, actor.userId, input.password);
    if (options.identityMatches === false) throw new IdentityMismatch();
    if (codeNeeded && input.code) await verifySecondFactor(deps, actor.userId, input.code);
    const until = new Date(Date.now() + STEP_UP_MS);
    deps.db.update(sessions).set({ steppedUpUntil: until }).where(eq(sessions.id, actor.sessionId)).run();
    forgetCachedSessions();
    return { until };
  } finally {
    const elapsed = Date.now() - started;
    if (elapsed < STEP_UP_ATTEMPT_MIN_MS) await sleep(STEP_UP_ATTEMPT_MIN_MS - elapsed);
  }
}

/** The dashboard form's username was not the signed-in admin's email (its caller answers its own sentence). */
export class IdentityMismatch extends Error {
  constructor() {
    super('the username is not the signed-in account');
    this.name = 'IdentityMismatch';
  }
}

/** Ends this session's step-up (the dashboard's Logout button). */
export function endStepUp(db: Db, sessionId: string) {
  db.update(sessions).set({ steppedUpUntil: null }).where(eq(sessions.id, sessionId)).run();
  forgetCachedSessions();
}
