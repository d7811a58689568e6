import type { Db } from '@server/db/client';
import { profiles, registrationCenters, voters } from '@server/db/schema';
import { type BilingualText, textOf } from '@shared/bilingual';
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
  const centerRows = db
    .select({
      key: voters.centerId,
      name: registrationCenters.name,
      nameSo: registrationCenters.nameSo,
      status: voters.status,
      n: count(),
    })
    .from(voters)
    .innerJoin(registrationCenters, eq(registrationCenters.id, voters.centerId))
    .groupBy(voters.centerId, voters.status)
    .all() as { key: string; name: string; nameSo: string; status: VoterStatus; n: number }[];
  // A center's name in both languages (docs/decisions/021-bilingual-content.md); `name` keeps one for sorting.
  const centerNames = new Map<string, BilingualText>();
  for (const row of centerRows) centerNames.set(row.key, textOf(row.name, row.nameSo));
  const perCenter = centerRows.map(({ nameSo, ...row }) => ({ ...row, name: row.name || nameSo }));
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
  const centers = tally(perCenter).map((center) => ({
    ...center,
    nameText: centerNames.get(center.id) ?? textOf(center.name, null),
  }));
  return { totals, centers, registrars: tally(perRegistrar), statuses: VOTER_STATUSES };
}
