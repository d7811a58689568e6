import type { Db } from '@server/db/client';
import { staffCenters } from '@server/db/schema';
import type { StaffRole } from '@shared/roles';
import { enrolledVoter } from '../voter-roll-factories';

/**
 * The voter roll's part of the security world: a Registrar assigned to the world's center, an
 * Enrollment Supervisor, and an enrolled voter a supervisor can find by card number.
 */
export async function rollFixtures<U extends { id: string }>(
  db: Db,
  place: { centerId: string; districtId: string },
  newUser: (role: StaffRole) => Promise<U>,
) {
  const registrar = await newUser('Registrar');
  const supervisor = await newUser('Enrollment Supervisor');
  db.insert(staffCenters).values({ userId: registrar.id, centerId: place.centerId }).run();
  const voter = enrolledVoter(db, {
    districtId: place.districtId,
    centerId: place.centerId,
    enteredBy: registrar.id,
    voterCardNumber: 'WORLD-0001',
  });
  return { registrar, supervisor, voterId: voter.id, voterCardNumber: voter.voterCardNumber };
}
