import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, MIGRATIONS_FOLDER, migrateDb } from '@server/db/client';
import { afterEach } from 'vitest';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/**
 * A database migrated up to, not including, the migration tagged `tag`, as a deployment has it before it
 * (removed after the test). `migrateDb(db)` then runs that migration and the later ones.
 */
export function databaseBefore(tag: string) {
  const folder = mkdtempSync(join(tmpdir(), 'codka-migration-'));
  folders.push(folder);
  const before = join(folder, 'drizzle');
  cpSync(MIGRATIONS_FOLDER, before, { recursive: true });
  const journalPath = join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at <= 0) throw new Error(`no migration tagged ${tag} after the first one`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  const db = createDb(join(folder, 'codka.db'));
  migrateDb(db, before);
  return db;
}
