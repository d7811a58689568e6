import type { z } from 'zod';
import { messageText } from '../i18n/error-texts';

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
      errors[key] ??= messageText(issue.message);
    }
    return errors;
  };
}
