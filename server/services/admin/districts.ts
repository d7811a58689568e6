import type { districtInput, districtUpdateInput } from '@shared/schemas/admin';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { districts } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique';
import { DomainError } from '../../errors/domain-error';
import { recordAudit, recordBefore } from '../audit';

const columns = {
  id: districts.id,
  name: districts.name,
  code: districts.code,
  region: districts.region,
  population: districts.population,
};

const duplicateCode = (code: string) => new DomainError('district.codeTaken', { code });

export function listDistricts(db: Db) {
  return db.select(columns).from(districts).orderBy(asc(districts.name)).all();
}

export function createDistrict(db: Db, input: z.output<typeof districtInput>, actorId: string) {
  try {
    return db.transaction((tx) => {
      const row = tx.insert(districts).values(input).returning(columns).get();
      recordAudit(tx, {
        action: 'create',
        tableName: 'districts',
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

export function updateDistrict(db: Db, input: z.output<typeof districtUpdateInput>, actorId: string) {
  const { id, ...values } = input;
  try {
    return db.transaction((tx) => {
      const before = recordBefore(tx, districts, id);
      const row = tx.update(districts).set(values).where(eq(districts.id, id)).returning(columns).get();
      if (!row) throw new DomainError('district.notFound', { id });
      recordAudit(tx, {
        action: 'update',
        tableName: 'districts',
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

/** Centers in the district keep existing without one (the foreign key sets it to null). */
export function deleteDistrict(db: Db, id: string, actorId: string) {
  return db.transaction((tx) => {
    const before = recordBefore(tx, districts, id);
    const row = tx
      .delete(districts)
      .where(eq(districts.id, id))
      .returning({ id: districts.id, name: districts.name })
      .get();
    if (!row) throw new DomainError('district.notFound', { id });
    recordAudit(tx, {
      action: 'delete',
      tableName: 'districts',
      recordId: id,
      newValues: { name: row.name },
      before,
      actorId,
    });
    return { id };
  });
}
