import type { dashboardUnlockInput } from '@shared/schemas/admin';
import type { z } from 'zod';
import { DomainError } from '../../errors/domain-error';
import { messageText } from '../../errors/texts';
import type { PasswordCheckDeps } from '../password-change';
import { IdentityMismatch, stepUp } from '../step-up';

export const DASHBOARD_INVALID = messageText({ key: 'signIn.invalidCredentials' });

interface Actor {
  sessionId: string;
  userId: string;
  /** Null for an account made on a phone number, which never matches a typed username. */
  email: string | null;
}

/**
 * The dashboard's login form (docs/product.md#admin-dashboard: a step-up, never credentials embedded in the client,
 * docs/product.md#step-up): the signed-in System Admin types their own email and password again. It is the session's
 * step-up (auth.stepUp) with one more check, that the username is the signed-in account; its limits and its 1 s
 * minimum are the step-up's.
 */
export async function unlockDashboard(
  deps: PasswordCheckDeps,
  actor: Actor,
  input: z.output<typeof dashboardUnlockInput>,
) {
  const identityMatches = input.username.toLowerCase() === actor.email?.toLowerCase();
  try {
    const { until } = await stepUp(deps, actor, input, { identityMatches });
    return { unlocked: true, unlockedUntil: until, until };
  } catch (error) {
    // The form says the same for a wrong password and for another account's email
    // (docs/product.md#messages-and-empty-states).
    const wrongPassword = error instanceof DomainError && error.code === 'password.currentWrong';
    if (wrongPassword || error instanceof IdentityMismatch) {
      throw new DomainError('signIn.invalidCredentials');
    }
    throw error;
  }
}
