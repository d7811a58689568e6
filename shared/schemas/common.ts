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
