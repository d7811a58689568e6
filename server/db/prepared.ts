import type { Db } from './client';

/**
 * A drizzle query prepared once per database and reused: for the few queries every vote or signed-in
 * request runs, where building the SQL and SQLite's prepare cost more than the query itself (R2 in
 * docs/scaling.md). `build` must use sql.placeholder() for everything that varies.
 */
export function preparedOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const prepared = new WeakMap<Db, T>();
  return (db) => {
    let query = prepared.get(db);
    if (query === undefined) {
      query = build(db);
      prepared.set(db, query);
    }
    return query;
  };
}
