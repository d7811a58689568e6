import type { centerInput, centerUpdateInput } from '@shared/schemas/centers';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { districts, registrationCenters } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique';
import { DomainError } from '../../errors/domain-error';
import { recordAudit, recordBefore } from '../audit';
import { withTexts } from '../bilingual';
import { centerSortName } from '../centers-map';

const duplicateCode = (code: string) => new DomainError('center.codeTaken', { code });
const notFound = (id: string) => new DomainError('center.notFound', { id });

/** Centers with their district's name and region joined (docs/product.md#admin-dashboard). */
export function listCenters(db: Pick<Db, 'select'>) {
  return db
    .select({
      id: registrationCenters.id,
      name: registrationCenters.name,
      nameSo: registrationCenters.nameSo,
      code: registrationCenters.code,
      address: registrationCenters.address,
      districtId: registrationCenters.districtId,
      capacity: registrationCenters.capacity,
      latitude: registrationCenters.latitude,
      longitude: registrationCenters.longitude,
      isActive: registrationCenters.isActive,
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
    .orderBy(asc(centerSortName))
    .all()
    .map((center) => withTexts(center, ['name', 'hoursNote']));
}

function assertDistrictExists(db: Pick<Db, 'select'>, districtId: string | null) {
  if (!districtId) return;
  if (!db.select({ id: districts.id }).from(districts).where(eq(districts.id, districtId)).get()) {
    throw new DomainError('district.chosenMissing');
  }
}

export function createCenter(db: Db, input: z.output<typeof centerInput>, actorId: string) {
  try {
    return db.transaction((tx) => {
      assertDistrictExists(tx, input.districtId);
      const row = tx
        .insert(registrationCenters)
        .values(input)
        .returning({ id: registrationCenters.id })
        .get();
      recordAudit(tx, {
        action: 'create',
        tableName: 'registration_centers',
        recordId: row.id,
        newValues: input,
        actorId,
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateCode(input.code);
    throw error;
  }
}

export function updateCenter(db: Db, input: z.output<typeof centerUpdateInput>, actorId: string) {
  const { id, ...values } = input;
  try {
    return db.transaction((tx) => {
      assertDistrictExists(tx, values.districtId);
      const before = recordBefore(tx, registrationCenters, id);
      const row = tx
        .update(registrationCenters)
        .set(values)
        .where(eq(registrationCenters.id, id))
        .returning({ id: registrationCenters.id })
        .get();
      if (!row) throw notFound(id);
      recordAudit(tx, {
        action: 'update',
        tableName: 'registration_centers',
        recordId: id,
        newValues: values,
        before,
        actorId,
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateCode(values.code);
    throw error;
  }
}

export function setCenterActive(db: Db, id: string, isActive: boolean, actorId: string) {
  return db.transaction((tx) => {
    const before = recordBefore(tx, registrationCenters, id);
    const row = tx
      .update(registrationCenters)
      .set({ isActive })
      .where(eq(registrationCenters.id, id))
      .returning({ id: registrationCenters.id })
      .get();
    if (!row) throw notFound(id);
    recordAudit(tx, {
      action: isActive ? 'activate' : 'deactivate',
      tableName: 'registration_centers',
      recordId: id,
      newValues: { isActive },
      before,
      actorId,
    });
    return { id, isActive };
  });
}

export function deleteCenter(db: Db, id: string, actorId: string) {
  return db.transaction((tx) => {
    const before = recordBefore(tx, registrationCenters, id);
    const row = tx
      .delete(registrationCenters)
      .where(eq(registrationCenters.id, id))
      .returning({ name: registrationCenters.name })
      .get();
    if (!row) throw notFound(id);
    recordAudit(tx, {
      action: 'delete',
      tableName: 'registration_centers',
      recordId: id,
      newValues: { name: row.name },
      before,
      actorId,
    });
    return { id };
  });
}
