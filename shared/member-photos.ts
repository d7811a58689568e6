/** The two houses a member photo belongs to (member_photos.member_type). */
export const MEMBER_TYPES = ['parliament', 'senate'] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];

export const PHOTO_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type PhotoStatus = (typeof PHOTO_STATUSES)[number];

export const PHOTO_JOB_TYPES = ['refresh', 'missing_only'] as const;
export type PhotoJobType = (typeof PHOTO_JOB_TYPES)[number];

export const PHOTO_JOB_STATUSES = ['pending', 'running', 'completed', 'failed'] as const;
export type PhotoJobStatus = (typeof PHOTO_JOB_STATUSES)[number];

/** docs/product.md#member-photos: recent photo jobs shown on the member photos page. */
export const RECENT_PHOTO_JOBS = 5;
/** Members per page on /admin/data-tools/member-photos. */
export const MEMBER_PHOTOS_PAGE_SIZE = 20;
/** Photo jobs per page on /admin/data-tools/photo-jobs. */
export const PHOTO_JOBS_PAGE_SIZE = 10;

export const MEMBER_TYPE_LABELS: Readonly<Record<MemberType, string>> = {
  parliament: 'House of the People',
  senate: 'Senate',
};

export const PHOTO_JOB_TYPE_LABELS: Readonly<Record<PhotoJobType, string>> = {
  refresh: 'Full refresh',
  missing_only: 'Missing photos only',
};

/**
 * The Federal Parliament's own sites. docs/product.md#member-photo-rules: photos there are never loaded by browsers
 * (it would tell them who is looking at whom, and our Content-Security-Policy refuses them); the refresh job copies
 * them into our storage instead.
 */
export const OFFICIAL_PARLIAMENT_HOSTS = ['parliament.gov.so', 'senate.gov.so'] as const;

export function isOfficialParliamentUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return OFFICIAL_PARLIAMENT_HOSTS.some((official) => host === official || host.endsWith(`.${official}`));
}

/** A URL a browser may load: a path on this site or an http(s) address, but not the parliament's. */
function loadable(url: string | null | undefined): url is string {
  if (!url) return false;
  if (/^\/(?!\/)/.test(url)) return true;
  return /^https?:\/\//i.test(url) && !isOfficialParliamentUrl(url);
}

export interface PhotoUrls {
  manualOverrideUrl: string | null;
  webpUrl: string | null;
  originalUrl: string | null;
  sourceUrl: string | null;
  photoVersion: number;
}

/**
 * docs/product.md#member-photo-rules: manual override, then webp, then original, then source, with ?v={photo_version}
 * appended so a changed photo is fetched again. `fallbackUrl` (the member's own image_url) is used only when the
 * photo record offers nothing loadable. Null means: show the initials avatar.
 */
export function resolvePhotoUrl(photo: PhotoUrls | null, fallbackUrl: string | null = null): string | null {
  if (photo) {
    const chosen = [photo.manualOverrideUrl, photo.webpUrl, photo.originalUrl, photo.sourceUrl].find(
      loadable,
    );
    if (chosen) return `${chosen}${chosen.includes('?') ? '&' : '?'}v=${photo.photoVersion}`;
  }
  return loadable(fallbackUrl) ? fallbackUrl : null;
}

/** One member_photos row as a finished job reports it (docs/product.md#member-photo-rules). */
export interface ScrapedMemberUpdate {
  member_id: string;
  member_name: string;
  member_type: MemberType;
  source_url: string | null;
  webp_url: string | null;
  original_url: string | null;
  alt_text: string | null;
  processing_status: PhotoStatus;
}

/** What a finished photo job reports (docs/product.md#member-photo-rules). */
export interface ScrapeResult {
  success: boolean;
  error: string | null;
  total_processed: number;
  successful_updates: number;
  failed_updates: number;
  errors: string[];
  updated_members: ScrapedMemberUpdate[];
}
