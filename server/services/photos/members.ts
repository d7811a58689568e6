import { type MemberType, resolvePhotoUrl } from '@shared/member-photos';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { houseMembers, senators } from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import { memberPhotosByMember } from './photo-rows';

/** A House member or senator as the photo pages and the refresh job match them. */
export interface Member {
  id: string;
  name: string;
  type: MemberType;
}

export interface MemberRecord {
  id: string;
  type: MemberType;
  name: string;
  /** "HOP#012 · Banaadir" or "Senator · Puntland": tells two members of one name apart. */
  detail: string;
}

/** Every House member and senator (329 in all), optionally of one house. */
export function allMembers(db: Db, type?: MemberType): MemberRecord[] {
  const house =
    type === 'senate'
      ? []
      : db
          .select({
            id: houseMembers.id,
            name: houseMembers.name,
            hop: houseMembers.hopNumber,
            region: houseMembers.region,
          })
          .from(houseMembers)
          .all()
          .map((m) => ({
            id: m.id,
            type: 'parliament' as const,
            name: m.name,
            detail: `${m.hop} · ${m.region}`,
          }));
  const senate =
    type === 'parliament'
      ? []
      : db
          .select({ id: senators.id, name: senators.name, title: senators.title, state: senators.state })
          .from(senators)
          .all()
          .map((s) => ({
            id: s.id,
            type: 'senate' as const,
            name: s.name,
            detail: `${s.title} · ${s.state}`,
          }));
  return [...house, ...senate];
}

/** The member a photo belongs to; NOT_FOUND names the id when there is none. */
export function requireMember(db: Db, type: MemberType, id: string): Member {
  const member =
    type === 'parliament'
      ? db
          .select({ id: houseMembers.id, name: houseMembers.name })
          .from(houseMembers)
          .where(eq(houseMembers.id, id))
          .get()
      : db.select({ id: senators.id, name: senators.name }).from(senators).where(eq(senators.id, id)).get();
  if (!member) {
    throw new DomainError('member.notFound', { kind: { key: `member.kind.${type}` }, id });
  }
  return { ...member, type };
}

/**
 * Adds `photoUrl`, the photo browsers load (shared/member-photos.ts's rule), to directory rows of one
 * house; the member's own image_url is the last resort.
 */
export function withPhotoUrls<T extends { id: string; imageUrl: string | null }>(
  db: Db,
  type: MemberType,
  rows: T[],
): Array<T & { photoUrl: string | null }> {
  const photos = memberPhotosByMember(
    db,
    type,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, photoUrl: resolvePhotoUrl(photos.get(row.id) ?? null, row.imageUrl) }));
}
