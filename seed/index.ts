import { closeVerifyPool } from '@server/belenios/verify-pool';
import { closeDb, createDb, migrateDb } from '@server/db/client';
import { loadKeys } from '@server/db/key-file';
import { readEnv } from '@server/env';
import { demoAccountsBanner } from '@server/startup';
import { keepDemoSecrets } from './demo-accounts';
import { seedDemo } from './seed';

const env = readEnv();
const db = createDb(env.DATABASE_PATH);
migrateDb(db);
loadKeys(db, env.KEYS_FILE);
const secrets = await seedDemo(db);
closeDb(db);
await closeVerifyPool();
console.log(`Demo data seeded into ${env.DATABASE_PATH}`);
// Accounts and elections that existed already keep their passwords and keys (and the files that hold them).
const files = keepDemoSecrets(env.DATABASE_PATH, secrets);
if (secrets.credentials.length > 0 || secrets.trustees) {
  console.log(demoAccountsBanner({ credentials: secrets.credentials, ...files }));
}
