import type { MemberType } from '@shared/member-photos';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberPhotos } from '../../db/schema';

export const memberPhotoColumns = {
  id: memberPhotos.id,
  memberId: memberPhotos.memberId,
  memberType: memberPhotos.memberType,
  memberName: memberPhotos.memberName,
  sourceUrl: memberPhotos.sourceUrl,
  webpUrl: memberPhotos.webpUrl,
  originalUrl: memberPhotos.originalUrl,
  manualOverrideUrl: memberPhotos.manualOverrideUrl,
  altText: memberPhotos.altText,
  processingStatus: memberPhotos.processingStatus,
  photoVersion: memberPhotos.photoVersion,
  errorMessage: memberPhotos.errorMessage,
  updatedAt: memberPhotos.updatedAt,
};
/**
 * docs/product.md#member-photo-rules: photo_version is the time of the change in seconds; ?v= makes browsers fetch
 * the new photo.
 */
export const photoVersionNow = () => Math.floor(Date.now() / 1000);

type Writable = Partial<
  Omit<typeof memberPhotos.$inferInsert, 'id' | 'memberId' | 'memberType' | 'memberName' | 'updatedAt'>
>;

/** Writes a member's photo record, creating it on first use; every write moves updated_at. */
export function upsertMemberPhoto(
  db: Pick<Db, 'insert'>,
  member: { id: string; type: MemberType; name: string },
  values: Writable,
): string {
  const changes = { ...values, memberName: member.name, updatedAt: new Date() };
  return db
    .insert(memberPhotos)
    .values({ memberId: member.id, memberType: member.type, ...changes })
    .onConflictDoUpdate({ target: [memberPhotos.memberId, memberPhotos.memberType], set: changes })
    .returning({ id: memberPhotos.id })
    .get().id;
}

export function findMemberPhoto(db: Pick<Db, 'select'>, type: MemberType, memberId: string) {
  return db
    .select(memberPhotoColumns)
    .from(memberPhotos)
    .where(and(eq(memberPhotos.memberType, type), eq(memberPhotos.memberId, memberId)))
    .get();
}

export type MemberPhotoRecord = NonNullable<ReturnType<typeof findMemberPhoto>>;

/** A batch select with member_id in a list, for one house. */
export function memberPhotosByMember(
  db: Pick<Db, 'select'>,
  type: MemberType,
  memberIds: string[],
): Map<string, MemberPhotoRecord> {
  if (memberIds.length === 0) return new Map();
  const rows = db
    .select(memberPhotoColumns)
    .from(memberPhotos)
    .where(and(eq(memberPhotos.memberType, type), inArray(memberPhotos.memberId, memberIds)))
    .all();
  return new Map(rows.map((row) => [row.memberId, row]));
}
