import type { Db } from '../server/db/client';
import { seedAccounts } from './accounts';
import { seedElections } from './elections';
import { seedPolls } from './polls';
import { seedReference } from './reference';

/** Everything the demo needs. Idempotent: each part checks natural keys, so a second run adds nothing. */
export async function seedDemo(db: Db, now = new Date()): Promise<void> {
  seedReference(db);
  const actors = await seedAccounts(db);
  seedElections(db, actors, now);
  seedPolls(db, actors, now);
}
