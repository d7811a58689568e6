import type { Db } from '@server/db/client';
import { voterCardCollisions } from '@server/db/schema';
import { sql } from 'drizzle-orm';

/**
 * Cards the canonical-card migration found entered twice in different spellings (left unconverted, never
 * merged): how many cards, for the startup log. `codka check` lists them.
 */
export function cardCollisionCount(db: Db): number {
  return (
    db
      .select({ cards: sql<number>`count(DISTINCT ${voterCardCollisions.canonical})` })
      .from(voterCardCollisions)
      .get()?.cards ?? 0
  );
}
