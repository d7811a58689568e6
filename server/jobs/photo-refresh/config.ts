import type { MemberType } from '@shared/member-photos';
import type { Env } from '../../env';
import { MAX_PHOTO_BYTES } from '../../services/photos/photo-files';

export interface PhotoSource {
  type: MemberType;
  /** The first member listing page. */
  url: string;
  /** For the error log: "House of the People source". */
  label: string;
}

export interface PhotoJobConfig {
  sources: PhotoSource[];
  uploadsDir: string;
  pageTimeoutMs: number;
  imageTimeoutMs: number;
  maxPageBytes: number;
  maxImageBytes: number;
  /** Listing pages read per source at most: a loop of "next" links ends here. */
  maxPages: number;
  /** Photos downloaded at once: quick, yet gentle with the parliament's server. */
  concurrency: number;
}

export function photoJobConfig(env: Env, overrides: Partial<PhotoJobConfig> = {}): PhotoJobConfig {
  return {
    sources: [
      { type: 'parliament', url: env.PARLIAMENT_SOURCE_URL, label: 'House of the People source' },
      { type: 'senate', url: env.SENATE_SOURCE_URL, label: 'Senate source' },
    ],
    uploadsDir: env.UPLOADS_DIR,
    pageTimeoutMs: 20_000,
    imageTimeoutMs: 15_000,
    maxPageBytes: 5 * 1024 * 1024,
    maxImageBytes: MAX_PHOTO_BYTES,
    maxPages: 40,
    concurrency: 4,
    ...overrides,
  };
}
