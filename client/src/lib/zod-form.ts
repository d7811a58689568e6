import type { z } from 'zod';
import { sharedText } from '../i18n/shared-messages';

/**
 * A Mantine form validator from a shared zod schema, so form and procedure share one set of messages,
 * shown in the reader's language.
 */
export function zodValidate<T>(schema: z.ZodType<unknown, T>) {
  return (values: T): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.');
      errors[key] ??= sharedText(issue.message);
    }
    return errors;
  };
}
