import { dayKey } from '@shared/months';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { smsDailyCounts } from '../../db/schema';

/**
 * Takes one SMS from the site's day (SMS_DAILY_LIMIT), or refuses: the day's count after this one, or null at
 * the ceiling. One statement, so SQLite's single writer decides: two requests at once, in this process or
 * another on the same file, cannot both take the last SMS, and a restart finds the day where it was. The day
 * is Mogadishu's calendar day, so "try again tomorrow" means what it says.
 */
export function takeDailySms(
  db: Pick<Db, 'insert'>,
  limit: number,
  now = new Date(),
): { day: string; sent: number } | null {
  const day = dayKey(now);
  const row = db
    .insert(smsDailyCounts)
    .values({ day, sent: 1 })
    .onConflictDoUpdate({
      target: smsDailyCounts.day,
      set: { sent: sql`${smsDailyCounts.sent} + 1` },
      setWhere: sql`${smsDailyCounts.sent} < ${limit}`,
    })
    .returning({ sent: smsDailyCounts.sent })
    .get();
  return row ? { day, sent: row.sent } : null;
}

/** Gives one SMS back to the day it was taken from (the SMS was not sent after all). */
export function giveBackDailySms(db: Pick<Db, 'update'>, day: string): void {
  db.update(smsDailyCounts)
    .set({ sent: sql`${smsDailyCounts.sent} - 1` })
    .where(and(eq(smsDailyCounts.day, day), gt(smsDailyCounts.sent, 0)))
    .run();
}

/** The SMS counted on the day containing `now`. */
export function dailySmsSent(db: Pick<Db, 'select'>, now = new Date()): number {
  const row = db
    .select({ sent: smsDailyCounts.sent })
    .from(smsDailyCounts)
    .where(eq(smsDailyCounts.day, dayKey(now)))
    .get();
  return row?.sent ?? 0;
}
