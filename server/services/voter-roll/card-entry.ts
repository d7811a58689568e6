import { voters } from '@server/db/schema';
import { desc, eq, sql } from 'drizzle-orm';

/**
 * Where a card's entry is looked up: a card has at most one entry that is not rejected (voters_card_live_unique)
 * and any number of rejected ones beside it. The live entry comes first, else the latest rejected one, so a card
 * refused once still answers as it did until someone is recorded with it again.
 */
export const ofCard = (voterCardNumber: string) => eq(voters.voterCardNumber, voterCardNumber);
export const liveEntryFirst = [
  sql`${voters.status} = 'rejected'`,
  desc(voters.updatedAt),
  desc(voters.id),
] as const;
