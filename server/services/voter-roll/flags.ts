import type { Db } from '@server/db/client';
import { profiles, rollFlags, voters } from '@server/db/schema';
import { DomainError } from '@server/errors/domain-error';
import { recordAudit } from '@server/services/audit';
import type { RollFlagKind } from '@shared/voter-roll';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { StaffActor } from './centers';
import { checkFourEyes } from './review';

/** Cards a page: enough to work through, few enough that a page of names is read once. */
export const FLAG_PAGE = 50;

const holder = alias(profiles, 'holder_profile');

const latestAt = sql<number>`max(${rollFlags.createdAt})`;

/**
 * Open flags grouped per card, newest first (by the card's latest flag), FLAG_PAGE cards a page: 200 flags on
 * one card are one row with a count, so junk claims of one card cannot push another card's flag off the page.
 * A group's `id` is the entry's id; `nextCursor` (the last group's latest time and id) gives the next page.
 */
export function openFlags(db: Db, cursor?: string) {
  const after = cursor ? parseCursor(cursor) : null;
  const rows = db
    .select({
      id: rollFlags.voterId,
      voterCardNumber: voters.voterCardNumber,
      voterName: voters.fullName,
      voterStatus: voters.status,
      holderName: holder.fullName,
      count: sql<number>`count(*)`,
      latestAt,
      firstAt: sql<number>`min(${rollFlags.createdAt})`,
      kinds: sql<string>`group_concat(DISTINCT ${rollFlags.kind})`,
      claimants: sql<number>`count(DISTINCT ${rollFlags.reportedUserId})`,
      // The account behind the newest flag: who is claiming or guessing now.
      claimantName: sql<string | null>`(
        SELECT p.full_name FROM roll_flags f LEFT JOIN profiles p ON p.user_id = f.reported_user_id
        WHERE f.voter_id = ${rollFlags.voterId} AND f.resolved_at IS NULL
        ORDER BY f.created_at DESC, f.id DESC LIMIT 1)`,
    })
    .from(rollFlags)
    .innerJoin(voters, eq(voters.id, rollFlags.voterId))
    .leftJoin(holder, eq(holder.userId, voters.userId))
    .where(isNull(rollFlags.resolvedAt))
    .groupBy(rollFlags.voterId)
    .having(
      after
        ? sql`${latestAt} < ${after.at} OR (${latestAt} = ${after.at} AND ${rollFlags.voterId} < ${after.id})`
        : undefined,
    )
    .orderBy(desc(latestAt), desc(rollFlags.voterId))
    .limit(FLAG_PAGE + 1)
    .all();
  const page = rows.slice(0, FLAG_PAGE).map((row) => ({
    ...row,
    latestAt: new Date(row.latestAt),
    firstAt: new Date(row.firstAt),
    kinds: row.kinds.split(',').sort() as RollFlagKind[],
  }));
  const last = page.at(-1);
  return {
    items: page,
    nextCursor: rows.length > FLAG_PAGE && last ? `${last.latestAt.getTime()}:${last.id}` : null,
  };
}

function parseCursor(cursor: string) {
  const [at = '', id = ''] = cursor.split(':');
  return { at: Number(at), id: id.toLowerCase() };
}

/**
 * A supervisor closes every open flag of a card, with an optional note saying what was done. `id` is the
 * group's id (the entry's id) or one of its flags. Four eyes, as for approve and suspend: nobody resolves a
 * flag about an entry linked to their own account or one they entered; nor one their own account raised.
 */
export function resolveFlag(db: Db, actor: StaffActor, id: string, note?: string, now = new Date()) {
  return db.transaction((tx) => {
    const voterId =
      tx.select({ voterId: rollFlags.voterId }).from(rollFlags).where(eq(rollFlags.id, id)).get()?.voterId ??
      id;
    const entry = tx
      .select({ id: voters.id, enteredBy: voters.enteredBy, userId: voters.userId })
      .from(voters)
      .where(eq(voters.id, voterId))
      .get();
    if (!entry) throw new DomainError('supervisor.flagNotFound');
    checkFourEyes(entry, actor);
    const open = tx
      .select({ id: rollFlags.id, reportedUserId: rollFlags.reportedUserId })
      .from(rollFlags)
      .where(and(eq(rollFlags.voterId, voterId), isNull(rollFlags.resolvedAt)))
      .all();
    if (open.some((flag) => flag.reportedUserId === actor.id)) throw new DomainError('supervisor.ownFlag');
    if (open.length === 0) {
      const any = tx.select({ id: rollFlags.id }).from(rollFlags).where(eq(rollFlags.voterId, voterId)).get();
      throw new DomainError(any ? 'supervisor.flagResolved' : 'supervisor.flagNotFound');
    }
    const changed = tx
      .update(rollFlags)
      .set({ resolvedAt: now, resolvedBy: actor.id, resolution: note ?? null })
      .where(and(eq(rollFlags.voterId, voterId), isNull(rollFlags.resolvedAt)))
      .run();
    recordAudit(tx, {
      action: 'resolve_flag',
      tableName: 'voters',
      recordId: voterId,
      newValues: { flags: changed.changes, ...(note ? { note } : {}) },
      actorId: actor.id,
    });
    return { id: voterId, resolved: changed.changes };
  });
}
