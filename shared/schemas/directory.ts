import { z } from 'zod';
import { MAX_MEMBERS_PAGE_SIZE, MAX_SEARCH_LENGTH, MEMBERS_PAGE_SIZE } from '../directory';
import { STATE_IDS } from '../federal-states';
import { message } from '../i18n/error-messages';
import { HOUSE_REGIONS, SENATE_STATES } from '../regions';

export const directoryMessages = {
  searchTooLong: message('validation.searchTooLong', { max: MAX_SEARCH_LENGTH }),
  unknownRegion: message('validation.unknownRegion', { regions: HOUSE_REGIONS.join(', ') }),
  unknownSenateState: message('validation.unknownSenateState', { states: SENATE_STATES.join(', ') }),
  unknownStateId: message('validation.unknownStateId', { ids: STATE_IDS.join(', ') }),
  badPage: 'validation.page',
  badPageSize: message('validation.pageSize', { max: MAX_MEMBERS_PAGE_SIZE }),
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
