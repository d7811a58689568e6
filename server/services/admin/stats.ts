import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { candidates, districts, polls, registrationCenters } from '../../db/schema';

/** The dashboard's counts (docs/product.md#admin-dashboard). */
export function dashboardStats(db: Db) {
  const n = (query: { get(): { n: number } | undefined }) => query.get()?.n ?? 0;
  return {
    districts: n(db.select({ n: count() }).from(districts)),
    centers: n(db.select({ n: count() }).from(registrationCenters)),
    activeCenters: n(
      db.select({ n: count() }).from(registrationCenters).where(eq(registrationCenters.isActive, true)),
    ),
    candidates: n(db.select({ n: count() }).from(candidates)),
    polls: n(db.select({ n: count() }).from(polls)),
  };
}
