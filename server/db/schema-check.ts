import Database from 'better-sqlite3';
import { readMigrationFiles } from 'drizzle-orm/migrator';

interface SchemaRow {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

/**
 * Not made by the migrations: statistics ANALYZE may leave, and drizzle's own bookkeeping table with the index
 * of its primary key (a trigger or an index added to it is still compared).
 */
const IGNORED = (row: SchemaRow) =>
  row.name.startsWith('sqlite_stat') ||
  (row.tbl_name === '__drizzle_migrations' && (row.type === 'table' || row.sql === null));

/**
 * How a database's schema differs from what the migrations it has applied make: each trigger, view, index
 * and table, added, changed or missing, compared with a fresh in-memory database built from the same
 * migrations. A backup from elsewhere could otherwise bring a trigger that moves votes or makes every new
 * profile a System Admin, a default that does the same, or lack the unique index that stops a second vote.
 * `db` should be opened with `trusted_schema = OFF` (schema code never runs while this reads it).
 */
export function schemaDifferences(db: Database.Database, migrationsFolder: string): string[] {
  const known = readMigrationFiles({ migrationsFolder });
  const hasTable = db.prepare(
    "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'",
  );
  const applied = hasTable.get()
    ? (db.prepare('SELECT hash, created_at FROM __drizzle_migrations ORDER BY created_at, id').all() as {
        hash: string;
        created_at: number | string;
      }[])
    : [];
  for (const [index, row] of applied.entries()) {
    const migration = known[index];
    if (!migration || migration.hash !== row.hash || migration.folderMillis !== Number(row.created_at)) {
      return [
        `migration ${index + 1} (made ${new Date(Number(row.created_at)).toISOString()}) is not this version's ` +
          'migration: the file comes from another version of Codka, or was changed by hand',
      ];
    }
  }
  const reference = new Database(':memory:');
  try {
    for (const migration of known.slice(0, applied.length)) {
      for (const statement of migration.sql) if (statement.trim()) reference.exec(statement);
    }
    return compare(schemaOf(reference), schemaOf(db));
  } finally {
    reference.close();
  }
}

function schemaOf(db: Database.Database): Map<string, SchemaRow> {
  const rows = db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master').all() as SchemaRow[];
  return new Map(rows.filter((row) => !IGNORED(row)).map((row) => [`${row.type} ${row.name}`, row]));
}

function compare(expected: Map<string, SchemaRow>, actual: Map<string, SchemaRow>): string[] {
  const differences: string[] = [];
  for (const [key, row] of actual) {
    const wanted = expected.get(key);
    if (!wanted) differences.push(`${key} is not one the migrations make`);
    else if (wanted.sql !== row.sql || wanted.tbl_name !== row.tbl_name)
      differences.push(`${key} was changed`);
  }
  for (const key of expected.keys()) if (!actual.has(key)) differences.push(`${key} is missing`);
  return differences;
}
