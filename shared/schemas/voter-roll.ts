import { z } from 'zod';
import { message } from '../i18n/error-messages';
import {
  canonicalVoterCardNumber,
  ENROLLMENT_CODE_ALPHABET,
  ENROLLMENT_CODE_LENGTH,
  NAME_SEARCH_MAX_WORDS,
  nameSearchWords,
  normalizeEnrollmentCode,
  ROLL_REASON_MAX,
  VOTER_CARD_PATTERN,
  VOTER_STATUSES,
} from '../voter-roll';
import { idSchema } from './common';

/** The roll's validation sentences (keys of the errors namespace, roll.*). */
export const rollMessages = {
  voterCardInvalid: 'roll.voterCardInvalid',
  dateOfBirthInvalid: 'roll.dateOfBirthInvalid',
  dateOfBirthFuture: 'roll.dateOfBirthFuture',
  tooYoung: 'roll.tooYoung',
  tooOld: 'roll.tooOld',
  codeInvalid: 'roll.codeInvalid',
  reasonRequired: 'roll.reasonRequired',
  fullNameInvalid: 'roll.fullNameInvalid',
  nameSearchInvalid: 'roll.nameSearchInvalid',
} as const;

/** A voter must be 18 to enroll; a date more than 130 years back is a typing mistake. */
export const MIN_VOTER_AGE = 18;
export const MAX_VOTER_AGE = 130;
const NAME_MAX = 100;
/** Raw inputs are bounded before any work: a card number, a code or a date is never long. */
const RAW_MAX = 64;

const CODE_PATTERN = new RegExp(`^[${ENROLLMENT_CODE_ALPHABET}]{${ENROLLMENT_CODE_LENGTH}}$`);

/** As printed on the card, in any spelling; stored and compared in its canonical form (shared/voter-roll.ts). */
export const voterCardNumberSchema = z
  .string({ error: rollMessages.voterCardInvalid })
  .max(RAW_MAX, rollMessages.voterCardInvalid)
  .transform(canonicalVoterCardNumber)
  .pipe(z.string().regex(VOTER_CARD_PATTERN, rollMessages.voterCardInvalid));

/** A wrong code's sentence names the length and every character a code may hold ("A C E … 9"). */
export const ENROLLMENT_CODE_INVALID = message(rollMessages.codeInvalid, {
  length: ENROLLMENT_CODE_LENGTH,
  characters: ENROLLMENT_CODE_ALPHABET.split('').join(' '),
});

/** 8 characters of the code alphabet; spaces and dashes a person types are dropped, case ignored. */
export const enrollmentCodeSchema = z
  .string({ error: ENROLLMENT_CODE_INVALID })
  .max(RAW_MAX, ENROLLMENT_CODE_INVALID)
  .transform(normalizeEnrollmentCode)
  .pipe(z.string().regex(CODE_PATTERN, ENROLLMENT_CODE_INVALID));

/** Whole years between a 'YYYY-MM-DD' birth date and `now` (UTC calendar). */
export function ageOn(isoDate: string, now: Date): number {
  const [year = 0, month = 0, day = 0] = isoDate.split('-').map(Number);
  let age = now.getUTCFullYear() - year;
  const beforeBirthday =
    now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

/** A calendar date that exists ('2001-02-29' does not). */
export function isRealDate(isoDate: string): boolean {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === isoDate;
}

/** 'YYYY-MM-DD', a real date, not in the future, of someone between 18 and 130 years old today. */
export const dateOfBirthSchema = z
  .string({ error: rollMessages.dateOfBirthInvalid })
  .max(RAW_MAX, rollMessages.dateOfBirthInvalid)
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, rollMessages.dateOfBirthInvalid)
      .refine(isRealDate, { message: rollMessages.dateOfBirthInvalid, abort: true })
      .refine((value) => new Date(`${value}T00:00:00Z`).getTime() <= Date.now(), {
        message: rollMessages.dateOfBirthFuture,
        abort: true,
      })
      .refine((value) => ageOn(value, new Date()) >= MIN_VOTER_AGE, {
        message: message(rollMessages.tooYoung, { min: MIN_VOTER_AGE }),
        abort: true,
      })
      .refine((value) => ageOn(value, new Date()) <= MAX_VOTER_AGE, {
        message: message(rollMessages.tooOld, { max: MAX_VOTER_AGE }),
      }),
  );

