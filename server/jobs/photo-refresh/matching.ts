import { memberNameKeys, normaliseMemberName } from '@shared/member-names';
import type { MemberType } from '@shared/member-photos';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { houseMembers, nameAliases, senators } from '../../db/schema';
import type { Member } from '../../services/photos/members';

export type { Member } from '../../services/photos/members';

export type Match =
  | { kind: 'member'; member: Member }
  | { kind: 'unmatched' }
  | { kind: 'ambiguous'; count: number };

/** Finds the member a scraped name belongs to, within one house. */
export interface MemberMatcher {
  match(scrapedName: string): Match;
  members: readonly Member[];
}

/**
 * The normalised name first (case, spacing and titles do not matter); when that finds nobody, or
 * several members of the same name, an admin's alias for the scraped name decides.
 */
export function loadMatcher(db: Db, type: MemberType): MemberMatcher {
  const table = type === 'parliament' ? houseMembers : senators;
  const members: Member[] = db
    .select({ id: table.id, name: table.name })
    .from(table)
    .all()
    .map((row) => ({ ...row, type }));
  const byKey = new Map<string, Member[]>();
  for (const member of members) {
    for (const key of memberNameKeys(member.name)) {
      const list = byKey.get(key) ?? [];
      if (!list.includes(member)) list.push(member);
      byKey.set(key, list);
    }
  }
  const byId = new Map(members.map((member) => [member.id, member]));
  const aliases = new Map(
    db
      .select({ normalisedName: nameAliases.normalisedName, memberId: nameAliases.memberId })
      .from(nameAliases)
      .where(eq(nameAliases.memberType, type))
      .all()
      .map((alias) => [alias.normalisedName, alias.memberId]),
  );

  return {
    members,
    match(scrapedName) {
      const found = new Set<Member>();
      for (const key of memberNameKeys(scrapedName)) {
        for (const member of byKey.get(key) ?? []) found.add(member);
      }
      const [only] = found;
      if (found.size === 1 && only) return { kind: 'member', member: only };
      const aliased = byId.get(aliases.get(normaliseMemberName(scrapedName)) ?? '');
      if (aliased) return { kind: 'member', member: aliased };
      return found.size > 1 ? { kind: 'ambiguous', count: found.size } : { kind: 'unmatched' };
    },
  };
}
