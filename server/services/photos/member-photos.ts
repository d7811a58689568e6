import { MEMBER_PHOTOS_PAGE_SIZE, resolvePhotoUrl } from '@shared/member-photos';
import type { MemberPhotosInput, MemberRef, SetOverrideInput } from '@shared/schemas/photos';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberPhotos } from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import { FetchRefused, fetchLimited, sourceHosts } from '../../net/fetch-limited';
import { recordAudit } from '../audit';
import { allMembers, type Member, requireMember } from './members';
import {
  MAX_PHOTO_BYTES,
  PhotoRefused,
  photoFileMessages,
  removeStoredPhotos,
  storeMemberPhoto,
} from './photo-files';
import { findMemberPhoto, memberPhotoColumns, photoVersionNow, upsertMemberPhoto } from './photo-rows';

const OVERRIDE_FETCH_TIMEOUT_MS = 15_000;

export interface OverrideDeps {
  db: Db;
  uploadsDir: string;
  /** The configured listing sources: photos there are fetched like the job fetches them. */
  sourceUrls: string[];
}

/**
 * Every House member and senator with their photo record (members without one are pending), filtered
 * by house, status and name or seat, the most recently updated first (docs/product.md#member-photos).
 */
export function listMemberPhotos(db: Db, input: MemberPhotosInput) {
  const photos = new Map(
    db
      .select(memberPhotoColumns)
      .from(memberPhotos)
      .where(input.memberType ? eq(memberPhotos.memberType, input.memberType) : undefined)
      .all()
      .map((row) => [`${row.memberType}:${row.memberId}`, row]),
  );
  const needle = input.search?.toLocaleLowerCase('en');
  const rows = allMembers(db, input.memberType)
    .map((member) => {
      const photo = photos.get(`${member.type}:${member.id}`) ?? null;
      return {
        memberId: member.id,
        memberType: member.type,
        name: member.name,
        detail: member.detail,
        photoUrl: resolvePhotoUrl(photo),
        status: photo?.processingStatus ?? 'pending',
        manualOverrideUrl: photo?.manualOverrideUrl ?? null,
        webpUrl: photo?.webpUrl ?? null,
        originalUrl: photo?.originalUrl ?? null,
        sourceUrl: photo?.sourceUrl ?? null,
        errorMessage: photo?.errorMessage ?? null,
        updatedAt: photo?.updatedAt ?? null,
      };
    })
    .filter((row) => !input.status || row.status === input.status)
    .filter(
      (row) =>
        !needle ||
        row.name.toLocaleLowerCase('en').includes(needle) ||
        row.detail.toLocaleLowerCase('en').includes(needle),
    )
    .sort(
      (a, b) =>
        (b.updatedAt?.getTime() ?? 0) - (a.updatedAt?.getTime() ?? 0) ||
        a.detail.localeCompare(b.detail, 'en', { numeric: true }),
    );
  const start = (input.page - 1) * MEMBER_PHOTOS_PAGE_SIZE;
  return {
    items: rows.slice(start, start + MEMBER_PHOTOS_PAGE_SIZE),
    total: rows.length,
    page: input.page,
    pageSize: MEMBER_PHOTOS_PAGE_SIZE,
  };
}

/**
 * docs/product.md#member-photo-rules: setting a manual override marks the photo completed with photo_version now. The
 * stored override is always our own copy: a URL is downloaded (never from an internal address), checked by content
 * and re-encoded, like an upload.
 */
function applyOverride(
  deps: OverrideDeps,
  member: Member,
  overrideUrl: string,
  given: string,
  actorAtWrite: () => string,
) {
  const before = findMemberPhoto(deps.db, member.type, member.id);
  const photo = deps.db.transaction((tx) => {
    const actorId = actorAtWrite();
    const id = upsertMemberPhoto(tx, member, {
      manualOverrideUrl: overrideUrl,
      processingStatus: 'completed',
      errorMessage: null,
      photoVersion: photoVersionNow(),
    });
    recordAudit(tx, {
      action: 'set_manual_override',
      tableName: 'member_photos',
      recordId: id,
      newValues: {
        memberId: member.id,
        memberType: member.type,
        manualOverrideUrl: overrideUrl,
        from: given,
      },
      actorId,
    });
    return findMemberPhoto(tx, member.type, member.id);
  });
  return { before, photo };
}