/** Why an entry is rejected or a voter suspended: required, trimmed, control characters removed. */
export const rollReasonSchema = z
  .string({ error: rollMessages.reasonRequired })
  .transform((value) => value.replace(/\p{Cc}/gu, '').trim())
  .pipe(
    z
      .string()
      .min(1, rollMessages.reasonRequired)
      .max(ROLL_REASON_MAX, message('roll.reasonTooLong', { max: ROLL_REASON_MAX })),
  );

/** The name as written on the identity document, when it differs from the account's. */
const fullNameSchema = z
  .string({ error: rollMessages.fullNameInvalid })
  .transform((value) => value.replace(/\p{Cc}/gu, '').trim())
  .pipe(z.string().max(NAME_MAX, message('roll.fullNameTooLong', { max: NAME_MAX })))
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** enrollment.claim: an entry imported from the commission's roll, by card number and date of birth. */
export const claimInput = z.strictObject({
  voterCardNumber: voterCardNumberSchema,
  dateOfBirth: dateOfBirthSchema,
});
export type ClaimInput = z.output<typeof claimInput>;

/** registrar.lookupCode: who is behind a code the citizen shows. */
export const lookupCodeInput = z.strictObject({ code: enrollmentCodeSchema });

/** registrar.enroll: the registrar's record of a citizen seen in person. */
export const enrollInput = z.strictObject({
  code: enrollmentCodeSchema,
  voterCardNumber: voterCardNumberSchema,
  districtId: idSchema,
  centerId: idSchema,
  fullName: fullNameSchema,
});
export type EnrollInput = z.output<typeof enrollInput>;

/**
 * supervisor.approve: when other entries share the name and the date of birth or district, the supervisor
 * must say they compared them (`acknowledgeDuplicates: true`), or the approval is refused with the count.
 */
export const approveInput = z.strictObject({
  id: idSchema,
  acknowledgeDuplicates: z.boolean({ error: 'validation.invalidInput' }).optional(),
});
export const rejectInput = z.strictObject({ id: idSchema, reason: rollReasonSchema });
export const suspendInput = z.strictObject({ voterId: idSchema, reason: rollReasonSchema });
export const reinstateInput = z.strictObject({ voterId: idSchema });
export const searchVoterInput = z.strictObject({ voterCardNumber: voterCardNumberSchema });
/**
 * supervisor.searchByName: the words of a name in any order (each at least 2 letters, the last may be the start
 * of a word), optionally one district and one status; `after` is the previous page's nextAfter.
 */
export const searchByNameInput = z.strictObject({
  name: z
    .string({ error: rollMessages.nameSearchInvalid })
    .max(NAME_MAX, rollMessages.nameSearchInvalid)
    .transform(nameSearchWords)
    .refine(
      (words) =>
        words.length > 0 && words.length <= NAME_SEARCH_MAX_WORDS && words.every((word) => word.length >= 2),
      rollMessages.nameSearchInvalid,
    ),
  districtId: idSchema.optional(),
  status: z.enum(VOTER_STATUSES, { error: 'validation.invalidInput' }).optional(),
  after: z
    .number({ error: 'validation.invalidInput' })
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER)
    .optional(),
});
/**
 * supervisor.resolveFlag: `id` is a flagged card's group (the entry's id, as supervisor.flags lists it) or any
 * one of its flags; every open flag of the card is resolved. The note is optional.
 */
export const resolveFlagInput = z.strictObject({ id: idSchema, note: rollReasonSchema.optional() });

/** supervisor.flags: newest first; `cursor` is the previous page's nextCursor. */
export const flagsInput = z
  .strictObject({
    cursor: z
      .string({ error: 'validation.invalidInput' })
      .regex(/^\d{1,15}:[0-9a-fA-F-]{36}$/, 'validation.invalidInput')
      .optional(),
  })
  .optional()
  .transform((value) => value ?? {});

/** supervisor.pending: oldest first, 100 at a time; `after` is the last id of the previous page. */
export const pendingInput = z
  .strictObject({ after: idSchema.optional() })
  .optional()
  .transform((value) => value ?? {});
