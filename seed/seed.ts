import type { Db } from '@server/db/client';
import { seedAccounts } from './accounts';
import type { DemoCredential } from './demo-accounts';
import { seedElections } from './elections';
import { seedPolls } from './polls';
import { seedReference } from './reference';
import { seedVoterRoll } from './voter-roll';

/**
 * Everything the demo needs. Idempotent: each part checks natural keys, so a second run adds nothing.
 * Returns the passwords of the demo accounts created by this run (none on a second run).
 */
export async function seedDemo(db: Db, now = new Date()): Promise<DemoCredential[]> {
  seedReference(db);
  const actors = await seedAccounts(db);
  seedVoterRoll(db, actors, now);
  seedElections(db, actors, now);
  seedPolls(db, actors, now);
  return actors.credentials;
}
