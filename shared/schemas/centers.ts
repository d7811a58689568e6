import { z } from 'zod';
import { contactPhoneE164 } from '../contact-phone';
import { type LabelName, label, message } from '../i18n/error-messages';
import { closesAfterOpens, type OpeningHours, TIME_OF_DAY, type Weekday } from '../opening-hours';
import { idSchema, oneLanguageRequired, optionalText, requiredText, textInEitherLanguage } from './common';

/**
 * A registration centre as staff write it (docs/product.md#district-and-center-forms): its name in either
 * language, code, place, capacity, and what a citizen needs to come: opening hours, a note on them in both
 * languages, a phone number and an e-mail address. Kept apart from the other admin schemas because the phone
 * rule carries libphonenumber's metadata, which only the centre form needs.
 */

const coordinate = (min: number, max: number, name: LabelName) =>
  z
    .number({ error: message('validation.notANumber', { label: label(name) }) })
    .min(min, message('validation.between', { label: label(name), min, max }))
    .max(max, message('validation.between', { label: label(name), min, max }))
    .nullish()
    .transform((value) => value ?? null);

const timeOfDay = (name: LabelName) =>
  z
    .string({ error: message('validation.timeOfDay', { label: label(name) }) })
    .regex(TIME_OF_DAY, message('validation.timeOfDay', { label: label(name) }));

const dayOpening = z
  .strictObject({
    day: z
      .number({ error: 'validation.weekday' })
      .int('validation.weekday')
      .min(0, 'validation.weekday')
      .max(6, 'validation.weekday')
      .transform((day) => day as Weekday),
    opens: timeOfDay('opens'),
    closes: timeOfDay('closes'),
  })
  .refine((opening) => closesAfterOpens(opening.opens, opening.closes), {
    message: 'validation.closesAfterOpens',
    path: ['closes'],
    // Only when both times are times: a malformed one has its own sentence.
    when: (payload) => payload.issues.length === 0,
  });

/** At most one opening per weekday, listed Sunday to Saturday whatever order they came in. */
export const openingHoursInput = z
  .array(dayOpening, { error: 'validation.invalidInput' })
  .max(7, 'validation.dayTwice')
  .superRefine((openings, ctx) => {
    const seen = new Set<number>();
    openings.forEach((opening, index) => {
      if (seen.has(opening.day)) {
        ctx.addIssue({ code: 'custom', message: 'validation.dayTwice', path: [index, 'day'] });
      }
      seen.add(opening.day);
    });
  })
  .transform((openings): OpeningHours => [...openings].sort((a, b) => a.day - b.day))
  .nullish()
  .transform((openings) => openings ?? []);

/** A number to call, in E.164; empty is none. Fixed lines count (contact-phone.ts). */
const contactPhone = z
  .string({ error: 'phone.invalid' })
  .max(40, 'phone.invalid')
  .transform((written, ctx) => {
    const value = written.replace(/\p{Cc}/gu, '').trim();
    if (value === '') return null;
    const e164 = contactPhoneE164(value);
    if (e164 === null) ctx.addIssue({ code: 'custom', message: 'phone.invalid' });
    return e164 ?? z.NEVER;
  })
  .nullish()
  .transform((value) => value ?? null);

const emailCheck = z.email();
/** An address to write to, kept in lower case; empty is none. */
const contactEmail = z
  .string({ error: 'validation.emailInvalid' })
  .max(254, 'validation.emailInvalid')
  .transform((written) =>
    written
      .replace(/\p{Cc}/gu, '')
      .trim()
      .toLowerCase(),
  )
  .refine((value) => value === '' || emailCheck.safeParse(value).success, 'validation.emailInvalid')
  .transform((value) => (value === '' ? null : value))
  .nullish()
  .transform((value) => value ?? null);

const centerFields = {
  // The centre's name in English and in Somali, at least one (docs/decisions/021-bilingual-content.md).
  name: textInEitherLanguage(150, 'name'),
  nameSo: textInEitherLanguage(150, 'name'),
  code: requiredText(30, 'validation.centerCodeRequired', 'code').transform((code) => code.toUpperCase()),
  address: optionalText(300, 'address'),
  districtId: idSchema.nullish().transform((value) => value ?? null),
  capacity: z
    .number({ error: 'validation.capacityWhole' })
    .int('validation.capacityWhole')
    .min(0, 'validation.capacityNegative')
    .max(1_000_000, 'validation.capacityTooLarge')
    .nullish()
    .transform((value) => value ?? null),
  latitude: coordinate(-90, 90, 'latitude'),
  longitude: coordinate(-180, 180, 'longitude'),
  isActive: z.boolean().default(true),
  openingHours: openingHoursInput,
  // Closed days and exceptions in words ("closed on public holidays"), in English and in Somali.
  hoursNote: optionalText(200, 'hoursNote'),
  hoursNoteSo: optionalText(200, 'hoursNote'),
  phone: contactPhone,
  email: contactEmail,
};
const centerNameInEitherLanguage = oneLanguageRequired('name', 'nameSo', 'validation.centerNameRequired');
export const centerInput = z.strictObject(centerFields).refine(...centerNameInEitherLanguage);
export const centerUpdateInput = z
  .strictObject({ ...centerFields, id: idSchema })
  .refine(...centerNameInEitherLanguage);
