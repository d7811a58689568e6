import type { Db } from '@server/db/client';

/**
 * Every table the app writes (SQLite's own and the migration journal aside). Virtual tables and their shadow
 * tables (the roll's name index) are left out: they mirror a table that is compared itself.
 */
export function tableNames(db: Db): string[] {
  return db.$client
    .prepare(
      "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '__drizzle_migrations' ORDER BY name",
    )
    .pluck()
    .all() as string[];
}

/** The tables WITHOUT ROWID: their rows are read in their key's order, which is the table's. */
function withoutRowid(db: Db): Set<string> {
  return new Set(
    db.$client
      .prepare("SELECT name FROM pragma_table_list WHERE schema = 'main' AND wr = 1")
      .pluck()
      .all() as string[],
  );
}

/** Each table's full contents in rowid order: equal snapshots mean nothing was inserted, changed or deleted. */
export function snapshot(db: Db): Map<string, string> {
  const tables = new Map<string, string>();
  const keyed = withoutRowid(db);
  for (const name of tableNames(db)) {
    const order = keyed.has(name) ? '' : ' ORDER BY rowid';
    const rows = db.$client.prepare(`SELECT * FROM "${name}"${order}`).raw().all();
    tables.set(name, JSON.stringify(rows));
  }
  return tables;
}

/** Each table's row count: the figure the CSRF and hostile input tests compare and report. */
export function rowCounts(db: Db): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const name of tableNames(db)) {
    counts[name] = db.$client.prepare(`SELECT count(*) FROM "${name}"`).pluck().get() as number;
  }
  return counts;
}

/** The tables whose contents differ between two snapshots. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}