async function finishOverride(
  deps: OverrideDeps,
  member: Member,
  overrideUrl: string,
  given: string,
  actorAtWrite: () => string,
) {
  const { before, photo } = applyOverride(deps, member, overrideUrl, given, actorAtWrite);
  await removeStoredPhotos(deps.uploadsDir, [before?.manualOverrideUrl], [overrideUrl]);
  return { photoUrl: resolvePhotoUrl(photo ?? null) };
}

function refusedOverride(error: unknown): never {
  if (error instanceof FetchRefused || error instanceof PhotoRefused) {
    const reason = error instanceof PhotoRefused ? { key: photoFileMessages[error.reason] } : error.message;
    throw new DomainError('photo.unusable', { reason });
  }
  throw error;
}

export async function setManualOverride(deps: OverrideDeps, input: SetOverrideInput, actorId: string) {
  const member = requireMember(deps.db, input.memberType, input.memberId);
  // A path on this site is already ours to serve.
  if (input.url.startsWith('/')) return finishOverride(deps, member, input.url, input.url, () => actorId);
  const sources = sourceHosts(...deps.sourceUrls);
  let host: string;
  try {
    host = new URL(input.url).host;
  } catch {
    throw new DomainError('photo.invalidAddress', { address: input.url });
  }
  let stored: Awaited<ReturnType<typeof storeMemberPhoto>>;
  try {
    const fetched = await fetchLimited(input.url, {
      ...(sources.has(host) ? { allowedHosts: sources } : { publicAddressesOnly: true }),
      timeoutMs: OVERRIDE_FETCH_TIMEOUT_MS,
      maxBytes: MAX_PHOTO_BYTES,
      accept: 'image/*',
    });
    stored = await storeMemberPhoto(deps.uploadsDir, member, fetched.body, {
      keepOriginal: false,
      override: true,
    });
  } catch (error) {
    refusedOverride(error);
  }
  return finishOverride(deps, member, stored.webpUrl, input.url, () => actorId);
}

/** An uploaded file as the override (POST /api/admin/member-photos/...): checked by content, re-encoded. */
/**
 * An uploaded override. `actorAtWrite` gives the acting System Admin's id, checked again inside the write's
 * transaction with nothing awaited in between: the conversion can take seconds, and an admin deactivated or
 * signed out meanwhile writes nothing (it throws the refusal; the copy just stored is removed unless in use).
 */
export async function setUploadedOverride(
  deps: OverrideDeps,
  ref: MemberRef,
  image: Buffer,
  actorAtWrite: () => string,
) {
  const member = requireMember(deps.db, ref.memberType, ref.memberId);
  const stored = await storeMemberPhoto(deps.uploadsDir, member, image, {
    keepOriginal: false,
    override: true,
  });
  try {
    return await finishOverride(deps, member, stored.webpUrl, 'upload', actorAtWrite);
  } catch (error) {
    const inUse = findMemberPhoto(deps.db, member.type, member.id)?.manualOverrideUrl;
    await removeStoredPhotos(deps.uploadsDir, [stored.webpUrl], [inUse]);
    throw error;
  }
}

/**
 * docs/product.md#member-photo-rules: clearing the override sets the photo back to pending, with photo_version now.
 */
export async function clearManualOverride(deps: OverrideDeps, ref: MemberRef, actorId: string) {
  const member = requireMember(deps.db, ref.memberType, ref.memberId);
  const before = findMemberPhoto(deps.db, member.type, member.id);
  if (!before?.manualOverrideUrl) {
    throw new DomainError('photo.noOverride', { name: member.name });
  }
  const photo = deps.db.transaction((tx) => {
    upsertMemberPhoto(tx, member, {
      manualOverrideUrl: null,
      processingStatus: 'pending',
      photoVersion: photoVersionNow(),
    });
    recordAudit(tx, {
      action: 'clear_manual_override',
      tableName: 'member_photos',
      recordId: before.id,
      newValues: { memberId: member.id, memberType: member.type, manualOverrideUrl: null },
      actorId,
    });
    return findMemberPhoto(tx, member.type, member.id);
  });
  await removeStoredPhotos(deps.uploadsDir, [before.manualOverrideUrl]);
  return { photoUrl: resolvePhotoUrl(photo ?? null) };
}
