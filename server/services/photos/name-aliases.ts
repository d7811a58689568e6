import { normaliseMemberName } from '@shared/member-names';
import type { NameAliasInput } from '@shared/schemas/photos';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nameAliases, users } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique';
import { DomainError } from '../../errors/domain-error';
import { recordAudit } from '../audit';
import { allMembers, requireMember } from './members';

/** Every alias, newest first, with the member it leads to (or null when that member was removed). */
export function listNameAliases(db: Db) {
  const members = new Map(allMembers(db).map((member) => [`${member.type}:${member.id}`, member]));
  return db
    .select({
      id: nameAliases.id,
      scrapedName: nameAliases.scrapedName,
      memberId: nameAliases.memberId,
      memberType: nameAliases.memberType,
      createdAt: nameAliases.createdAt,
      createdByEmail: users.email,
    })
    .from(nameAliases)
    .leftJoin(users, eq(users.id, nameAliases.createdBy))
    .orderBy(desc(nameAliases.createdAt))
    .all()
    .map((alias) => {
      const member = members.get(`${alias.memberType}:${alias.memberId}`);
      return { ...alias, memberName: member?.name ?? null, memberDetail: member?.detail ?? null };
    });
}

/** The members an alias can lead to, for the form's chooser. */
export function aliasMemberChoices(db: Db) {
  return allMembers(db).sort(
    (a, b) => a.type.localeCompare(b.type) || a.detail.localeCompare(b.detail, 'en', { numeric: true }),
  );
}

/** One scraped spelling leads to one member per house; the same spelling twice is a CONFLICT. */
export function createNameAlias(db: Db, input: NameAliasInput, actorId: string) {
  const member = requireMember(db, input.memberType, input.memberId);
  const normalisedName = normaliseMemberName(input.scrapedName);
  if (!normalisedName) {
    throw new DomainError('alias.onlyTitles');
  }
  try {
    return db.transaction((tx) => {
      const row = tx
        .insert(nameAliases)
        .values({ ...input, normalisedName, createdBy: actorId })
        .returning({ id: nameAliases.id })
        .get();
      recordAudit(tx, {
        action: 'create',
        tableName: 'name_aliases',
        recordId: row.id,
        newValues: { scrapedName: input.scrapedName, memberType: member.type, memberId: member.id },
        actorId,
      });
      return row;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new DomainError('alias.exists', {
      name: input.scrapedName,
      house: { key: `house.${input.memberType}` },
    });
  }
}

export function deleteNameAlias(db: Db, id: string, actorId: string) {
  return db.transaction((tx) => {
    const row = tx
      .delete(nameAliases)
      .where(eq(nameAliases.id, id))
      .returning({ scrapedName: nameAliases.scrapedName, memberId: nameAliases.memberId })
      .get();
    if (!row) throw new DomainError('alias.notFound', { id });
    recordAudit(tx, { action: 'delete', tableName: 'name_aliases', recordId: id, newValues: row, actorId });
    return { id };
  });
}
