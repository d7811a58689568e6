import { z } from 'zod';
import {
  MAX_MEMBERS_PAGE_SIZE,
  MAX_SEARCH_LENGTH,
  MAX_SEAT_LENGTH,
  MEMBERS_PAGE_SIZE,
  seatNumber,
} from '../directory';
import { STATE_IDS } from '../federal-states';
import { message } from '../i18n/error-messages';
import { HOUSE_REGIONS, SENATE_STATES } from '../regions';
import { idSchema } from './common';

export const directoryMessages = {
  searchTooLong: message('validation.searchTooLong', { max: MAX_SEARCH_LENGTH }),
  unknownRegion: message('validation.unknownRegion', { regions: HOUSE_REGIONS.join(', ') }),
  unknownSenateState: message('validation.unknownSenateState', { states: SENATE_STATES.join(', ') }),
  unknownStateId: message('validation.unknownStateId', { ids: STATE_IDS.join(', ') }),
  badPage: 'validation.page',
  badPageSize: message('validation.pageSize', { max: MAX_MEMBERS_PAGE_SIZE }),
  badSeat: 'validation.seat',
} as const;

/** Free-text search: trimmed; an empty search means no search. */
const search = z
  .string()
  .trim()
  .max(MAX_SEARCH_LENGTH, directoryMessages.searchTooLong)
  .optional()
  .transform((value) => value || undefined);

export const membersInput = z
  .strictObject({
    search,
    region: z.enum(HOUSE_REGIONS, { error: directoryMessages.unknownRegion }).optional(),
    page: z.int({ error: directoryMessages.badPage }).min(1, directoryMessages.badPage).default(1),
    pageSize: z
      .int({ error: directoryMessages.badPageSize })
      .min(1, directoryMessages.badPageSize)
      .max(MAX_MEMBERS_PAGE_SIZE, directoryMessages.badPageSize)
      .default(MEMBERS_PAGE_SIZE),
  })
  .prefault({});
export type MembersInput = z.output<typeof membersInput>;

export const senatorsInput = z
  .strictObject({
    search,
    state: z.enum(SENATE_STATES, { error: directoryMessages.unknownSenateState }).optional(),
  })
  .prefault({});
export type SenatorsInput = z.output<typeof senatorsInput>;

export const stateRepresentativesInput = z.strictObject({
  stateId: z.enum(STATE_IDS, { error: directoryMessages.unknownStateId }),
});

/** A House seat as people write it (HOP012, hop 12, 12), read as the directory stores it (HOP#012). */
export const memberInput = z.strictObject({
  seat: z
    .string({ error: directoryMessages.badSeat })
    .max(MAX_SEAT_LENGTH, directoryMessages.badSeat)
    .transform((text, context) => {
      const seat = seatNumber(text);
      if (!seat) context.addIssue({ code: 'custom', message: directoryMessages.badSeat });
      return seat ?? z.NEVER;
    }),
});
export type MemberInput = z.output<typeof memberInput>;

export const senatorInput = z.strictObject({ id: idSchema });
export type SenatorInput = z.output<typeof senatorInput>;
