import { z } from 'zod';
import { MAX_SEARCH_LENGTH } from '../directory';
import { message } from '../i18n/error-messages';
import { MEMBER_TYPES, PHOTO_JOB_TYPES, PHOTO_STATUSES } from '../member-photos';
import { idSchema } from './common';

export const photoMessages = {
  unknownMemberType: 'validation.memberType',
  unknownStatus: message('validation.photoStatus', { statuses: PHOTO_STATUSES.join(', ') }),
  unknownJobType: 'validation.jobType',
  searchTooLong: message('validation.searchTooLong', { max: MAX_SEARCH_LENGTH }),
  badPage: 'validation.page',
  overrideRequired: 'validation.overrideRequired',
  overrideFormat: 'validation.overrideFormat',
  overrideTooLong: 'validation.overrideTooLong',
  scrapedNameRequired: 'validation.scrapedNameRequired',
  scrapedNameTooLong: 'validation.scrapedNameTooLong',
  memberRequired: 'validation.aliasMemberRequired',
} as const;

const memberType = z.enum(MEMBER_TYPES, { error: photoMessages.unknownMemberType });
const page = z.int({ error: photoMessages.badPage }).min(1, photoMessages.badPage).default(1);

/** One House member or senator: member_photos rows are keyed by both. */
export const memberRefInput = z.strictObject({ memberType, memberId: idSchema });
export type MemberRef = z.output<typeof memberRefInput>;

export const memberPhotosInput = z
  .strictObject({
    memberType: memberType.optional(),
    status: z.enum(PHOTO_STATUSES, { error: photoMessages.unknownStatus }).optional(),
    search: z
      .string()
      .trim()
      .max(MAX_SEARCH_LENGTH, photoMessages.searchTooLong)
      .optional()
      .transform((value) => value || undefined),
    page,
  })
  .prefault({});
export type MemberPhotosInput = z.output<typeof memberPhotosInput>;

export const setOverrideInput = memberRefInput.extend({
  url: z
    .string({ error: photoMessages.overrideRequired })
    .trim()
    .min(1, photoMessages.overrideRequired)
    .max(2000, photoMessages.overrideTooLong)
    // A path must stay on this site: "//host/..." would load from another host.
    .refine((value) => /^\/(?!\/)\S*$/.test(value) || /^https?:\/\/\S+$/i.test(value), {
      message: photoMessages.overrideFormat,
    }),
});
export type SetOverrideInput = z.output<typeof setOverrideInput>;

export const startJobInput = z.strictObject({
  jobType: z.enum(PHOTO_JOB_TYPES, { error: photoMessages.unknownJobType }),
});

export const photoJobsInput = z.strictObject({ page }).prefault({});

export const nameAliasInput = z.strictObject({
  scrapedName: z
    .string({ error: photoMessages.scrapedNameRequired })
    .transform((value) => value.replace(/\p{Cc}/gu, '').trim())
    .pipe(z.string().min(1, photoMessages.scrapedNameRequired).max(200, photoMessages.scrapedNameTooLong)),
  memberType: z.enum(MEMBER_TYPES, { error: photoMessages.memberRequired }),
  memberId: z.uuid({ error: photoMessages.memberRequired }),
});
export type NameAliasInput = z.output<typeof nameAliasInput>;
