import { createDb, type Db, migrateDb } from '@server/db/client';
import { attachKeys, randomKeys } from '@server/db/keys';

/** A private in-memory database with every migration applied and keys of its own: each test gets its own. */
export function createTestDb(): Db {
  const db = createDb(':memory:');
  migrateDb(db);
  attachKeys(db, randomKeys());
  return db;
}
