import type { Db } from '@server/db/client';
import { profiles, registrationCenters, voters } from '@server/db/schema';
import { VOTER_STATUSES, type VoterStatus } from '@shared/voter-roll';
import { count, eq, isNotNull } from 'drizzle-orm';

type Counts = Record<VoterStatus, number>;
const zero = (): Counts => ({ pending: 0, enrolled: 0, rejected: 0, suspended: 0 });

function tally<K extends string>(rows: { key: K; name: string | null; status: VoterStatus; n: number }[]) {
  const byKey = new Map<K, { id: K; name: string; counts: Counts }>();
  for (const row of rows) {
    const item = byKey.get(row.key) ?? { id: row.key, name: row.name ?? '', counts: zero() };
    item.counts[row.status] += row.n;
    byKey.set(row.key, item);
  }
  return [...byKey.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Entries per registration center and per registrar, by status: what supervisors watch for odd patterns. */
export function rollStats(db: Db) {
  const perCenter = db
    .select({ key: voters.centerId, name: registrationCenters.name, status: voters.status, n: count() })
    .from(voters)
    .innerJoin(registrationCenters, eq(registrationCenters.id, voters.centerId))
    .groupBy(voters.centerId, voters.status)
    .all() as { key: string; name: string | null; status: VoterStatus; n: number }[];
  const perRegistrar = db
    .select({ key: voters.enteredBy, name: profiles.fullName, status: voters.status, n: count() })
    .from(voters)
    .leftJoin(profiles, eq(profiles.userId, voters.enteredBy))
    .where(isNotNull(voters.enteredBy))
    .groupBy(voters.enteredBy, voters.status)
    .all() as { key: string; name: string | null; status: VoterStatus; n: number }[];
  const totals = zero();
  for (const row of db
    .select({ status: voters.status, n: count() })
    .from(voters)
    .groupBy(voters.status)
    .all()) {
    totals[row.status] = row.n;
  }
  return { totals, centers: tally(perCenter), registrars: tally(perRegistrar), statuses: VOTER_STATUSES };
}
