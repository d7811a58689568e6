import type { Db } from '@server/db/client';
import { voterCardCollisions, voters } from '@server/db/schema';
import { and, eq, ne, sql } from 'drizzle-orm';

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

/**
 * The cards that collision groups still hold, in canonical form (or only `voterCardNumber`, if given): a card
 * the canonical-form migration left unconverted is on the roll in its canonical form too, so neither the desk
 * nor an import may add another entry for it, unless every entry of its group was rejected (a rejected entry
 * holds no card, as voters_card_live_unique says for every other card).
 */
export function cardsHeldByCollisions(tx: Pick<Db, 'selectDistinct'>, voterCardNumber?: string): string[] {
  return tx
    .selectDistinct({ canonical: voterCardCollisions.canonical })
    .from(voterCardCollisions)
    .innerJoin(voters, eq(voters.id, voterCardCollisions.voterId))
    .where(
      and(
        ne(voters.status, 'rejected'),
        voterCardNumber === undefined ? undefined : eq(voterCardCollisions.canonical, voterCardNumber),
      ),
    )
    .all()
    .map((row) => row.canonical);
}
