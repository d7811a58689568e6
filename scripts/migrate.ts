import { closeDb, createDb, migrateDb } from '@server/db/client';
import { readEnv } from '@server/env';

const env = readEnv();
const db = createDb(env.DATABASE_PATH);
migrateDb(db);
closeDb(db);
console.log(`Migrations applied to ${env.DATABASE_PATH}`);
