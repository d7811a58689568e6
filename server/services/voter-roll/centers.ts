import type { Db } from '@server/db/client';
import { districts, registrationCenters, staffCenters } from '@server/db/schema';
import { DomainError } from '@server/errors/domain-error';
import { withTexts } from '@server/services/bilingual';
import { centerSortName } from '@server/services/centers-map';
import { and, asc, eq, inArray } from 'drizzle-orm';

/** Who is acting on the roll: a System Admin may work at every active center. */
export interface StaffActor {
  id: string;
  isAdmin: boolean;
}

/**
 * The active centers a registrar works at (staff_centers; every active center for a System Admin), each with
 * its region and the districts of that region: the only districts an entry recorded there may name. A center
 * without a district has no region, so nobody can be enrolled there until an admin sets one.
 */
export function centersOf(db: Db, actor: StaffActor) {
  const base = db
    .select({
      id: registrationCenters.id,
      name: registrationCenters.name,
      nameSo: registrationCenters.nameSo,
      code: registrationCenters.code,
      region: districts.region,
    })
    .from(registrationCenters)
    .innerJoin(districts, eq(districts.id, registrationCenters.districtId));
  const centers = actor.isAdmin
    ? base.where(eq(registrationCenters.isActive, true)).orderBy(asc(centerSortName)).all()
    : base
        .innerJoin(staffCenters, eq(staffCenters.centerId, registrationCenters.id))
        .where(and(eq(staffCenters.userId, actor.id), eq(registrationCenters.isActive, true)))
        .orderBy(asc(centerSortName))
        .all();
  const regions = [...new Set(centers.map((center) => center.region))];
  const regionDistricts =
    regions.length === 0
      ? []
      : db
          .select({ id: districts.id, name: districts.name, code: districts.code, region: districts.region })
          .from(districts)
          .where(inArray(districts.region, regions))
          .orderBy(asc(districts.name))
          .all();
  // The name in both languages (docs/decisions/021-bilingual-content.md): the console shows the staff member's.
  return centers.map((center) => ({
    ...withTexts(center, ['name']),
    districts: regionDistricts
      .filter((district) => district.region === center.region)
      .map(({ id, name, code }) => ({ id, name, code })),
  }));
}

/** How many active centers the caller works at (the staff console's overview). */
export function centerCount(db: Db, actor: StaffActor): number {
  return centersOf(db, actor).length;
}

/**
 * The center and district of an entry, checked: the center exists and is active, the caller works there
 * (admins: anywhere), and the district lies in the center's region.
 */
export function checkPlace(
  db: Pick<Db, 'select'>,
  actor: StaffActor,
  centerId: string,
  districtId: string,
): { region: string } {
  const center = db
    .select({ id: registrationCenters.id, region: districts.region, isActive: registrationCenters.isActive })
    .from(registrationCenters)
    .leftJoin(districts, eq(districts.id, registrationCenters.districtId))
    .where(eq(registrationCenters.id, centerId))
    .get();
  if (!center?.isActive) throw new DomainError('registrar.centerNotFound');
  if (!actor.isAdmin) {
    const assigned = db
      .select({ centerId: staffCenters.centerId })
      .from(staffCenters)
      .where(and(eq(staffCenters.userId, actor.id), eq(staffCenters.centerId, centerId)))
      .get();
    if (!assigned) throw new DomainError('registrar.centerNotAssigned');
  }
  const district = db
    .select({ region: districts.region })
    .from(districts)
    .where(eq(districts.id, districtId))
    .get();
  if (!district) throw new DomainError('registrar.districtNotFound');
  if (!center.region || district.region !== center.region) {
    throw new DomainError('registrar.districtOutsideRegion');
  }
  return { region: district.region };
}
