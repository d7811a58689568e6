import { z } from 'zod';
import { type LabelName, label, message } from '../i18n/error-messages';

export type { LabelName };

/** A row id (UUID). Anything else is rejected before it reaches a query. */
export const idSchema = z.uuid({ error: 'validation.id' });
export const byIdInput = z.strictObject({ id: idSchema });

/**
 * Optional free text: trimmed, control characters removed, stored as null when empty (docs/product.md#optional-text).
 */
export const optionalText = (max: number, name: LabelName) =>
  z
    .string()
    .max(max, message('validation.maxLength', { label: label(name), max }))
    .transform((value) => value.replace(/\p{Cc}/gu, '').trim())
    .transform((value) => (value === '' ? null : value))
    .nullish()
    .transform((value) => value ?? null);

/** Required text with the product's message when missing (docs/product.md#validation). */
export const requiredText = (max: number, missing: string, name: LabelName) =>
  z
    .string({ error: missing })
    .transform((value) => value.replace(/\p{Cc}/gu, '').trim())
    .pipe(
      z
        .string()
        .min(1, missing)
        .max(max, message('validation.maxLength', { label: label(name), max })),
    );

/** An http(s) URL or a path on this site (/uploads/...). */
export const urlOrPath = (name: LabelName) =>
  z
    .string()
    .trim()
    .max(2000, message('validation.labelTooLong', { label: label(name) }))
    // A path must be on this site: "//host/..." would load from another host.
    .refine((value) => value === '' || /^\/(?!\/)/.test(value) || /^https?:\/\/[^\s]+$/i.test(value), {
      message: message('validation.urlOrPath', { label: label(name) }),
    })
    .transform((value) => (value === '' ? null : value))
    .nullish()
    .transform((value) => value ?? null);

/**
 * A required text staff write in both languages (docs/decisions/021-bilingual-content.md): each language may be
 * left empty (stored as ''), and `oneLanguageRequired` refuses the pair when both are. Spread as `{ title, titleSo }`.
 */
export const textInEitherLanguage = (max: number, name: LabelName) =>
  z
    .string()
    .max(max, message('validation.maxLength', { label: label(name), max }))
    .transform((value) => value.replace(/\p{Cc}/gu, '').trim())
    .nullish()
    .transform((value) => value ?? '');

/**
 * The object-level check of a pair written by `textInEitherLanguage`: the product's "missing" sentence on the English
 * field when neither language is given. Runs beside the other fields' issues, so the form shows them together.
 */
export function oneLanguageRequired(english: string, somali: string, missing: string) {
  const check = (value: unknown) => {
    if (typeof value !== 'object' || value === null) return true;
    const record = value as Record<string, unknown>;
    return record[english] !== '' || record[somali] !== '';
  };
  const options: { message: string; path: PropertyKey[]; when: (payload: z.core.ParsePayload) => boolean } = {
    message: missing,
    path: [english],
    when: (payload) =>
      !payload.issues.some((issue) => issue.path?.[0] === english || issue.path?.[0] === somali),
  };
  return [check, options] as const;
}
