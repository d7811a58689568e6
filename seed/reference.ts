import type { Db } from '@server/db/client';
import { districts, houseMembers, newMapSettings, registrationCenters, senators } from '@server/db/schema';
import { DISTRICT_REGIONS } from '@shared/regions';
import { and, eq } from 'drizzle-orm';
import { KNOWN_DISTRICTS } from './data/districts';
import { houseMembers as houseMemberSeeds } from './data/house-members';
import { demoCenterContact, REGISTRATION_CENTERS } from './data/registration-centers';
import { LEADER_SEAT_STATES, senators as senatorSeeds } from './data/senators';

/** Districts, centers, the House and Senate directories and map settings; keyed by natural keys, so re-runs add nothing. */
export function seedReference(db: Db): void {
  db.transaction((tx) => {
    for (const region of DISTRICT_REGIONS) {
      for (const district of KNOWN_DISTRICTS[region]) {
        tx.insert(districts)
          .values({ ...district, region })
          .onConflictDoNothing({ target: districts.code })
          .run();
      }
    }
    for (const [index, center] of REGISTRATION_CENTERS.entries()) {
      const { districtCode, ...values } = center;
      const district = tx
        .select({ id: districts.id })
        .from(districts)
        .where(eq(districts.code, districtCode))
        .get();
      tx.insert(registrationCenters)
        .values({ ...values, ...demoCenterContact(center, index), districtId: district?.id ?? null })
        .onConflictDoNothing({ target: registrationCenters.code })
        .run();
      // A center seeded before its Somali name existed gets it, unless staff have renamed it or written one since.
      tx.update(registrationCenters)
        .set({ nameSo: values.nameSo })
        .where(
          and(
            eq(registrationCenters.code, values.code),
            eq(registrationCenters.name, values.name),
            eq(registrationCenters.nameSo, ''),
          ),
        )
        .run();
    }
    for (const member of houseMemberSeeds()) {
      tx.insert(houseMembers).values(member).onConflictDoNothing({ target: houseMembers.hopNumber }).run();
    }
    // A leader seeded under the old 'Leadership' group moves to the state whose seat they hold, so a re-run
    // neither lists them twice nor leaves that state a senator short.
    for (const [name, state] of LEADER_SEAT_STATES) {
      tx.update(senators)
        .set({ state })
        .where(and(eq(senators.name, name), eq(senators.state, 'Leadership')))
        .run();
    }
    for (const senator of senatorSeeds()) {
      tx.insert(senators)
        .values(senator)
        .onConflictDoNothing({ target: [senators.name, senators.state] })
        .run();
    }
    if (!tx.select({ id: newMapSettings.id }).from(newMapSettings).limit(1).get()) {
      tx.insert(newMapSettings)
        .values({
          tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
          attribution: '© OpenStreetMap contributors',
          defaultZoom: 6,
          centerLat: 5.2,
          centerLng: 46.2,
          fallbackImageUrl: null,
          markers: JSON.stringify([{ name: 'Mogadishu', latitude: 2.0469, longitude: 45.3182 }]),
        })
        .run();
    }
  });
}
