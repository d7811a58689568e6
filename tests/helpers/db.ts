import { createDb, type Db, migrateDb } from '@server/db/client';

/** A private in-memory database with every migration applied: each test gets its own. */
export function createTestDb(): Db {
  const db = createDb(':memory:');
  migrateDb(db);
  return db;
}
