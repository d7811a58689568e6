import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ussdSessions } from '../../db/schema';

/** Gateways end a session within minutes; a binding is kept this long, then forgotten. */
export const USSD_SESSION_TTL_MS = 30 * 60 * 1000;

/**
 * Binds a session id to the number that opened it, or tells whether it is that number: false when the id was
 * opened by another number within the TTL. The insert is the arbiter, so two requests racing with one id and two
 * numbers bind exactly one. Expired bindings are deleted as new sessions start (an index on started_at).
 */
export function sessionBelongsTo(db: Db, sessionId: string, phoneHash: string, now = new Date()): boolean {
  return db.transaction((tx) => {
    const bound = tx
      .select({ phoneHash: ussdSessions.phoneHash, startedAt: ussdSessions.startedAt })
      .from(ussdSessions)
      .where(eq(ussdSessions.sessionId, sessionId))
      .get();
    if (bound && now.getTime() - bound.startedAt.getTime() < USSD_SESSION_TTL_MS) {
      return bound.phoneHash === phoneHash;
    }
    tx.delete(ussdSessions)
      .where(lt(ussdSessions.startedAt, new Date(now.getTime() - USSD_SESSION_TTL_MS)))
      .run();
    tx.insert(ussdSessions)
      .values({ sessionId, phoneHash, startedAt: now })
      .onConflictDoUpdate({ target: ussdSessions.sessionId, set: { phoneHash, startedAt: now } })
      .run();
    return true;
  });
}
