import { closeDb, createDb, migrateDb } from '../server/db/client';
import { readEnv } from '../server/env';
import { DEMO_ADMIN, DEMO_CITIZEN } from './demo-accounts';
import { seedDemo } from './seed';

const env = readEnv();
const db = createDb(env.DATABASE_PATH);
migrateDb(db);
await seedDemo(db);
closeDb(db);
console.log(`Demo data seeded into ${env.DATABASE_PATH}`);
console.log(`  System Admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
console.log(`  Citizen:      ${DEMO_CITIZEN.email} / ${DEMO_CITIZEN.password}`);
