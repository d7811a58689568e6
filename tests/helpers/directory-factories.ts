import type { Db } from '@server/db/client';
import { houseMembers, senators } from '@server/db/schema';
import type { HouseRegion, SenateState } from '@shared/regions';

let seat = 900;

/** A House member with a fresh HOP number (from HOP#901, clear of the seeded 275). */
export function createMember(
  db: Db,
  values: Partial<typeof houseMembers.$inferInsert> & { name: string; region?: HouseRegion },
) {
  seat += 1;
  return db
    .insert(houseMembers)
    .values({ hopNumber: `HOP#${seat}`, region: 'Banaadir', ...values })
    .returning({ id: houseMembers.id, hopNumber: houseMembers.hopNumber })
    .get();
}

export function createSenator(
  db: Db,
  values: Partial<typeof senators.$inferInsert> & { name: string; state: SenateState },
) {
  return db
    .insert(senators)
    .values({ title: 'Senator', ...values })
    .returning({ id: senators.id })
    .get();
}
