import { invalidateOtherSessions } from '../auth/sessions';
import type { Db } from '../db/client';
import { recordAudit } from './audit';
import { endTwoFactorChallenges } from './two-factor-sign-in';

/**
 * Ends every session of the account, the one that asked included, and every sign-in still waiting for its
 * authenticator code: whoever holds a copied cookie is out at once, and so is the owner, who signs in again.
 * Ending this one too means a thief who presses it cannot keep their own session while ending the owner's.
 */
export function signOutEverywhere(db: Db, userId: string): { sessionsEnded: number } {
  return db.transaction((tx) => {
    endTwoFactorChallenges(tx, userId);
    // The session cache is emptied in the same synchronous step as the delete: no request remembers one between.
    const sessionsEnded = invalidateOtherSessions(tx, userId, null);
    recordAudit(tx, {
      action: 'sign_out_everywhere',
      tableName: 'sessions',
      recordId: userId,
      newValues: { sessionsEnded },
      actorId: userId,
    });
    return { sessionsEnded };
  });
}
