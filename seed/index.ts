import { closeDb, createDb, migrateDb } from '@server/db/client';
import { loadKeys } from '@server/db/key-file';
import { readEnv } from '@server/env';
import { demoAccountsBanner } from '@server/startup';
import { demoAccountsFile, writeDemoAccountsFile } from './demo-accounts';
import { seedDemo } from './seed';

const env = readEnv();
const db = createDb(env.DATABASE_PATH);
migrateDb(db);
loadKeys(db, env.KEYS_FILE);
const credentials = await seedDemo(db);
closeDb(db);
console.log(`Demo data seeded into ${env.DATABASE_PATH}`);
// Accounts that existed already keep their passwords (and the file that holds them).
const file = demoAccountsFile(env.DATABASE_PATH);
if (credentials.length > 0) {
  if (file) writeDemoAccountsFile(file, credentials);
  console.log(demoAccountsBanner({ credentials, file }));
}
