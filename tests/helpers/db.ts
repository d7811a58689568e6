import { createDb, type Db, migrateDb } from '@server/db/client';
import { attachKeys, randomKeys } from '@server/db/keys';

let migrated: Buffer | undefined;

/**
 * A private in-memory database with every migration applied and keys of its own: each test gets its own. The
 * migrations run once per file, into a database whose bytes every later one copies: running them again for each
 * test cost more than most tests.
 */
export function createTestDb(): Db {
  if (!migrated) {
    const first = createDb(':memory:');
    migrateDb(first);
    migrated = first.$client.serialize();
    first.$client.close();
  }
  const db = createDb(migrated);
  attachKeys(db, randomKeys());
  return db;
}
