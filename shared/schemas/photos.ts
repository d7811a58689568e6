import { z } from 'zod';
import { MAX_SEARCH_LENGTH } from '../directory';
import { MEMBER_TYPES, PHOTO_JOB_TYPES, PHOTO_STATUSES } from '../member-photos';
import { idSchema } from './common';

export const photoMessages = {
  unknownMemberType: 'Member type must be parliament or senate',
  unknownStatus: `Processing status must be one of ${PHOTO_STATUSES.join(', ')}`,
  unknownJobType: 'Job type must be refresh or missing_only',
  searchTooLong: `Search must be at most ${MAX_SEARCH_LENGTH} characters`,
  badPage: 'Page must be a whole number of at least 1',
  overrideRequired: 'Please enter the address of the photo.',
  overrideFormat:
    'The photo address must be a web address (https://...) or a path on this site (/uploads/...).',
  overrideTooLong: 'The photo address must be at most 2000 characters',
  scrapedNameRequired: 'Please enter the name as the source spells it.',
  scrapedNameTooLong: 'The name must be at most 200 characters',
  memberRequired: 'Please choose the member this name belongs to.',
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
