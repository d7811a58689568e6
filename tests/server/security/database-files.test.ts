import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeDb, createDb, migrateDb } from '@server/db/client';
import { afterAll, describe, expect, it } from 'vitest';

const folder = mkdtempSync(join(tmpdir(), 'codka-db-files-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the database files', () => {
  it('are readable by their owner only, the WAL and shared-memory files included, whatever the umask', () => {
    const previous = process.umask(0o000);
    try {
      const path = join(folder, 'data', 'codka.db');
      const db = createDb(path);
      migrateDb(db);
      for (const file of [path, `${path}-wal`, `${path}-shm`]) {
        expect(`${file}: ${(statSync(file).mode & 0o777).toString(8)}`).toBe(`${file}: 600`);
      }
      closeDb(db);
    } finally {
      process.umask(previous);
    }
  });
});
