import { z } from 'zod';

/** A row id (UUID). Anything else is rejected before it reaches a query. */
export const idSchema = z.uuid({ error: 'Invalid id' });
export const byIdInput = z.strictObject({ id: idSchema });

/** Optional free text: trimmed, control characters removed, stored as null when empty (SPEC §5). */
export const optionalText = (max: number, label: string) =>
  z
    .string()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((value) => value.replace(/\p{Cc}/gu, '').trim())
    .transform((value) => (value === '' ? null : value))
    .nullish()
    .transform((value) => value ?? null);

/** Required text with a spec message when missing. */
export const requiredText = (max: number, message: string, label: string) =>
  z
    .string({ error: message })
    .transform((value) => value.replace(/\p{Cc}/gu, '').trim())
    .pipe(z.string().min(1, message).max(max, `${label} must be at most ${max} characters`));

/** An http(s) URL or a path on this site (/uploads/...). */
export const urlOrPath = (label: string) =>
  z
    .string()
    .trim()
    .max(2000, `${label} is too long`)
    // A path must be on this site: "//host/..." would load from another host.
    .refine((value) => value === '' || /^\/(?!\/)/.test(value) || /^https?:\/\/[^\s]+$/i.test(value), {
      message: `${label} must be a web address (https://...) or a path on this site`,
    })
    .transform((value) => (value === '' ? null : value))
    .nullish()
    .transform((value) => value ?? null);
