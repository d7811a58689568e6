import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { districts, registrationCenters } from '../db/schema';
import { withTexts } from './bilingual';

/** Centres in the order of their English name, else their Somali one (a name may be given in one language). */
export const centerSortName = sql`coalesce(nullif(${registrationCenters.name}, ''), ${registrationCenters.nameSo})`;

/**
 * Active registration centers for the public map and its text list. Centers without coordinates are
 * included too: the list under the map shows every active center, the map plots those it can place.
 */
export function activeCentersForMap(db: Pick<Db, 'select'>) {
  return db
    .select({
      id: registrationCenters.id,
      name: registrationCenters.name,
      nameSo: registrationCenters.nameSo,
      address: registrationCenters.address,
      latitude: registrationCenters.latitude,
      longitude: registrationCenters.longitude,
      openingHours: registrationCenters.openingHours,
      hoursNote: registrationCenters.hoursNote,
      hoursNoteSo: registrationCenters.hoursNoteSo,
      phone: registrationCenters.phone,
      email: registrationCenters.email,
      districtName: districts.name,
      region: districts.region,
    })
    .from(registrationCenters)
    .leftJoin(districts, eq(districts.id, registrationCenters.districtId))
    .where(eq(registrationCenters.isActive, true))
    .orderBy(asc(centerSortName))
    .all()
    .map((center) => withTexts(center, ['name', 'hoursNote']));
}
