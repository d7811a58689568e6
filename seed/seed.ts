import type { Db } from '@server/db/client';
import { seedAccounts } from './accounts';
import type { DemoSecrets } from './demo-accounts';
import { seedElections } from './elections';
import { seedPolls } from './polls';
import { seedReference } from './reference';
import { seedVerifiableElections } from './verifiable';
import { seedVoterRoll } from './voter-roll';

/**
 * Everything the demo needs. Idempotent: each part checks natural keys, so a second run adds nothing.
 * Returns what only this run can show (keepDemoSecrets keeps it): the passwords of the demo accounts it
 * created and the open verifiable election's trustees if it made that election (none of either on a second run).
 */
export async function seedDemo(db: Db, now = new Date()): Promise<DemoSecrets> {
  seedReference(db);
  const actors = await seedAccounts(db);
  seedVoterRoll(db, actors, now);
  seedElections(db, actors, now);
  const trustees = await seedVerifiableElections(db, actors, now);
  seedPolls(db, actors, now);
  return { credentials: actors.credentials, trustees };
}
