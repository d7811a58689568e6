import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { districts, registrationCenters } from '../db/schema';

/**
 * Active registration centers for the public map and its text list. Centers without coordinates are
 * included too: the list under the map shows every active center, the map plots those it can place.
 */
export function activeCentersForMap(db: Pick<Db, 'select'>) {
  return db
    .select({
      id: registrationCenters.id,
      name: registrationCenters.name,
      address: registrationCenters.address,
      latitude: registrationCenters.latitude,
      longitude: registrationCenters.longitude,
      districtName: districts.name,
      region: districts.region,
    })
    .from(registrationCenters)
    .leftJoin(districts, eq(districts.id, registrationCenters.districtId))
    .where(eq(registrationCenters.isActive, true))
    .orderBy(asc(registrationCenters.name))
    .all();
}
