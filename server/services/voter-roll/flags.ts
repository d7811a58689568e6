import type { Db } from '@server/db/client';
import { profiles, rollFlags, voters } from '@server/db/schema';
import { DomainError } from '@server/errors/domain-error';
import { recordAudit } from '@server/services/audit';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { StaffActor } from './centers';

const holder = alias(profiles, 'holder_profile');
const claimant = alias(profiles, 'claimant_profile');

/** Open flags, oldest first: the card, the name of the account holding it and of the one that claimed it. */
export function openFlags(db: Db) {
  return db
    .select({
      id: rollFlags.id,
      kind: rollFlags.kind,
      voterId: voters.id,
      voterCardNumber: voters.voterCardNumber,
      voterName: voters.fullName,
      holderName: holder.fullName,
      claimantName: claimant.fullName,
      createdAt: rollFlags.createdAt,
    })
    .from(rollFlags)
    .innerJoin(voters, eq(voters.id, rollFlags.voterId))
    .leftJoin(holder, eq(holder.userId, voters.userId))
    .leftJoin(claimant, eq(claimant.userId, rollFlags.reportedUserId))
    .where(isNull(rollFlags.resolvedAt))
    .orderBy(asc(rollFlags.createdAt))
    .limit(200)
    .all();
}

/** A supervisor closes a flag with a note saying what was done. */
export function resolveFlag(db: Db, actor: StaffActor, id: string, note: string, now = new Date()) {
  return db.transaction((tx) => {
    const flag = tx.select({ id: rollFlags.id }).from(rollFlags).where(eq(rollFlags.id, id)).get();
    if (!flag) throw new DomainError('supervisor.flagNotFound');
    const changed = tx
      .update(rollFlags)
      .set({ resolvedAt: now, resolvedBy: actor.id, resolution: note })
      .where(and(eq(rollFlags.id, id), isNull(rollFlags.resolvedAt)))
      .run();
    if (changed.changes !== 1) throw new DomainError('supervisor.flagResolved');
    recordAudit(tx, {
      action: 'resolve_flag',
      tableName: 'roll_flags',
      recordId: id,
      newValues: { note },
      actorId: actor.id,
    });
    return { id };
  });
}
